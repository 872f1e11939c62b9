import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { UsageError } from './errors';

/**
 * Native addons (and binary or data packages) a function may declare (`nativeModules` in
 * functions/routes.ts), each with the packages its bundle needs on Lambda: the module itself (its
 * runtime `dependencies` follow) and the prebuilt linux-x64 glibc binaries, which npm installs
 * only on a linux x64 machine.
 */
export const NATIVE_MODULES = {
  argon2: { module: '@node-rs/argon2', binaries: ['@node-rs/argon2-linux-x64-gnu'] },
  sharp: { module: 'sharp', binaries: ['@img/sharp-linux-x64', '@img/sharp-libvips-linux-x64'] },
  // a static ffmpeg executable, not an addon: the package finds the binary package beside it
  ffmpeg: { module: '@ffmpeg-installer/ffmpeg', binaries: ['@ffmpeg-installer/linux-x64'] },
  // font files the renderers draw text with (no system fonts on Lambda); read by path, never imported
  fonts: { module: 'dejavu-fonts-ttf', binaries: [] },
  // the PDF's emoji (monochrome Noto Emoji), for the characters DejaVu lacks; read by path too
  emojiFont: { module: '@expo-google-fonts/noto-emoji', binaries: [] },
  // a Chromium built for Lambda, shipped inside the package (brotli, unpacked to /tmp when used)
  chromium: { module: '@sparticuz/chromium', binaries: [] },
  // left unbundled: it reads its own package files at run time
  playwright: { module: 'playwright-core', binaries: [] },
} as const satisfies Record<string, { module: string; binaries: readonly string[] }>;

export type NativeModule = keyof typeof NATIVE_MODULES;

/** node_modules cannot supply a native module's linux-x64 build (see UsageError). */
export class NativeModulesError extends UsageError {
  override readonly name = 'NativeModulesError';
}

/** A package to ship, by its folder relative to the project root (`node_modules/...`). */
export interface ShippedPackage {
  readonly name: string;
  readonly version: string;
  readonly path: string;
}

const PackageJson = z.object({
  version: z.string(),
  dependencies: z.record(z.string(), z.string()).optional(),
  optionalDependencies: z.record(z.string(), z.string()).optional(),
});

function readPackageJson(dir: string): z.output<typeof PackageJson> {
  return PackageJson.parse(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')));
}

/** Node's lookup without `exports`: node_modules folders from `fromDir` up to the project root. */
function findPackage(name: string, fromDir: string, projectRoot: string): string | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === projectRoot || dir === path.dirname(dir)) return undefined;
  }
}

/**
 * Every package the declared native modules need at run time, as this node_modules holds them:
 * each module with its `dependencies`, transitively (optional ones are the other platforms'
 * binaries), plus its linux-x64 binary packages. Throws NativeModulesError, in one line, when a
 * binary is missing (npm on macOS or arm64 installs its own platform's) or is not the version
 * the module pins.
 */
export function nativeModulePackages(modules: readonly NativeModule[], nodeModulesDir: string): ShippedPackage[] {
  const projectRoot = path.dirname(path.resolve(nodeModulesDir));
  const shipped = new Map<string, ShippedPackage>();
  const missing: string[] = [];
  const mismatched: string[] = [];

  const visit = (name: string, fromDir: string): z.output<typeof PackageJson> | undefined => {
    const dir = findPackage(name, fromDir, projectRoot);
    if (!dir) {
      missing.push(name);
      return undefined;
    }
    const pkg = readPackageJson(dir);
    const relative = path.relative(projectRoot, dir);
    if (shipped.has(relative)) return pkg;
    shipped.set(relative, { name, version: pkg.version, path: relative });
    for (const dependency of Object.keys(pkg.dependencies ?? {})) visit(dependency, dir);
    return pkg;
  };

  for (const key of new Set(modules)) {
    const { module, binaries } = NATIVE_MODULES[key];
    const pkg = visit(module, projectRoot);
    for (const binary of binaries) {
      const found = visit(binary, projectRoot);
      // The JS half loads the binary built for it: both come from the same release.
      const pinned = pkg?.optionalDependencies?.[binary];
      if (found && pinned && /^\d+\.\d+\.\d+$/.test(pinned) && pinned !== found.version) {
        mismatched.push(`${binary}@${found.version} (${module} wants ${pinned})`);
      }
    }
  }
  if (missing.length > 0) {
    throw new NativeModulesError(
      `node_modules has no ${missing.join(', ')}: Lambda needs the linux-x64 builds of native modules, which npm installs only on linux x64 (glibc), so run npm ci and cdk on linux x64 (e.g. CI).`,
    );
  }
  if (mismatched.length > 0) {
    throw new NativeModulesError(`node_modules has ${mismatched.join(', ')}: run npm ci.`);
  }
  return [...shipped.values()];
}

/** POSIX single-quoting: the path reaches `bash -c` unchanged, whatever it contains. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * Shell commands copying the packages into the bundle folder at the same relative paths, so
 * Node's resolution from `index.mjs` finds them as it does in the repository (a nested
 * `node_modules` travels with its parent). No npm install: nothing is fetched.
 */
export function copyPackagesCommands(packages: readonly ShippedPackage[], projectRoot: string, outputDir: string): string[] {
  const inside = (child: string, parent: string) => child.startsWith(parent + path.sep);
  return packages
    .filter((pkg) => !packages.some((other) => inside(pkg.path, other.path)))
    .map((pkg) => {
      const target = path.join(outputDir, pkg.path);
      // -L: a symlinked package (npm link, workspaces) is copied as files, not as a dangling link.
      return `mkdir -p ${shellQuote(path.dirname(target))} && cp -RL ${shellQuote(path.join(projectRoot, pkg.path))} ${shellQuote(target)}`;
    });
}

/** The esbuild metafile NodejsFunction writes next to the bundle when `metafile` is on. */
export const METAFILE = 'index.meta.json';

// Runs in a child `node -e` after esbuild: argv = [metafile, entry, "key=module", ...]. Kept
// free of single quotes, as the shell command quotes it with them.
const IMPORT_CHECK_SCRIPT = [
  'const fs = require("node:fs");',
  'const [file, entry, ...undeclared] = process.argv.slice(1);',
  'const meta = JSON.parse(fs.readFileSync(file, "utf8"));',
  'fs.rmSync(file);',
  'const imported = Object.values(meta.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));',
  'const found = undeclared.map((pair) => pair.split("=")).filter(([, m]) => imported.some((p) => p === m || p.startsWith(m + "/")));',
  'if (found.length > 0) {',
  '  const keys = found.map(([key]) => key);',
  '  console.error("stepcast: " + entry + " imports the native module(s) " + found.map(([, m]) => m).join(", ") + ", which Lambda cannot load from this bundle: add nativeModules: " + JSON.stringify(keys) + " to its FUNCTIONS entry in functions/routes.ts.");',
  '  process.exit(1);',
  '}',
].join('\n');

/**
 * A shell command that fails the bundling when the bundle imports a native module the function
 * did not declare (it would fail at cold start: esbuild leaves them external), and removes the
 * metafile from the bundle either way.
 */
export function undeclaredImportsCommand(outputDir: string, entry: string, declared: readonly NativeModule[]): string {
  const undeclared = (Object.keys(NATIVE_MODULES) as NativeModule[])
    .filter((key) => !declared.includes(key))
    .map((key) => `${key}=${NATIVE_MODULES[key].module}`);
  // The Node.js running this synth: no PATH lookup.
  return [process.execPath, '-e', IMPORT_CHECK_SCRIPT, path.join(outputDir, METAFILE), entry, ...undeclared].map(shellQuote).join(' ');
}
