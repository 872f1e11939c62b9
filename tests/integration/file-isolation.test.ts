import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs the fixture's two files in one worker; the exit code and the worker pids they wrote. */
function runFixture(env: Record<string, string> = {}) {
  const out = mkdtempSync(path.join(os.tmpdir(), 'stepcast-isolation-'));
  try {
    const run = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'tests/support/isolation-fixture/vitest.config.ts', '--maxWorkers=1', '--reporter=dot'],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, STEPCAST_FIXTURE_OUT: out, ...env } },
    );
    const pids = readFileSync(path.join(out, 'pids'), 'utf8').trim().split('\n');
    return { status: run.status, output: run.stdout + run.stderr, pids };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

// The unit and integration files share a worker process (vitest.config.ts); each file must still
// start as if alone: its env, stubs, timers and the project's modules fresh (tests/support/fresh-file.ts).
describe('test files sharing a worker', () => {
  it('run in one process, and each starts with nothing the other left behind', { timeout: 60_000 }, () => {
    const run = runFixture();
    expect(run.output).toContain('2 passed');
    expect(run.status).toBe(0);
    expect(new Set(run.pids).size).toBe(1);
    expect(run.pids).toHaveLength(2);
  });

  it('would see what the other left behind without the fresh-file setup', { timeout: 60_000 }, () => {
    const run = runFixture({ STEPCAST_FIXTURE_BARE: '1' });
    expect(run.output).toContain('1 failed');
    expect(run.status).not.toBe(0);
  });
});
