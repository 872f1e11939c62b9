/**
 * Viewer events: what the player and the embed send to `POST /api/events`, and the rules both
 * sides agree on. No zod here: the embed imports these constants and must stay small (the
 * schemas are in ./contracts.ts).
 */

export const EVENTS_PATH = '/api/events';

/** A viewer is counted once they stay this long on a guide, or reach a second step (as Arcade and Loom count). */
export const VIEW_DWELL_MS = 3_000;

/** At most this many events in one batch, and this many bytes of JSON; more is refused whole. */
export const MAX_BATCH_EVENTS = 50;
export const MAX_BATCH_BYTES = 8_192;

/**
 * Page loads of one viewer id (one browser tab) that count as views on one day. A reload is a
 * new view; past this many, a tab adds none, so one id cannot inflate a guide's views.
 */
export const MAX_LOADS_PER_VIEWER = 20;

/** Guides are far shorter; a step number past this is refused as input. */
export const MAX_STEP = 500;

/** sessionStorage keys: the tab's random viewer id, and how many pages of guides it has loaded. */
export const VIEWER_ID_KEY = 'stepcast:viewer';
export const VIEWER_LOADS_KEY = 'stepcast:loads';

export type ViewerEventType = 'view' | 'step' | 'complete' | 'cta';

/**
 * The view rule: a viewer counts as a view once they have stayed `VIEW_DWELL_MS` or seen a second
 * step, so a visitor who bounces straight off is not a view.
 */
export function qualifiesAsView({ dwellMs, stepsSeen }: { dwellMs: number; stepsSeen: number }): boolean {
  return dwellMs >= VIEW_DWELL_MS || stepsSeen >= 2;
}
