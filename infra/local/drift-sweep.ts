import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The local stand-in for the EventBridge schedule of scheduled drift checks
 * (infra/cdk/constructs/drift-sweep.ts): every DRIFT_SWEEP_MS (default 5 minutes) the drift
 * worker's local queue gets `{ sweep: true }`, and the worker starts the checks that are due.
 */
const QUEUE_MODULE = pathToFileURL(path.resolve(import.meta.dirname, '../../functions/domain/platform/queue.ts')).href;
const DEFAULT_SWEEP_MS = 5 * 60_000;

export function startDriftSweep(everyMs = Number(process.env.DRIFT_SWEEP_MS) || DEFAULT_SWEEP_MS): () => void {
  const timer = setInterval(() => {
    void import(QUEUE_MODULE)
      .then((queue: { enqueue: (worker: 'drift', message: Record<string, unknown>) => Promise<void> }) => queue.enqueue('drift', { sweep: true }))
      .catch((error: unknown) => console.error('local drift sweep failed', error));
  }, everyMs);
  // The sweep never keeps the process alive by itself.
  timer.unref();
  return () => clearInterval(timer);
}
