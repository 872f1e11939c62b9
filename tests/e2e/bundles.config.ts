import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The smoke journey against the local stack running every function from its synthesised bundle
// (`npm start -- --bundles`): STEPCAST_ASSEMBLY names the cloud assembly (npm test's own, else
// cdk.out/npm-test, synthesised by the stack when missing). The ports are the journeys' own.
const assembly = process.env.STEPCAST_ASSEMBLY ?? 'cdk.out/npm-test';
const webServer = Array.isArray(base.webServer) ? base.webServer[0] : base.webServer;
if (!webServer) throw new Error('tests/e2e/playwright.config.ts has no web server');

export default defineConfig({
  ...base,
  testDir: './bundles',
  testMatch: '**/*.spec.ts',
  testIgnore: [],
  workers: 1,
  outputDir: '../../test-results/bundles',
  webServer: {
    ...webServer,
    command: `npx tsx infra/local/start.ts --bundles ${assembly}`,
    // Nothing to seed: the journey makes its own guide.
    env: { ...webServer.env, SEED: 'false' },
  },
});
