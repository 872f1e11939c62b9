import { describe, expect, it } from 'vitest';
import { EmbedEvent } from '#shared/embed-events';
import { embedAnnouncer } from './embed-events';

function record() {
  const events: EmbedEvent[] = [];
  return { events, post: (event: EmbedEvent) => events.push(EmbedEvent.parse(event)) };
}

describe('the embed’s events for the framing page', () => {
  it('announces ready, each new step, and complete once the last step is reached', () => {
    const { events, post } = record();
    const announce = embedAnnouncer('g1', 3, 'en', post);
    announce.step(1); // before ready: nothing (the player is not on screen yet)
    announce.ready(0);
    announce.ready(0);
    announce.step(0); // the same step again is no change
    announce.step(1);
    announce.step(2);
    announce.step(1);
    announce.step(2);
    expect(events.map((e) => [e.type, 'step' in e ? e.step : null])).toEqual([
      ['stepcast:ready', 1],
      ['stepcast:step', 2],
      ['stepcast:step', 3],
      ['stepcast:complete', null],
      ['stepcast:step', 2],
      ['stepcast:step', 3],
    ]);
    expect(events[0]).toEqual({ type: 'stepcast:ready', version: 1, guideId: 'g1', steps: 3, step: 1, language: 'en' });
  });

  it('counts a guide opened at its last step as complete', () => {
    const { events, post } = record();
    embedAnnouncer('g1', 2, 'de', post).ready(1);
    expect(events.map((e) => e.type)).toEqual(['stepcast:ready', 'stepcast:complete']);
  });

  it('announces the call to action with the step it was followed from', () => {
    const { events, post } = record();
    const announce = embedAnnouncer('g1', 4, 'en', post);
    announce.ready(0);
    announce.cta(2, '/share/a-guide-abc?step=3');
    expect(events.at(-1)).toEqual({ type: 'stepcast:cta', version: 1, guideId: 'g1', steps: 4, step: 3, url: '/share/a-guide-abc?step=3' });
  });
});
