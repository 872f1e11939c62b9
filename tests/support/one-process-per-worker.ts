/**
 * How the unit and integration projects run their files (vitest.config.ts): one after another in
 * each worker process, each with its environment, stubs and project modules fresh
 * (tests/support/fresh-file.ts). node_modules then load once per worker, not once per file: a
 * process per file spent a third of the unit tests' time, and a second a file of the integration
 * tests', loading the same packages again.
 */
export const oneProcessPerWorker = { isolate: false, setupFiles: ['tests/support/fresh-file.ts'] };
