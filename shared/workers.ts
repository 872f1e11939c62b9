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

/**
 * How many of one organisation's jobs of each kind run at once; the rest wait in the
 * organisation's own line, first come first served, each told its place
 * (functions/domain/platform/work-line.ts). A few at a time keeps one organisation's burst (twelve MP4s)
 * from filling the workers while another's single export waits behind it.
 */
export const ORG_RUNNING_LIMITS: Readonly<Record<WorkerName, number>> = {
  export: 2,
  voiceover: 2,
  translation: 2,
  // a check drives a whole browser
  drift: 1,
};

const ORDINALS = ['th', 'st', 'nd', 'rd'];

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
function ordinal(n: number): string {
  const hundred = n % 100;
  return `${n}${ORDINALS[(hundred - 20) % 10] ?? ORDINALS[hundred] ?? ORDINALS[0]}`;
}

/**
 * What a waiting job says about its place in its organisation's line (the API's `queuePosition`):
 * "Waiting · 1st in line" for the next to start, nothing once it is on its way.
 */
export function placeInLine(position: number | null | undefined): string | undefined {
  return position ? `Waiting · ${ordinal(position)} in line` : undefined;
}

/** The environment variable holding the URL of the CloudFront invalidation queue (functions/domain/platform/share-cache.ts). */
export const CDN_INVALIDATION_QUEUE_ENV = 'CDN_INVALIDATION_QUEUE_URL';
