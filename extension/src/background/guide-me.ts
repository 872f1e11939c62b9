import { clampStep, startUrl, stepOnPageLoad } from '#shared/guide-me';
import { GuideMeDto } from '#shared/guide-me-contracts';
import { ErrorBody } from '#shared/errors';
import { APP_ORIGIN, appUrl } from '../config';
import type { GuideMeMessage, GuideMeStartReply, GuideMeWalk } from '../guide-me-messages';

/**
 * "Guide me" in the service worker: fetches a shared guide from the public share API (with the
 * viewer's Stepcast session, so members reach private guides and nobody else does), opens its
 * first page in a new tab, and keeps each tab's walk in chrome.storage.session. The worker may be
 * stopped between page loads; nothing lives only in its memory.
 */
const KEY_PREFIX = 'guideMe:';
const keyOf = (tabId: number) => `${KEY_PREFIX}${tabId}`;
/** a walk being started: settles once its tab's walk is stored */
let starting: Promise<void> = Promise.resolve();

async function read(tabId: number): Promise<GuideMeWalk | null> {
  const stored = (await chrome.storage.session.get(keyOf(tabId)))[keyOf(tabId)];
  return stored && typeof stored === 'object' ? (stored as GuideMeWalk) : null;
}

async function write(tabId: number, walk: GuideMeWalk): Promise<void> {
  await chrome.storage.session.set({ [keyOf(tabId)]: walk });
}

async function fetchGuide(guideId: string): Promise<GuideMeDto | string> {
  let response: Response;
  try {
    response = await fetch(appUrl(`/api/share/${encodeURIComponent(guideId)}/guide-me`), { credentials: 'include', signal: AbortSignal.timeout(20_000) });
  } catch {
    return 'Stepcast could not be reached.';
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = ErrorBody.safeParse(json);
    if (response.status === 404) return 'This guide is not shared with you: a private guide opens for members of its team, signed in to Stepcast in this browser.';
    return error.success ? error.data.error.message : `Stepcast answered ${response.status}.`;
  }
  const parsed = GuideMeDto.safeParse(json);
  if (!parsed.success) return 'Stepcast answered in an unexpected shape.';
  // Asset links may be relative to Stepcast; the overlay shows them on another site's page.
  const absolute = (url: string | null) => (url ? new URL(url, APP_ORIGIN).href : null);
  return { ...parsed.data, steps: parsed.data.steps.map((step) => ({ ...step, screenshotUrl: absolute(step.screenshotUrl), audioUrl: absolute(step.audioUrl) })) };
}

async function start(guideId: string, from: chrome.tabs.Tab | undefined): Promise<GuideMeStartReply> {
  const guide = await fetchGuide(guideId);
  if (typeof guide === 'string') return { ok: false, message: guide };
  const url = startUrl(guide);
  if (!url) return { ok: false, message: 'This guide was not captured in a web app, so there is no page to guide you through. Its steps are on this page.' };
  // A page of the new tab may ask for its walk before it is stored: the question waits for this.
  let stored = () => {};
  starting = new Promise((resolve) => (stored = resolve));
  try {
    const tab = await chrome.tabs.create({ url, active: true, ...(from ? { index: from.index + 1, windowId: from.windowId, ...(from.id !== undefined ? { openerTabId: from.id } : {}) } : {}) });
    if (tab.id === undefined) return { ok: false, message: 'The browser did not open a tab.' };
    await write(tab.id, { guide, index: 0, fresh: true });
  } finally {
    stored();
  }
  return { ok: true };
}

/** Answers a page's content script about its own tab's walk (the sender's tab, never another). */
export async function onGuideMeMessage(message: GuideMeMessage, sender: chrome.runtime.MessageSender): Promise<unknown> {
  const tabId = sender.tab?.id;
  switch (message.type) {
    case 'guideMe/start': {
      // Only Stepcast's own pages start a walk; any other site's script is refused.
      const from = sender.url ? new URL(sender.url).origin : null;
      if (from !== APP_ORIGIN) return { ok: false, message: 'Only Stepcast pages start a walk.' } satisfies GuideMeStartReply;
      return start(message.guideId, sender.tab);
    }
    case 'guideMe/state': {
      if (tabId === undefined) return null;
      await starting;
      const walk = await read(tabId);
      if (!walk) return null;
      const index = stepOnPageLoad(walk.guide, walk.index, message.url);
      const next = { ...walk, index, fresh: false };
      await write(tabId, next);
      return { ...walk, index };
    }
    case 'guideMe/go': {
      if (tabId === undefined) return null;
      const walk = await read(tabId);
      if (!walk) return null;
      const next = { ...walk, index: clampStep(walk.guide, message.index), fresh: false };
      await write(tabId, next);
      return next;
    }
    case 'guideMe/exit':
      if (tabId !== undefined) await chrome.storage.session.remove(keyOf(tabId));
      return { ok: true };
  }
}

export async function onGuideMeTabRemoved(tabId: number): Promise<void> {
  await chrome.storage.session.remove(keyOf(tabId));
}
