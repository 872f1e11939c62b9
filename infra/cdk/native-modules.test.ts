import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StepcastFunction } from './constructs/stepcast-function';
import {
  METAFILE,
  NativeModulesError,
  copyPackagesCommands,
  nativeModulePackages,
  undeclaredImportsCommand,
  type NativeModule,
} from './native-modules';
import { fromRoot } from './paths';
import { testApp } from './test-support';

/** The linux-x64 binaries are in node_modules only where npm ran on linux x64. */
const LINUX_X64 = process.platform === 'linux' && process.arch === 'x64';
const FIXTURE = 'infra/cdk/fixtures/native-handler.ts';

const temporary: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** A project folder whose node_modules holds these packages (folder under node_modules → package.json). */
function fakeNodeModules(packages: Record<string, Record<string, unknown>>): string {
  const nodeModules = path.join(tempDir('stepcast-project-'), 'node_modules');
  for (const [folder, pkg] of Object.entries(packages)) {
    mkdirSync(path.join(nodeModules, folder), { recursive: true });
    writeFileSync(path.join(nodeModules, folder, 'package.json'), JSON.stringify(pkg));
  }
  return nodeModules;
}

/** As npm leaves it on an arm64 Mac: the JS half and the darwin binary, no linux one. */
const MAC_ARGON2 = {
  '@node-rs/argon2': {
    version: '2.2.1',
    optionalDependencies: { '@node-rs/argon2-darwin-arm64': '2.2.1', '@node-rs/argon2-linux-x64-gnu': '2.2.1' },
  },
  '@node-rs/argon2-darwin-arm64': { version: '2.2.1' },
};

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(NativeModulesError);
    if (!(error instanceof Error)) throw error;
    return error.message;
  }
  throw new Error('nothing was thrown');
}

describe('native module packages', () => {
  it.runIf(LINUX_X64)('argon2: the module and its linux-x64 glibc binary', () => {
    const packages = nativeModulePackages(['argon2'], fromRoot('node_modules'));
    expect(packages.map((pkg) => pkg.path).sort()).toEqual([
      path.join('node_modules', '@node-rs', 'argon2'),
      path.join('node_modules', '@node-rs', 'argon2-linux-x64-gnu'),
    ]);
  });

  it.runIf(LINUX_X64)("sharp: the module, its runtime dependencies and the linux-x64 binaries, no other platform's", () => {
    const packages = nativeModulePackages(['sharp'], fromRoot('node_modules'));
    expect(packages.map((pkg) => pkg.name).sort()).toEqual([
      '@img/colour',
      '@img/sharp-libvips-linux-x64',
      '@img/sharp-linux-x64',
      'detect-libc',
      'semver',
      'sharp',
    ]);
  });

  it.runIf(LINUX_X64)('ffmpeg and fonts: the installer with its linux-x64 binary package, and the font files', () => {
    const packages = nativeModulePackages(['ffmpeg', 'fonts'], fromRoot('node_modules'));
    expect(packages.map((pkg) => pkg.name).sort()).toEqual(['@ffmpeg-installer/ffmpeg', '@ffmpeg-installer/linux-x64', 'dejavu-fonts-ttf']);
    expect(existsSync(fromRoot('node_modules/@ffmpeg-installer/linux-x64/ffmpeg'))).toBe(true);
    expect(existsSync(fromRoot('node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))).toBe(true);
  });

  it('fails in one line naming the missing binary where npm installed another platform', () => {
    const message = messageOf(() => nativeModulePackages(['argon2'], fakeNodeModules(MAC_ARGON2)));
    expect(message).toMatch(/^node_modules has no @node-rs\/argon2-linux-x64-gnu: .*linux x64/);
    expect(message).not.toContain('\n');
  });

  it('fails when a binary is not the version its module pins', () => {
    const nodeModules = fakeNodeModules({ ...MAC_ARGON2, '@node-rs/argon2-linux-x64-gnu': { version: '2.2.0' } });
    expect(messageOf(() => nativeModulePackages(['argon2'], nodeModules))).toMatch(
      /@node-rs\/argon2-linux-x64-gnu@2\.2\.0 \(@node-rs\/argon2 wants 2\.2\.1\)/,
    );
  });

  it('follows dependencies as Node resolves them, a nested copy first, and copies nested ones with their parent', () => {
    const nodeModules = fakeNodeModules({
      sharp: { version: '0.35.5', dependencies: { semver: '^7', 'detect-libc': '^2' } },
      'sharp/node_modules/semver': { version: '7.8.6' },
      semver: { version: '5.0.0' },
      'detect-libc': { version: '2.1.2' },
      '@img/sharp-linux-x64': { version: '0.35.5' },
      '@img/sharp-libvips-linux-x64': { version: '1.3.4' },
    });
    const packages = nativeModulePackages(['sharp'], nodeModules);
    expect(packages.find((pkg) => pkg.name === 'semver')).toMatchObject({
      version: '7.8.6',
      path: path.join('node_modules', 'sharp', 'node_modules', 'semver'),
    });

    const out = tempDir('stepcast-bundle-');
    const commands = copyPackagesCommands(packages, path.dirname(nodeModules), out);
    expect(commands).toHaveLength(4);
    for (const command of commands) expect(spawnSync('bash', ['-c', command]).status).toBe(0);
    for (const folder of ['sharp/node_modules/semver', 'detect-libc', '@img/sharp-linux-x64', '@img/sharp-libvips-linux-x64']) {
      expect(existsSync(path.join(out, 'node_modules', folder, 'package.json')), folder).toBe(true);
    }
    expect(existsSync(path.join(out, 'node_modules', 'semver'))).toBe(false);
  });
});

describe('the undeclared native import check', () => {
  function check(imports: string[], declared: NativeModule[]) {
    const dir = tempDir('stepcast-bundle-');
    const outputs = { 'index.mjs': { imports: imports.map((p) => ({ path: p, kind: 'import-statement', external: true })) } };
    writeFileSync(path.join(dir, METAFILE), JSON.stringify({ outputs }));
    const command = undeclaredImportsCommand(dir, 'functions/http/guides/index.ts', declared);
    const result = spawnSync('bash', ['-c', command], { encoding: 'utf8' });
    return { status: result.status, stderr: result.stderr, metafileLeft: existsSync(path.join(dir, METAFILE)) };
  }

  it('fails the bundling, naming the module and the fix, when a bundle imports a native module it did not declare', () => {
    const result = check(['@node-rs/argon2', 'sharp', '@aws-sdk/client-s3'], ['argon2']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('functions/http/guides/index.ts imports the native module(s) sharp,');
    expect(result.stderr).toContain('add nativeModules: ["sharp"] to its FUNCTIONS entry in functions/routes.ts');
  });

  it('passes declared native modules and other externals, and removes the metafile from the bundle', () => {
    expect(check(['@node-rs/argon2', '@aws-sdk/client-s3'], ['argon2'])).toEqual({ status: 0, stderr: '', metafileLeft: false });
  });
});

describe('a function with native modules', () => {
  it('fails the synth in one line, before bundling, where node_modules lacks the linux-x64 binaries', () => {
    const stack = new Stack(new App({ outdir: tempDir('stepcast-cdk-') }), 'native');
    expect(
      messageOf(
        () =>
          new StepcastFunction(stack, 'Fn', {
            entry: FIXTURE,
            nativeModules: ['argon2'],
            nodeModulesDir: fakeNodeModules(MAC_ARGON2),
          }),
      ),
    ).toMatch(/^node_modules has no @node-rs\/argon2-linux-x64-gnu/);
  });

  it('needs no binaries when its stack is not bundled (assertion tests, deploying another stack)', () => {
    const stack = new Stack(testApp(), 'native');
    const fn = new StepcastFunction(stack, 'Fn', { entry: FIXTURE, nativeModules: ['argon2'], nodeModulesDir: fakeNodeModules(MAC_ARGON2) });
    expect(fn.architecture.name).toBe('x86_64');
  });

  describe.runIf(LINUX_X64)('bundled as for Lambda', () => {
    function bundle(nativeModules: NativeModule[]): string {
      const outdir = tempDir('stepcast-cdk-');
      new StepcastFunction(new Stack(new App({ outdir }), 'native'), 'Fn', { entry: FIXTURE, nativeModules });
      const bundles = readdirSync(outdir).filter((name) => existsSync(path.join(outdir, name, 'index.mjs')));
      expect(bundles).toHaveLength(1);
      return path.join(outdir, bundles[0]!);
    }

    it('loads from the bundle folder alone: argon2 hashes and verifies, sharp reads image metadata', () => {
      const dir = bundle(['argon2', 'sharp']);
      expect(existsSync(path.join(dir, METAFILE))).toBe(false);
      // Out of the repository (a temporary folder), only the bundle's own node_modules can resolve.
      const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(path.join(dir, 'index.mjs')).href)});
        console.log(JSON.stringify(await handler()));`;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      const result = z
        .object({ verified: z.boolean(), width: z.number(), height: z.number(), format: z.string() })
        .parse(JSON.parse(run.stdout));
      expect(result).toEqual({ verified: true, width: 3, height: 2, format: 'png' });
    }, 60_000);

    it('fails the bundling when the handler imports a native module it did not declare', () => {
      expect(() => bundle(['argon2'])).toThrow(/Failed to bundle asset native\/Fn/);
    }, 60_000);
  });
});
