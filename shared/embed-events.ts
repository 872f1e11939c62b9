import * as z from 'zod';

/**
 * What the embed tells the page that frames it, with `window.parent.postMessage(event, '*')`:
 * any site may frame a guide, and none of this is secret. A host page listens for `message`
 * events whose `data.type` starts with `stepcast:` and parses them with `EmbedEvent`; check
 * `event.origin` against the Stepcast origin the frame was loaded from. Documented for host pages
 * in docs/embed-events.md.
 *
 * - `stepcast:ready` once the player is on screen (`step` is where it opened);
 * - `stepcast:step` each time another step is shown (1-based);
 * - `stepcast:complete` the first time the last step is reached;
 * - `stepcast:cta` when the viewer follows the embed's call to action (`url` it opens);
 * - `stepcast:resize` the height the embed wants (sent since before these events).
 *
 * Every event carries `version`: a change that could break a listener (a field removed or
 * changing meaning) raises it; new fields and new event types do not.
 */
export const EMBED_EVENTS_VERSION = 1;
export const EMBED_EVENT_TYPES = ['stepcast:ready', 'stepcast:step', 'stepcast:complete', 'stepcast:cta', 'stepcast:resize'] as const;

const Version = z.literal(EMBED_EVENTS_VERSION);
const Base = { version: Version, guideId: z.string(), steps: z.number().int().nonnegative() };

export const EmbedEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('stepcast:ready'), ...Base, step: z.number().int().positive(), language: z.string() }),
  z.object({ type: z.literal('stepcast:step'), ...Base, step: z.number().int().positive() }),
  z.object({ type: z.literal('stepcast:complete'), ...Base }),
  z.object({ type: z.literal('stepcast:cta'), ...Base, step: z.number().int().positive(), url: z.string() }),
  z.object({ type: z.literal('stepcast:resize'), version: Version, height: z.number().positive() }),
]);
export type EmbedEvent = z.infer<typeof EmbedEvent>;
