import { defineConfig } from 'vitest/config';
import { oneProcessPerWorker } from '../one-process-per-worker';

// Two files that each leave things behind for the next (tests/integration/file-isolation.test.ts
// runs them in one worker). STEPCAST_FIXTURE_BARE=1 runs them without the fresh-file setup.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ['*.check.ts'],
    ...oneProcessPerWorker,
    setupFiles: process.env.STEPCAST_FIXTURE_BARE === '1' ? [] : oneProcessPerWorker.setupFiles.map((file) => `../../../${file}`),
  },
});
