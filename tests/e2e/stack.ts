import { DEV_EXTENSION_ID } from '../../shared/extension';

// The local stack the journeys run against: its port and the environment `npm start`'s entry gets,
// shared by the Playwright config (which starts it) and `npm run start:e2e` (which starts it for
// running one journey at a time against it: README, "Running one test").

/** The app's port: E2E_PORT, else 3100 (beside a developer's `npm start` on 3000). */
export const journeyPort = Number(process.env.E2E_PORT ?? 3100);
/** The drift demo app the drift journeys start: on loopback, so checks reach it only because it is listed. */
export const driftAppPort = Number(process.env.E2E_DRIFT_APP_PORT ?? journeyPort + 7);
process.env.E2E_DRIFT_APP_PORT = String(driftAppPort);

/** The environment of the journeys' stack. */
export function journeyStackEnv(): Record<string, string> {
  return {
    PORT: String(journeyPort),
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
  };
}
