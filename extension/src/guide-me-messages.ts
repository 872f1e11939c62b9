import { z } from 'zod';
import type { GuideMeDto } from '#shared/guide-me';

/**
 * The messages of "Guide me" between a page's content script and the service worker. The worker
 * keeps each tab's walk (chrome.storage.session, keyed by tab: a page load or a worker restart
 * loses nothing); the content script of the tab's top frame draws the overlay and reports the
 * viewer's progress. A renderer may be compromised: the worker parses every message.
 */
export const GuideMeMessage = z.discriminatedUnion('type', [
  /** from the Stepcast app's share page: walk this guide in a new tab */
  z.object({ type: z.literal('guideMe/start'), guideId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
  /** from a page that has loaded: this tab's walk, moved on if the page is the next step's */
  z.object({ type: z.literal('guideMe/state'), url: z.string().max(8_000) }),
  /** the viewer went to another step (did one, or pressed Back or Next) */
  z.object({ type: z.literal('guideMe/go'), index: z.number().int().min(0).max(10_000) }),
  z.object({ type: z.literal('guideMe/exit') }),
]);
export type GuideMeMessage = z.infer<typeof GuideMeMessage>;

export function parseGuideMeMessage(raw: unknown): GuideMeMessage | undefined {
  const parsed = GuideMeMessage.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** A tab's walk: the guide, and the step shown (`steps.length` once finished). */
export interface GuideMeWalk {
  guide: GuideMeDto;
  index: number;
  /** the walk has just started: the overlay takes focus once, on its first page */
  fresh: boolean;
}

export type GuideMeStartReply = { ok: true } | { ok: false; message: string };
