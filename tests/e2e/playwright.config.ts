import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { journeyPort, journeyStackEnv } from './stack';

// The journeys run against the whole local stack, started by `npm start`'s own entry with the
// run's shared emulators (tests/run.ts passes their endpoints and the ports to use). With
// E2E_STACK=running they use a stack already started by `npm run start:e2e` instead.
const baseURL = `http://localhost:${journeyPort}`;
const stackRunning = process.env.E2E_STACK === 'running';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The smoke journey of the synthesised bundles has its own config and stack (bundles.config.ts).
  testIgnore: ['bundles/**'],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: '../../test-results/e2e',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A failed journey keeps its trace: every action with the page's DOM before and after, its
    // network and console. The filmstrip of screenshots costs a fifth of the journeys' time
    // (share + public-site: 84–85 s without, 106–119 s with), so it is recorded on request:
    // E2E_TRACE_SCREENSHOTS=1.
    trace: { mode: 'retain-on-failure', screenshots: process.env.E2E_TRACE_SCREENSHOTS === '1', snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
  ...(stackRunning
    ? {}
    : {
        webServer: {
          command: 'npx tsx infra/local/start.ts',
          cwd: '../..',
          // Ready once the whole start is done (billing, the demo narrated), not as soon as the API answers.
          url: `${baseURL}/_dev/ready`,
          timeout: 120_000,
          reuseExistingServer: false,
          stdout: 'pipe',
          stderr: 'pipe',
          env: journeyStackEnv(),
        },
      }),
});
