import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { zipSync } from 'fflate';
import { TEST_ASSEMBLY_DIR, handlerOf, kindName, lambdaEnvironment, readAssemblyFunctions, regionOf, synthesise } from '../../infra/cdk/assembly';

/** Lambda's limits on a function's code: 250 MB unzipped, 50 MB zipped when uploaded directly. */
const UNZIPPED_LIMIT_MB = 250;
const ZIPPED_LIMIT_MB = 50;
/** The import (module load and its top-level work) an API function's cold start should stay under, on one core. */
const COLD_IMPORT_TARGET_MS = 400;
const RUNS = 5;

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)).filter((f) => statSync(f).isFile());
}

function importMs(file: string, exportName: string, env: Record<string, string>, cwd: string): number {
  const script = `const t0 = performance.now(); const m = await import(${JSON.stringify(pathToFileURL(file).href)}); if (typeof m[${JSON.stringify(exportName)}] !== 'function') process.exit(3); process.stdout.write(String(performance.now() - t0));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${file}: ${run.stderr}`);
  return Number(run.stdout);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Each API function's bundle as a deploy ships it (npm test's assembly, cdk.out/npm-test, made
 * first when missing): unzipped and zipped size against Lambda's limits, and its cold import (a
 * fresh Node process importing the bundle with its template's environment, median of five)
 * against the target, beside the baseline of a fresh process importing nothing.
 */
export async function benchBundles(): Promise<void> {
  if (!existsSync(path.join(TEST_ASSEMBLY_DIR, 'manifest.json')) && (await synthesise(TEST_ASSEMBLY_DIR)) !== 0) throw new Error('cdk synth failed');
  const functions = readAssemblyFunctions(TEST_ASSEMBLY_DIR).filter((fn) => fn.stage === 'dev' && fn.kind.type === 'api');
  const baseline = median(Array.from({ length: RUNS }, () => Number(spawnSync(process.execPath, ['--input-type=module', '-e', 'const t0 = performance.now(); await import("node:path"); process.stdout.write(String(performance.now() - t0))'], { encoding: 'utf8' }).stdout)));
  console.log(`\nbundles: API functions of ${TEST_ASSEMBLY_DIR} (baseline import of nothing: ${baseline.toFixed(1)} ms; targets: ${COLD_IMPORT_TARGET_MS} ms, ${UNZIPPED_LIMIT_MB} MB unzipped, ${ZIPPED_LIMIT_MB} MB zipped)`);
  console.log(`${'function'.padEnd(14)} ${'unzipped'.padStart(10)} ${'zipped'.padStart(9)} ${'cold import (median)'.padStart(22)}`);
  for (const fn of functions) {
    const all = files(fn.assetDir);
    const unzipped = all.reduce((sum, f) => sum + statSync(f).size, 0);
    const zipped = zipSync(Object.fromEntries(all.map((f) => [path.relative(fn.assetDir, f), readFileSync(f)])), { level: 6 }).length;
    const { file, exportName } = handlerOf(fn);
    const ms = median(Array.from({ length: RUNS }, () => importMs(file, exportName, lambdaEnvironment(fn, fn.assetDir, regionOf(fn)), fn.assetDir)));
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
    const verdict = ms <= COLD_IMPORT_TARGET_MS && unzipped / 1e6 < UNZIPPED_LIMIT_MB && zipped / 1e6 < ZIPPED_LIMIT_MB ? 'within' : 'OVER';
    console.log(`${kindName(fn.kind).replace('api ', '').padEnd(14)} ${mb(unzipped).padStart(10)} ${mb(zipped).padStart(9)} ${`${ms.toFixed(0)} ms`.padStart(22)}  ${verdict}`);
  }
}
