import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { expect, vi } from 'vitest';

/** A module of "the project's own code" with state, as a client or a cache would have. */
export const seen: string[] = [];

/** What each fixture file does: finds nothing left by the other file, then leaves all of it. */
export function startCleanThenLeaveThingsBehind(file: string): void {
  appendFileSync(path.join(process.env.STEPCAST_FIXTURE_OUT!, 'pids'), `${process.pid}\n`);
  expect(seen).toEqual([]);
  expect(process.env.STEPCAST_FIXTURE_LEAK).toBeUndefined();
  expect((globalThis as { stepcastFixtureStub?: number }).stepcastFixtureStub).toBeUndefined();
  expect(vi.isFakeTimers()).toBe(false);

  seen.push(file);
  process.env.STEPCAST_FIXTURE_LEAK = file;
  vi.stubGlobal('stepcastFixtureStub', 1);
  vi.useFakeTimers();
}
