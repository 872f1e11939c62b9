import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_ASSEMBLY_DIR, TEST_STAGES, synthCommand } from '../infra/cdk/assembly';
import { startDynamo, startS3 } from '../infra/local/emulators';
import { StartupError } from '../infra/local/errors';
import { freePort } from '../infra/local/ports';
import { chromiumMissingMessage } from './support/chromium';

/**
 * npm test: typecheck, lint, the web build, unit and integration tests (vitest), the CDK app
 * synthesised for a development and a production stage with every Lambda bundled (cdk-nag inside
 * the synth), the bundle test over that assembly, the browser journeys (Playwright in Debian
 * Chromium), and a smoke journey against the local stack running every function from those
 * bundles; against one DynamoDB Local and one s3rver for the whole run. The synth with the
 * bundle test after it, and the start of the journeys' stack, run beside the vitest step (they
 * need the build, and nothing needs them before the journeys), lint runs from the start beside
 * all of them (it needs nothing), and vitest runs two files at a time. Ends with one line
 * "N passed, N failed" and a non-zero exit on any failure.
 *
 * `npm test -- --only synth,bundles,smoke` runs some steps (typecheck, lint, build, vitest,
 * synth, bundles, journeys, smoke), for work on them; the full run is what CI runs. After the
 * vitest and journey steps it prints their ten slowest files; `STEPCAST_TEST_REPORTS=dir` keeps
 * the JSON reports (every test's duration).
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

const STEPS = ['typecheck', 'lint', 'build', 'vitest', 'synth', 'bundles', 'journeys', 'smoke'] as const;
type StepName = (typeof STEPS)[number];
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg < 0 ? undefined : new Set((process.argv[onlyArg + 1] ?? '').split(',').filter(Boolean));
const unknownSteps = [...(only ?? [])].filter((name) => !(STEPS as readonly string[]).includes(name));
if (unknownSteps.length > 0) {
  console.error(`npm test -- --only takes steps among ${STEPS.join(', ')}; not ${unknownSteps.join(', ')}.`);
  process.exit(2);
}
const wanted = (name: StepName) => !only || only.has(name);
/** A step left out by --only counts as passed for the steps after it. */
const skipped = async () => true;

/** Runs a command; with `logFile`, its output goes there instead of the console (a step beside another). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}, logFile?: string): Promise<number> {
  return new Promise((resolve) => {
    const log = logFile ? createWriteStream(logFile) : undefined;
    const child = spawn(command, args, { cwd: ROOT, stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    if (log) {
      child.stdout?.pipe(log, { end: false });
      child.stderr?.pipe(log, { end: false });
    }
    child.on('close', (code, signal) => {
      const done = () => resolve(code ?? (signal ? 1 : 0));
      if (log) log.end(done);
      else done();
    });
  });
}

/** The last lines of a step's log, shown when it failed. */
function tail(file: string, lines = 60): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function step(
  name: string,
  action: () => Promise<number>,
  count?: () => { passed: number; failed: number },
  durations?: () => Map<string, number>,
): Promise<boolean> {
  console.log(`\n▶ ${name}`);
  const t0 = performance.now();
  const code = await action();
  const counts = count?.() ?? { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
  const ok = code === 0 && counts.failed === 0;
  results.push({ name, ok, seconds: (performance.now() - t0) / 1000, ...counts });
  console.log(`${ok ? '✔' : '✖'} ${name} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  const files = durations?.();
  if (files && files.size > 0) console.log(`  its slowest files:\n${slowestFiles(files)}`);
  return ok;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The slowest test files of a step's report, as lines to print (issue 28: where the time goes, on every run). */
function slowestFiles(durations: Map<string, number>, count = 10): string {
  return [...durations]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([file, ms]) => `    ${(ms / 1000).toFixed(1).padStart(6)} s  ${path.relative(ROOT, path.resolve(ROOT, file))}`)
    .join('\n');
}

function vitestFileDurations(file: string): Map<string, number> {
  const report = readJson(file) as { testResults?: Array<{ name: string; startTime?: number; endTime?: number }> } | undefined;
  return new Map((report?.testResults ?? []).map((r) => [r.name, (r.endTime ?? 0) - (r.startTime ?? 0)]));
}

interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{ file?: string; tests?: Array<{ results?: Array<{ duration?: number }> }> }>;
}

/** Per journey file, the sum of its tests' durations (the workers run files side by side). */
function playwrightFileDurations(file: string): Map<string, number> {
  const report = readJson(file) as { config?: { rootDir?: string }; suites?: PlaywrightSuite[] } | undefined;
  const durations = new Map<string, number>();
  const root = report?.config?.rootDir ?? ROOT;
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      const name = path.join(root, spec.file ?? suite.file ?? '');
      const ms = (spec.tests ?? []).flatMap((t) => t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
      durations.set(name, (durations.get(name) ?? 0) + ms);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report?.suites ?? []) visit(suite);
  return durations;
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

/**
 * The journeys' stack (tests/e2e/start-stack.ts, what npm run start:e2e runs) in a process of its
 * own, its output to `logFile`; `ready` settles true once it says it is running, false if it
 * exits first.
 */
function startJourneyStack(env: NodeJS.ProcessEnv, logFile: string): { ready: Promise<boolean>; stop: () => Promise<void> } {
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/start-stack.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  child.stderr.pipe(log, { end: false });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<boolean>((resolve) => {
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => {
      log.write(chunk);
      said += chunk.toString();
      if (said.includes('Stepcast is running at')) resolve(true);
    });
    void exited.then(() => resolve(false));
  });
  let stopped: Promise<void> | undefined;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await new Promise<void>((resolve) => log.end(resolve));
  };
  return { ready, stop: () => (stopped ??= stop()) };
}

/** Test files vitest runs at once (`STEPCAST_VITEST_WORKERS` to try another number). */
const VITEST_WORKERS = Number(process.env.STEPCAST_VITEST_WORKERS ?? 2);

const stops: Array<() => Promise<void>> = [];
let exitCode = 0;
try {
  // Lint (type-aware, one thread, the longest of the three) runs beside everything up to the
  // journeys: the typecheck, then the build, then vitest, the synth and the journeys' stack start
  // while it goes on, so the second core does not wait for it. Its output goes to a log, shown if it fails.
  const lintLog = path.join(work, 'lint.log');
  const linting = wanted('lint')
    ? step('Lint (eslint, import direction)', async () => {
        const code = await run('npx', ['eslint', '--max-warnings', '0', '.'], {}, lintLog);
        if (code !== 0) console.error(`\nLint failed:\n${tail(lintLog)}`);
        return code;
      })
    : skipped();
  const typecheck = wanted('typecheck') ? await step('Typecheck (tsc, strict)', () => run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])) : true;

  // Before the integration tests: the share page's edge renders its first frame with the web
  // build's renderer, into the shells the build writes (shared/share/frame.ts). Before the synth:
  // the site is part of the web stack, the renderer of the edge bundle.
  const build = wanted('build') ? await step('Build (web, prerendered pages, extension)', () => run('npm', ['run', '--silent', 'build'])) : true;

  const needEmulators = wanted('vitest') || wanted('journeys');
  const emulators: Record<string, string> = {};
  if (needEmulators) {
    const dynamo = await startDynamo({ port: await freePort() });
    stops.push(dynamo.stop);
    const s3 = await startS3({ port: await freePort(), dataDir: path.join(work, 's3') });
    stops.push(s3.stop);
    Object.assign(emulators, { DYNAMODB_ENDPOINT: dynamo.endpoint, S3_ENDPOINT: s3.endpoint });
  }

  const journeyPorts = async () => {
    const ports = { E2E_PORT: await freePort(), E2E_SMTP_PORT: await freePort(), E2E_MAIL_WEB_PORT: await freePort(), E2E_STRIPE_PORT: await freePort(), E2E_DYNAMODB_PORT: await freePort(), E2E_S3_PORT: await freePort(), E2E_DRIFT_APP_PORT: await freePort() };
    return Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)]));
  };
  // The journeys' stack starts beside the vitest step (seeding the demo account and narrating its
  // guides takes a minute, mostly while vitest waits on its emulators), as npm run start:e2e
  // starts it; the journeys then run against it (E2E_STACK=running) and it stops after them.
  const missing = wanted('journeys') || wanted('smoke') ? chromiumMissingMessage() : undefined;
  const journeyEnv = {
    ...emulators,
    ...(await journeyPorts()),
    E2E_DATA_DIR: path.join(work, 'e2e-data'),
    E2E_TABLE_NAME: `e2e-${Date.now()}`,
    E2E_BUCKET_NAME: `e2e-${Date.now()}`,
  };
  const journeyStackLog = path.join(work, 'journey-stack.log');
  const journeyStack = wanted('journeys') && build && !missing ? startJourneyStack(journeyEnv, journeyStackLog) : undefined;
  if (journeyStack) stops.push(journeyStack.stop);

  // The synth beside the vitest step: its own output to a log, shown if it fails.
  const synthLog = path.join(work, 'synth.log');
  const synthCmd = synthCommand(TEST_ASSEMBLY_DIR, TEST_STAGES);
  const synthesis =
    wanted('synth') && build
      ? step(`Synth (${TEST_STAGES.join(' + ')}, bundled, cdk-nag)`, async () => {
          rmSync(TEST_ASSEMBLY_DIR, { recursive: true, force: true });
          const code = await run(synthCmd.command, synthCmd.args, {}, synthLog);
          if (code !== 0) console.error(`\ncdk synth failed:\n${tail(synthLog)}`);
          return code;
        })
      : Promise.resolve(wanted('synth') ? false : true);

  // The bundle test after the synth, also beside the vitest step: its output to a log, shown if it fails.
  const assembly = { STEPCAST_ASSEMBLY: TEST_ASSEMBLY_DIR };
  const bundlesReport = path.join(work, 'bundles.json');
  const bundlesLog = path.join(work, 'bundles.log');
  const bundling = synthesis.then((synthesised) =>
    wanted('bundles') && synthesised
      ? step(
          'Bundle test (each Lambda loaded alone)',
          async () => {
            const code = await run('npx', ['vitest', 'run', '--project', 'assembly', '--reporter=default', '--reporter=json', `--outputFile.json=${bundlesReport}`], assembly, bundlesLog);
            if (code !== 0) console.error(`\nThe bundle test failed:\n${tail(bundlesLog)}`);
            return code;
          },
          () => vitestCounts(bundlesReport),
        )
      : !wanted('bundles'),
  );

  // Two files at a time (vitest's default on two cores is one): an integration file spends much
  // of its time waiting on its emulators, ffmpeg or Chromium, and each file has a table, a bucket
  // and an app server of its own on the shared emulators (tests/support/isolated-stack.ts).
  const vitestReport = path.join(work, 'vitest.json');
  const unit = wanted('vitest')
    ? await step(
        'Unit and integration tests (vitest)',
        () => run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'integration', `--maxWorkers=${VITEST_WORKERS}`, '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`], emulators),
        () => vitestCounts(vitestReport),
        () => vitestFileDurations(vitestReport),
      )
    : true;
  const synthesised = await synthesis;
  const bundles = await bundling;
  const lint = await linting;

  let e2e = !wanted('journeys');
  let smoke = !wanted('smoke');
  if (missing) {
    console.error(`\n${missing}`);
    results.push({ name: 'Browser journeys (Playwright)', ok: false, seconds: 0, passed: 0, failed: 1 });
  } else if (build) {
    if (journeyStack) {
      const playwrightReport = path.join(work, 'playwright.json');
      e2e = await step(
        'Browser journeys (Playwright, Debian Chromium)',
        async () => {
          if (!(await journeyStack.ready)) {
            console.error(`\nThe journeys' stack did not start:\n${tail(journeyStackLog)}`);
            return 1;
          }
          const code = await run('npx', ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'], { ...journeyEnv, E2E_STACK: 'running', PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });
          await journeyStack.stop();
          if (code !== 0) console.error(`\nThe journeys' stack said (last lines):\n${tail(journeyStackLog, 30)}`);
          return code;
        },
        () => playwrightCounts(playwrightReport),
        () => playwrightFileDurations(playwrightReport),
      );
    }
    if (wanted('smoke') && synthesised) {
      // Its own emulators unless the run has them: the bundles' processes reach them by endpoint.
      const smokeReport = path.join(work, 'smoke.json');
      const ports = await journeyPorts();
      smoke = await step(
        'Smoke journey (npm start -- --bundles)',
        () =>
          run('npx', ['playwright', 'test', '-c', 'tests/e2e/bundles.config.ts'], {
            ...emulators,
            ...ports,
            ...assembly,
            E2E_DATA_DIR: path.join(work, 'smoke-data'),
            E2E_TABLE_NAME: `smoke-${Date.now()}`,
            E2E_BUCKET_NAME: `smoke-${Date.now()}`,
            PLAYWRIGHT_JSON_OUTPUT_NAME: smokeReport,
          }),
        () => playwrightCounts(smokeReport),
      );
    }
  }
  if (!(typecheck && lint && unit && build && synthesised && bundles && e2e && smoke)) exitCode = 1;
} catch (error) {
  console.error(error instanceof StartupError ? `The test stack could not start: ${error.message}` : error);
  exitCode = 1;
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
  // STEPCAST_TEST_REPORTS=dir keeps the steps' JSON reports (per-test durations) for a closer look.
  const keep = process.env.STEPCAST_TEST_REPORTS;
  if (keep) {
    mkdirSync(keep, { recursive: true });
    for (const name of readdirSync(work).filter((file) => file.endsWith('.json'))) cpSync(path.join(work, name), path.join(keep, name));
  }
  rmSync(work, { recursive: true, force: true });
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? '✔' : '✖'} ${r.name.padEnd(48)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.passed} passed, ${r.failed} failed`);
console.log(`  total ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
