import { vi } from 'vitest';

/**
 * Runs before every test file (vitest's `setupFiles` run again for each file). The unit and
 * integration projects run their files one after another in each worker process (`isolate:
 * false`), so that the packages in node_modules (the AWS SDK, aws-cdk-lib, sharp…), which Node
 * loads itself, load once per worker instead of once per file. What a file could leave behind for
 * the next one is put back here:
 * - the environment as the worker started with it (useIsolatedStack sets a file's table, bucket
 *   and secrets in process.env; some files set more),
 * - globals stubbed with vi.stubGlobal, env stubbed with vi.stubEnv, and faked timers,
 * - every module of the project's own code, evaluated afresh for the file as in its own process
 *   (configuration read at import, clients, caches). Mocks made with vi.mock belong to the file that
 *   made them.
 */
const worker = globalThis as { stepcastWorkerEnv?: NodeJS.ProcessEnv };
worker.stepcastWorkerEnv ??= { ...process.env };
const startingEnv = worker.stepcastWorkerEnv;
for (const key of Object.keys(process.env)) if (!(key in startingEnv)) delete process.env[key];
Object.assign(process.env, startingEnv);
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.useRealTimers();
vi.resetModules();
