/**
 * Builds the capture extension:
 *
 *   npx tsx extension/build.ts            → extension/dist/ (load unpacked) and
 *                                           extension/dist/stepcast-extension.zip (the store's)
 *
 * Environment: STEPCAST_APP_ORIGIN (default http://localhost:3000) is the app the extension
 * talks to, and STEPCAST_UPLOAD_ORIGINS (comma-separated, optional) adds host permissions for an
 * asset bucket on another site. The unpacked build carries the development key (a fixed id,
 * shared/extension.ts); the zip leaves it out for the store.
 */
import { mkdir, readFile, readdir, rm, writeFile, copyFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import sharp from 'sharp';
import { writeFinderModule } from './build-finder';
import { buildManifest } from './manifest';
import { zip } from './zip';

const ROOT = import.meta.dirname;
export const DIST = path.join(ROOT, 'dist');
export const ZIP_NAME = 'stepcast-extension.zip';

/** The toolbar icon: the product's mark (web/src/components/brand/logo.tsx) on its own. */
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="8" fill="#4338ca"/>
<path d="M9 21.5h5.5v-5H20v-5h4" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>
<circle cx="9" cy="21.5" r="2.4" fill="#fb7185"/>
</svg>`;
const ICON_SIZES = [16, 32, 48, 128];

function parseOrigin(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an origin such as https://stepcast.example.com, not "${value}".`);
  }
  if (url.origin !== value.replace(/\/$/, '') || !/^https?:$/.test(url.protocol)) throw new Error(`${name} must be an http(s) origin without a path, not "${value}".`);
  return url.origin;
}

export interface BuildOptions {
  appOrigin?: string;
  uploadOrigins?: string[];
  outDir?: string;
  /** skip the store zip (tests that only load the folder) */
  zip?: boolean;
}

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(full, base)));
    else files.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return files.sort();
}

export async function buildExtension(options: BuildOptions = {}): Promise<{ outDir: string; zipPath: string | null; appOrigin: string }> {
  const appOrigin = parseOrigin(options.appOrigin ?? process.env.STEPCAST_APP_ORIGIN ?? 'http://localhost:3000', 'STEPCAST_APP_ORIGIN');
  const uploadOrigins = (options.uploadOrigins ?? (process.env.STEPCAST_UPLOAD_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean)).map((o) =>
    parseOrigin(o, 'STEPCAST_UPLOAD_ORIGINS'),
  );
  const outDir = options.outDir ?? DIST;
  const { version } = JSON.parse(await readFile(path.join(ROOT, '..', 'package.json'), 'utf8')) as { version: string };

  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.join(outDir, 'icons'), { recursive: true });

  const common = {
    bundle: true,
    minify: true,
    sourcemap: 'linked' as const,
    target: 'chrome120',
    legalComments: 'none' as const,
    define: { __STEPCAST_APP_ORIGIN__: JSON.stringify(appOrigin) },
    logLevel: 'warning' as const,
  };
  await Promise.all([
    build({ ...common, entryPoints: { background: path.join(ROOT, 'src/background/index.ts') }, format: 'esm', outdir: outDir }),
    build({ ...common, entryPoints: { popup: path.join(ROOT, 'src/popup/index.ts') }, format: 'esm', outdir: outDir }),
    // Content scripts are classic scripts: one IIFE, as small as possible (it runs in every frame).
    build({ ...common, entryPoints: { content: path.join(ROOT, 'src/content/index.ts') }, format: 'iife', outdir: outDir }),
    // The drift worker runs the overlay's finder in the pages it replays (build-finder.ts).
    writeFinderModule(),
  ]);
  await copyFile(path.join(ROOT, 'static/popup.html'), path.join(outDir, 'popup.html'));
  await copyFile(path.join(ROOT, 'static/popup.css'), path.join(outDir, 'popup.css'));
  await Promise.all(ICON_SIZES.map((size) => sharp(Buffer.from(ICON_SVG), { density: 72 * (size / 32) * 2 }).resize(size, size).png().toFile(path.join(outDir, 'icons', `icon-${size}.png`))));

  const manifest = buildManifest({ version, appOrigin, uploadOrigins });
  await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  let zipPath: string | null = null;
  if (options.zip !== false) {
    const files = (await listFiles(outDir)).filter((file) => !file.endsWith('.map') && file !== ZIP_NAME);
    const entries = await Promise.all(
      files.map(async (name) => ({
        name,
        data: name === 'manifest.json' ? Buffer.from(`${JSON.stringify(buildManifest({ version, appOrigin, uploadOrigins, withKey: false }), null, 2)}\n`) : await readFile(path.join(outDir, name)),
      })),
    );
    zipPath = path.join(outDir, ZIP_NAME);
    await writeFile(zipPath, zip(entries));
  }
  return { outDir, zipPath, appOrigin };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const started = performance.now();
  const result = await buildExtension();
  console.log(`Extension for ${result.appOrigin} built in ${((performance.now() - started) / 1000).toFixed(1)} s → ${path.relative(process.cwd(), result.outDir)}/ (load unpacked)${result.zipPath ? ` and ${path.relative(process.cwd(), result.zipPath)}` : ''}`);
}
