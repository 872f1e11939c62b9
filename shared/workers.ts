/**
 * The queue-fed workers, by name. functions/routes.ts describes each one's function; the domain
 * enqueues by name; both agree on where a queue's URL is found through `queueUrlEnv`.
 */
export const WORKER_NAMES = ['voiceover', 'export', 'drift', 'translation'] as const;
export type WorkerName = (typeof WORKER_NAMES)[number];

/** The environment variable holding a worker queue's URL (`voiceover` → `VOICEOVER_QUEUE_URL`). */
export function queueUrlEnv(worker: WorkerName): string {
  return `${worker.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}_QUEUE_URL`;
}
