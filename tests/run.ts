import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDynamo, startS3 } from '../infra/local/emulators';
import { StartupError } from '../infra/local/errors';
import { freePort } from '../infra/local/ports';
import { chromiumMissingMessage } from './support/chromium';

/**
 * npm test: typecheck, lint, the web build, unit and integration tests (vitest) and the browser
 * journeys (Playwright in Debian Chromium), against one DynamoDB Local and one s3rver for the
 * whole run. Ends with one line "N passed, N failed" and a non-zero exit on any failure.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const ROOT = path.resolve(import.meta.dirname, '..');
const started = performance.now();
const work = mkdtempSync(path.join(os.tmpdir(), 'stepcast-test-'));

interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
  passed: number;
  failed: number;
}
const results: StepResult[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function step(name: string, action: () => Promise<number>, count?: () => { passed: number; failed: number }): Promise<boolean> {
  console.log(`\n▶ ${name}`);
  const t0 = performance.now();
  const code = await action();
  const counts = count?.() ?? { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
  const ok = code === 0 && counts.failed === 0;
  results.push({ name, ok, seconds: (performance.now() - t0) / 1000, ...counts });
  console.log(`${ok ? '✔' : '✖'} ${name} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  return ok;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitestCounts(file: string) {
  const report = readJson(file) as { numPassedTests?: number; numFailedTests?: number } | undefined;
  return { passed: report?.numPassedTests ?? 0, failed: report?.numFailedTests ?? (report ? 0 : 1) };
}

function playwrightCounts(file: string) {
  const report = readJson(file) as { stats?: { expected?: number; unexpected?: number; flaky?: number } } | undefined;
  if (!report?.stats) return { passed: 0, failed: 1 };
  return { passed: report.stats.expected ?? 0, failed: (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0) };
}

const stops: Array<() => Promise<void>> = [];
let exitCode = 0;
try {
  const [typecheck, lint] = await Promise.all([
    step('Typecheck (tsc, strict)', () => run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])),
    step('Lint (eslint, import direction)', () => run('npx', ['eslint', '--max-warnings', '0', '.'])),
  ]);

  // Before the integration tests: the share page's edge renders its first frame with the web
  // build's renderer, into the shells the build writes (shared/share/frame.ts).
  const build = await step('Build (web, prerendered pages, extension)', () => run('npm', ['run', '--silent', 'build']));

  const dynamo = await startDynamo({ port: await freePort() });
  stops.push(dynamo.stop);
  const s3 = await startS3({ port: await freePort(), dataDir: path.join(work, 's3') });
  stops.push(s3.stop);
  const emulators = { DYNAMODB_ENDPOINT: dynamo.endpoint, S3_ENDPOINT: s3.endpoint };

  const vitestReport = path.join(work, 'vitest.json');
  const unit = await step(
    'Unit and integration tests (vitest)',
    () => run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`], emulators),
    () => vitestCounts(vitestReport),
  );

  let e2e = false;
  const missing = chromiumMissingMessage();
  if (missing) {
    console.error(`\n${missing}`);
    results.push({ name: 'Browser journeys (Playwright)', ok: false, seconds: 0, passed: 0, failed: 1 });
  } else if (build) {
    const playwrightReport = path.join(work, 'playwright.json');
    const ports = { E2E_PORT: await freePort(), E2E_SMTP_PORT: await freePort(), E2E_MAIL_WEB_PORT: await freePort(), E2E_STRIPE_PORT: await freePort(), E2E_DRIFT_APP_PORT: await freePort() };
    e2e = await step(
      'Browser journeys (Playwright, Debian Chromium)',
      () =>
        run('npx', ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'], {
          ...emulators,
          ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
          E2E_DATA_DIR: path.join(work, 'e2e-data'),
          E2E_TABLE_NAME: `e2e-${Date.now()}`,
          E2E_BUCKET_NAME: `e2e-${Date.now()}`,
          PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
        }),
      () => playwrightCounts(playwrightReport),
    );
  }
  if (!(typecheck && lint && unit && build && e2e)) exitCode = 1;
} catch (error) {
  console.error(error instanceof StartupError ? `The test stack could not start: ${error.message}` : error);
  exitCode = 1;
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? '✔' : '✖'} ${r.name.padEnd(48)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.passed} passed, ${r.failed} failed`);
console.log(`  total ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
