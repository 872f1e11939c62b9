import { defineConfig } from 'vitest/config';

// Two projects: unit tests need nothing running; integration tests share one DynamoDB Local,
// one s3rver and one mail catcher for the whole run (started by the global setup unless the
// harness passes their endpoints), and each test file gets its own table and bucket
// (tests/support/isolated-stack.ts).
export default defineConfig({
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
          exclude: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.data/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
    ],
  },
});
