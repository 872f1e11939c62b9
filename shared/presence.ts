import * as z from 'zod';
import { GuideId, SlideId } from './guides';

/**
 * Who else has a guide open in the design view (issue 27: conflicts are rare when authors see
 * each other). Each open design view says it is there every PRESENCE_POLL_MS and reads who else
 * is; an entry unrenewed for PRESENCE_TTL_SECONDS is gone (DynamoDB's TTL removes it, and reads
 * skip it before then). The answer carries the guide's revision, so a page learns that the guide
 * changed elsewhere without reading it whole.
 */
export const PRESENCE_POLL_MS = 10_000;
export const PRESENCE_TTL_SECONDS = 45;

/** One browser tab's design view: a random id it makes when it opens. */
export const PresenceClientId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not a valid client id.');

/** POST /api/guides/{id}/presence: this tab has the guide open, on this step. */
export const PresenceBody = z
  .object({
    clientId: PresenceClientId,
    /** the step the author has chosen, if any */
    slideId: SlideId.nullable().optional(),
  })
  .strict();
export type PresenceBody = z.infer<typeof PresenceBody>;

export const PresencePath = z.object({ id: GuideId, clientId: PresenceClientId });

export const Viewer = z.object({
  name: z.string(),
  /** the same person in another tab */
  you: z.boolean(),
  slideId: z.string().nullable(),
});
export type Viewer = z.infer<typeof Viewer>;

export const PresenceDto = z.object({
  /** the guide's revision now: a page that shows an older one reads the guide again */
  revision: z.number(),
  /** the other tabs with the guide open, longest there first (never the asking tab) */
  others: z.array(Viewer),
});
export type PresenceDto = z.infer<typeof PresenceDto>;

/** "Sam Teammate is also editing", "Sam and Ada are also editing", "You, in another tab, are also editing". */
export function presenceSentence(others: readonly Viewer[]): string {
  if (others.length === 0) return '';
  const names = [...new Set(others.map((viewer) => (viewer.you ? 'You, in another tab,' : viewer.name)))];
  const list = names.length <= 2 ? names.join(' and ') : `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
  return `${list} ${names.length === 1 && !names[0]!.startsWith('You') ? 'is' : 'are'} also editing.`;
}
