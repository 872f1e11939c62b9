import { describe, expect, it } from 'vitest';
import { CaptureQueue } from './capture-queue';

/** A fake clock: sleeping advances it, so the queue's timing is exact and instant. */
function fakeClock() {
  let now = 0;
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

function queueWithLog() {
  const clock = fakeClock();
  const calls: Array<{ windowId: number; at: number }> = [];
  let frame = 0;
  const queue = new CaptureQueue(
    async (windowId) => {
      calls.push({ windowId, at: clock.now() });
      return ++frame;
    },
    { now: clock.now, sleep: clock.sleep },
  );
  return { queue, calls, clock };
}

describe('the capture queue', () => {
  it('captures at once while under the quota', async () => {
    const { queue, calls } = queueWithLog();
    expect(await queue.request(1)).toBe(1);
    expect(await queue.request(1)).toBe(2);
    expect(calls.map((c) => c.at)).toEqual([0, 0]);
  });

  it('delays the third call in a second until the quota allows it', async () => {
    const { queue, calls } = queueWithLog();
    await queue.request(1);
    await queue.request(1);
    await queue.request(1);
    expect(calls.map((c) => c.at)).toEqual([0, 0, 1030]);
  });

  it('shares one capture among requests made before it starts', async () => {
    const { queue, calls } = queueWithLog();
    await queue.request(1);
    await queue.request(1);
    const [a, b, c] = await Promise.all([queue.request(1), queue.request(1), queue.request(1)]);
    expect(new Set([a, b, c]).size).toBe(1);
    expect(calls).toHaveLength(3);
  });

  it('gives a request made during a capture the next one, never an older frame', async () => {
    const clock = fakeClock();
    let release!: () => void;
    let frame = 0;
    const queue = new CaptureQueue(
      (_windowId) =>
        new Promise<number>((resolve) => {
          const value = ++frame;
          release = () => resolve(value);
        }),
      { now: clock.now, sleep: clock.sleep },
    );
    const first = queue.request(1);
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    const second = queue.request(1);
    release();
    expect(await first).toBe(1);
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    expect(await second).toBe(2);
  });

  it('keeps windows apart', async () => {
    const { queue, calls } = queueWithLog();
    await Promise.all([queue.request(1), queue.request(2)]);
    await Promise.all([queue.request(1), queue.request(2)]);
    expect(calls.every((c) => c.at === 0)).toBe(true);
  });

  it('forgets calls older than the interval', async () => {
    const { queue, calls, clock } = queueWithLog();
    await queue.request(1);
    await queue.request(1);
    clock.advance(2000);
    await queue.request(1);
    expect(calls.map((c) => c.at)).toEqual([0, 0, 2000]);
  });

  it('goes on after a failed capture', async () => {
    const clock = fakeClock();
    let n = 0;
    const queue = new CaptureQueue(
      async () => {
        n++;
        if (n === 1) throw new Error('quota');
        return n;
      },
      { now: clock.now, sleep: clock.sleep },
    );
    await expect(queue.request(1)).rejects.toThrow('quota');
    expect(await queue.request(1)).toBe(2);
  });
});
