import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, openSync, readSync, closeSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { FUNCTIONS, WORKERS } from '../../functions/routes';
import { handlerOf, kindName, lambdaEnvironment, readAssemblyFunctions, regionOf, TEST_STAGES, type AssemblyFunction } from './assembly';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the cloud assembly `npm test` synthesised (tests/support/assembly-setup.ts) */
    assemblyDir: string;
  }
}

/**
 * What ships is what loads: every Stepcast Lambda of the synthesised assembly (both of npm test's
 * stages) copied alone into an empty folder, with no node_modules above it, and imported by a
 * fresh Node process given exactly the environment Lambda would give it (its template's variables
 * and the runtime's own, nothing of this machine's) must export its handler. The AWS SDK is in
 * every bundle (stepcast-function.ts says why), so no runtime SDK is provided either. Binaries a
 * bundle ships must be executable. (This machine runs Node 20; Lambda runs 22, which the bundles
 * target: esbuild lowers nothing Node 20 lacks.)
 */
const functions = readAssemblyFunctions(inject('assemblyDir'));
const sandbox = mkdtempSync(path.join(os.tmpdir(), 'stepcast-bundles-'));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

/** Each bundle folder copied once (the stages share bundles), alone. */
const copies = new Map<string, string>();
function copyAlone(fn: AssemblyFunction): string {
  let copy = copies.get(fn.assetDir);
  if (!copy) {
    copy = path.join(sandbox, `task-${copies.size}`);
    cpSync(fn.assetDir, copy, { recursive: true });
    copies.set(fn.assetDir, copy);
  }
  return copy;
}

// Imports the handler's file and reports whether the export is a function, and how long the import took.
const LOADER = [
  'const [file, name] = process.argv.slice(1);',
  'const t0 = performance.now();',
  'const module = await import(file);',
  'const ms = performance.now() - t0;',
  'process.stdout.write(JSON.stringify({ type: typeof module[name], ms: Math.round(ms) }));',
].join('\n');

function load(fn: AssemblyFunction, taskRoot: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const { file, exportName } = handlerOf({ assetDir: taskRoot, handler: fn.handler });
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', LOADER, pathToFileURL(file).href, exportName], {
      cwd: taskRoot,
      env: lambdaEnvironment(fn, taskRoot, regionOf(fn)),
      timeout: 60_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const ELF = Buffer.from([0x7f, 0x45, 0x4c, 0x46]);
const ELF_TYPE_EXECUTABLE = 2;
const ELF_TYPE_SHARED = 3;
const PT_INTERP = 3;

/**
 * Whether a file is a program to run: a 64-bit ELF executable, static or dynamic (a shared object
 * with an interpreter, as position-independent executables are), not a library or an addon, which
 * are loaded rather than run and need no mode bit. Other platforms' prebuilt files count too: a
 * program shipped is a program that must run.
 */
function isProgram(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(64);
    if (readSync(fd, header, 0, 64, 0) < 64 || !header.subarray(0, 4).equals(ELF) || header[4] !== 2) return false;
    const type = header.readUInt16LE(16);
    if (type === ELF_TYPE_EXECUTABLE) return true;
    if (type !== ELF_TYPE_SHARED) return false;
    const offset = Number(header.readBigUInt64LE(32));
    const size = header.readUInt16LE(54);
    const count = header.readUInt16LE(56);
    const table = Buffer.alloc(size * count);
    readSync(fd, table, 0, table.length, offset);
    return Array.from({ length: count }, (_, i) => table.readUInt32LE(i * size)).includes(PT_INTERP);
  } finally {
    closeSync(fd);
  }
}

/** Programs a bundle ships. */
function shippedExecutables(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((relative) => path.join(dir, relative))
    .filter((file) => statSync(file).isFile() && isProgram(file));
}

describe('the synthesised assembly', () => {
  it('holds every Stepcast function of both stages: each API function and worker, the edge function and the invalidation worker', () => {
    for (const stage of TEST_STAGES) {
      const names = functions.filter((fn) => fn.stage === stage).map((fn) => kindName(fn.kind)).sort();
      expect(names).toEqual(
        [...Object.keys(FUNCTIONS).map((n) => `api ${n}`), ...Object.keys(WORKERS).map((n) => `worker ${n}`), 'edge', 'invalidation'].sort(),
      );
    }
  });
});

// Two loads at a time: each is a Node process of its own, mostly waiting on the disk.
describe.concurrent.each(functions.map((fn) => [`${fn.stage} ${kindName(fn.kind)}`, fn] as const))('%s, its bundle copied alone', (_name, fn) => {
  it('loads with exactly the environment Lambda gives it, and exports its handler', { timeout: 120_000 }, async () => {
    const taskRoot = copyAlone(fn);
    expect(existsSync(path.join(path.dirname(taskRoot), 'node_modules'))).toBe(false);
    const result = await load(fn, taskRoot);
    expect({ status: result.status, stderr: result.stderr.split('\n').filter((line) => !/NodeVersionSupportWarning|node >=22|a\.co\/|--trace-warnings|^\s*$|versions published|To continue receiving|and security updates|More information/.test(line)) }).toEqual({
      status: 0,
      stderr: [],
    });
    expect(JSON.parse(result.stdout)).toMatchObject({ type: 'function' });
  });

  it('ships only executables that can run', { timeout: 60_000 }, () => {
    const taskRoot = copyAlone(fn);
    for (const executable of shippedExecutables(taskRoot)) {
      expect({ executable: path.relative(taskRoot, executable), mode: statSync(executable).mode & 0o111 }).toEqual({ executable: path.relative(taskRoot, executable), mode: 0o111 });
      expect(execFileSync(executable, ['-version'], { encoding: 'utf8', env: {} }).length).toBeGreaterThan(0);
    }
  });
});

describe('the bundles, against what the checks above would miss', () => {
  it('the export worker ships its ffmpeg, so the executable check sees one', () => {
    const exporter = functions.find((fn) => fn.kind.type === 'worker' && fn.kind.name === 'export');
    expect(exporter && shippedExecutables(copyAlone(exporter)).map((file) => path.basename(file))).toContain('ffmpeg');
  });

  it('a bundle loaded without a variable its template gives fails, so the environment given is the one checked', { timeout: 60_000 }, async () => {
    const guides = functions.find((fn) => fn.kind.type === 'api' && fn.kind.name === 'guides');
    expect(guides).toBeDefined();
    const result = await load({ ...guides!, environment: Object.fromEntries(Object.entries(guides!.environment).filter(([key]) => key !== 'APP_ORIGIN')) }, copyAlone(guides!));
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/Invalid environment: APP_ORIGIN/);
  });
});
