import { useEffect, useState } from 'react';
import type { EMBED_EVENTS_VERSION, EmbedEvent } from '#shared/embed-events';

/** The schema's version, checked against it by type only: the embed's code carries no zod. */
export const EVENTS_VERSION: typeof EMBED_EVENTS_VERSION = 1;

/** Posts one event to the framing page (a no-op outside a frame). */
export type EmbedPost = (event: EmbedEvent) => void;

export const postToParent: EmbedPost = (event) => {
  if (window.parent === window) return;
  // Any page may frame a guide (frame-ancestors *), and the events reveal nothing it cannot see.
  window.parent.postMessage(event, '*');
};

export interface EmbedAnnouncer {
  /** the player is on screen at `index` (0-based) */
  ready: (index: number) => void;
  /** another step is on screen */
  step: (index: number) => void;
  /** the viewer follows the call to action at `index` */
  cta: (index: number, url: string) => void;
}

/**
 * The embed's events for the framing page (shared/embed-events.ts): ready once, a step event per
 * change of step, complete the first time the last step is on screen (opened there included).
 * Positions are 1-based on the wire.
 */
export function embedAnnouncer(guideId: string, steps: number, language: string, post: EmbedPost): EmbedAnnouncer {
  const base = { version: EVENTS_VERSION, guideId, steps } as const;
  let shown = -1;
  let completed = false;
  let started = false;
  const reach = (index: number) => {
    if (index === steps - 1 && !completed) {
      completed = true;
      post({ type: 'stepcast:complete', ...base });
    }
  };
  return {
    ready: (index) => {
      if (started) return;
      started = true;
      shown = index;
      post({ type: 'stepcast:ready', ...base, step: index + 1, language });
      reach(index);
    },
    step: (index) => {
      if (!started || index === shown) return;
      shown = index;
      post({ type: 'stepcast:step', ...base, step: index + 1 });
      reach(index);
    },
    cta: (index, url) => post({ type: 'stepcast:cta', ...base, step: index + 1, url }),
  };
}

/** The announcer of the embed on screen; `ready` goes out once it is mounted in the browser. */
export function useEmbedEvents(guideId: string, steps: number, language: string, first: number): EmbedAnnouncer {
  const [announcer] = useState(() => embedAnnouncer(guideId, steps, language, postToParent));
  // `ready` is sent once whatever runs this again: later steps arrive through `step`.
  useEffect(() => {
    if (steps > 0) announcer.ready(first);
  }, [announcer, steps, first]);
  return announcer;
}
