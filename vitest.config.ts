import { defineConfig } from 'vitest/config';

// Unit and integration tests. One DynamoDB Local and one s3rver serve the whole run (started
// by the global setup unless the harness passes their endpoints); each test file that needs
// them gets its own table and bucket (tests/support/isolated-stack.ts).
export default defineConfig({
  test: {
    include: ['{shared,functions,infra,web,extension,tests/integration}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.data/**'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    env: { POWERTOOLS_LOG_LEVEL: 'SILENT', AWS_REGION: 'us-east-1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
