import type { Fingerprint } from '../lib/secret-match';

/**
 * The fingerprints of the values typed in the capture in progress (lib/secret-match.ts), by
 * field: in `chrome.storage.session` (memory only, never on disk, gone with the browser) so a
 * restarted worker still has them, and dropped when the capture ends. Updates run one after the
 * other, and a screenshot waits for those already asked: a value typed just before a click is
 * looked for in the click's screenshot.
 */
const KEY = 'typedPrints';
/** Beyond this many values in one capture, the oldest are let go. */
const MAX_PRINTS = 100;

let prints: Map<string, Fingerprint> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function inOrder<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

async function loaded(): Promise<Map<string, Fingerprint>> {
  if (prints) return prints;
  const stored = (await chrome.storage.session.get(KEY))[KEY];
  prints = new Map(Array.isArray(stored) ? (stored as Array<[string, Fingerprint]>) : []);
  return prints;
}

/** A field's typing so far: replaces what the same field reported before. */
export function rememberPrint(fieldId: string, print: Fingerprint): Promise<void> {
  return inOrder(async () => {
    const all = await loaded();
    all.delete(fieldId);
    all.set(fieldId, print);
    while (all.size > MAX_PRINTS) all.delete(all.keys().next().value!);
    await chrome.storage.session.set({ [KEY]: [...all] });
  });
}

/** Every value typed so far, once the updates already asked for are done. */
export function currentPrints(): Promise<Fingerprint[]> {
  return inOrder(async () => [...(await loaded()).values()]);
}

/** The capture ended (or a new one starts): its fingerprints go. */
export function forgetPrints(): Promise<void> {
  return inOrder(async () => {
    prints = new Map();
    await chrome.storage.session.remove(KEY);
  });
}

/** Drops one field's fingerprint (typing in a tab that is not the one recorded). */
export function forgetPrint(fieldId: string): Promise<void> {
  return inOrder(async () => {
    const all = await loaded();
    if (!all.delete(fieldId)) return;
    await chrome.storage.session.set({ [KEY]: [...all] });
  });
}
