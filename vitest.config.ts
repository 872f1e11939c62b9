import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { oneProcessPerWorker } from './tests/support/one-process-per-worker';

/** Tests of the synthesised assembly (its own project: they need a `cdk synth`). */
const ASSEMBLY_TESTS = 'infra/cdk/bundles.test.ts';

// Three projects: unit tests need nothing running; integration tests share one DynamoDB Local,
// one s3rver and one mail catcher for the whole run (started by the global setup unless the
// harness passes their endpoints), and each test file gets its own table and bucket
// (tests/support/isolated-stack.ts); the bundle test loads every Lambda of a synthesised cloud
// assembly (the one `npm test` made, else its setup synthesises one: a minute or more).
export default defineConfig({
  // the web app's own code, as in web/vite.config.ts
  resolve: { alias: [{ find: /^#web\//, replacement: fileURLToPath(new URL('./web/src/', import.meta.url)) }] },
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    env: { POWERTOOLS_LOG_LEVEL: 'SILENT', AWS_REGION: 'us-east-1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{shared,functions,infra,web,extension}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.data/**', ASSEMBLY_TESTS],
          ...oneProcessPerWorker,
        },
      },
      {
        extends: true,
        test: {
          name: 'assembly',
          include: [ASSEMBLY_TESTS],
          maxConcurrency: 2,
          globalSetup: ['tests/support/assembly-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          ...oneProcessPerWorker,
        },
      },
    ],
  },
});
