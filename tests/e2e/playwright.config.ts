import { defineConfig } from '@playwright/test';
import { DEV_EXTENSION_ID } from '../../shared/extension';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';

// The journeys run against the whole local stack, started by `npm start`'s own entry with the
// run's shared emulators (tests/run.ts passes their endpoints and the ports to use).
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// The drift demo app the drift journeys start: on loopback, so checks reach it only because it is listed.
const driftAppPort = Number(process.env.E2E_DRIFT_APP_PORT ?? port + 7);
process.env.E2E_DRIFT_APP_PORT = String(driftAppPort);

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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'npx tsx infra/local/start.ts',
    cwd: '../..',
    // Ready once the whole start is done (billing, the demo narrated), not as soon as the API answers.
    url: `${baseURL}/_dev/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.data/e2e',
      TABLE_NAME: process.env.E2E_TABLE_NAME ?? 'stepcast-e2e',
      BUCKET_NAME: process.env.E2E_BUCKET_NAME ?? 'stepcast-e2e-assets',
      SMTP_PORT: process.env.E2E_SMTP_PORT ?? '3125',
      MAIL_WEB_PORT: process.env.E2E_MAIL_WEB_PORT ?? '3180',
      DYNAMODB_PORT: process.env.E2E_DYNAMODB_PORT ?? '3800',
      S3_PORT: process.env.E2E_S3_PORT ?? '3569',
      STRIPE_PORT: process.env.E2E_STRIPE_PORT ?? '3121',
      DRIFT_ALLOWED_HOSTS: `127.0.0.1:${driftAppPort}`,
      ...(process.env.DYNAMODB_ENDPOINT ? { DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT } : {}),
      ...(process.env.S3_ENDPOINT ? { S3_ENDPOINT: process.env.S3_ENDPOINT } : {}),
      SEED: 'true',
      // The demo guides' voiceover is made before the stack reports ready: journeys load a guide
      // more than once and must find the same audio each time.
      SEED_NARRATION: 'wait',
      // The capture extension's unpacked build has a fixed id (shared/extension.ts); the API
      // trusts its origin for the session-authenticated calls of tests/e2e/capture.spec.ts.
      EXTENSION_IDS: DEV_EXTENSION_ID,
      // Every simulated user shares 127.0.0.1: the per-IP limit (3 per 10 s and action) would
      // refuse a journey's third sign-up. The per-account limit stays as deployed; the per-IP
      // one is covered by tests/integration/rate-limit.test.ts with rotating source IPs.
      RATE_LIMIT_IP_MAX: '1000',
      LOG_LEVEL: 'ERROR',
    },
  },
});
