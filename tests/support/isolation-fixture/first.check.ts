import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import { seen } from './state';

it('starts with nothing the other file left behind', () => {
  appendFileSync(path.join(process.env.STEPCAST_FIXTURE_OUT!, 'pids'), `${process.pid}\n`);
  expect(seen).toEqual([]);
  expect(process.env.STEPCAST_FIXTURE_LEAK).toBeUndefined();
  expect((globalThis as { stepcastFixtureStub?: number }).stepcastFixtureStub).toBeUndefined();
  expect(vi.isFakeTimers()).toBe(false);

  seen.push('first');
  process.env.STEPCAST_FIXTURE_LEAK = 'first';
  vi.stubGlobal('stepcastFixtureStub', 1);
  vi.useFakeTimers();
});
