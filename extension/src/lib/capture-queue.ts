/**
 * Chrome allows about two `captureVisibleTab` calls per second per window
 * (MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND); a call over the quota fails. Requests queue per
 * window and coalesce: everyone who asked before a capture starts shares it, and anyone who
 * asks while one is running gets the next one, so a frame is never older than its request.
 */
export interface CaptureQueueOptions {
  /** calls allowed in any window of `intervalMs` */
  perInterval?: number;
  /** @default 1000 ms, plus a small margin against clock skew */
  intervalMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

interface Pending<T> {
  promise: Promise<T>;
  started: boolean;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class CaptureQueue<T> {
  private readonly perInterval: number;
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  /** start times of recent calls, per window */
  private readonly history = new Map<number, number[]>();
  /** the next capture of each window that has not started yet */
  private readonly waiting = new Map<number, Pending<T>>();
  /** the tail of each window's chain: captures of one window run one after another */
  private readonly tail = new Map<number, Promise<unknown>>();

  constructor(
    private readonly capture: (windowId: number) => Promise<T>,
    options: CaptureQueueOptions = {},
  ) {
    this.perInterval = options.perInterval ?? 2;
    this.intervalMs = (options.intervalMs ?? 1000) + 30;
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? defaultSleep;
  }

  /** How long a call on this window must wait to stay within the quota. */
  delayFor(windowId: number): number {
    const now = this.now();
    const recent = (this.history.get(windowId) ?? []).filter((t) => now - t < this.intervalMs);
    this.history.set(windowId, recent);
    if (recent.length < this.perInterval) return 0;
    return recent[recent.length - this.perInterval]! + this.intervalMs - now;
  }

  /** A frame of the window taken no earlier than this call. */
  request(windowId: number): Promise<T> {
    const waiting = this.waiting.get(windowId);
    if (waiting && !waiting.started) return waiting.promise;
    const previous = this.tail.get(windowId) ?? Promise.resolve();
    const pending: Pending<T> = { promise: undefined as unknown as Promise<T>, started: false };
    pending.promise = previous
      .catch(() => undefined)
      .then(async () => {
        let delay = this.delayFor(windowId);
        while (delay > 0) {
          await this.sleep(delay);
          delay = this.delayFor(windowId);
        }
        pending.started = true;
        if (this.waiting.get(windowId) === pending) this.waiting.delete(windowId);
        this.history.get(windowId)!.push(this.now());
        return this.capture(windowId);
      });
    this.waiting.set(windowId, pending);
    this.tail.set(windowId, pending.promise);
    return pending.promise;
  }
}
