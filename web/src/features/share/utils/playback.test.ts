import { describe, expect, it } from 'vitest';
import {
  autoplayFromParam,
  MAX_SLIDE_MS,
  MIN_SLIDE_MS,
  searchWithStep,
  slideDurationMs,
  stepAnnouncement,
  stepIndexFromParam,
} from './playback';

describe('stepIndexFromParam', () => {
  it.each([
    { value: null, index: 0 },
    { value: '1', index: 0 },
    { value: '3', index: 2 },
    { value: '8', index: 7 },
    { value: ' 4 ', index: 3 },
    { value: '03', index: 2 },
    { value: '9', index: 7 },
    { value: '1000000000000', index: 7 },
    { value: '0', index: 0 },
    { value: '-2', index: 0 },
    { value: '2.5', index: 0 },
    { value: '1e1', index: 0 },
    { value: 'abc', index: 0 },
    { value: '', index: 0 },
  ])('?step=$value of 8 steps shows slide index $index', ({ value, index }) => {
    expect(stepIndexFromParam(value, 8)).toBe(index);
  });

  it('shows the first slide of a guide without slides', () => {
    expect(stepIndexFromParam('3', 0)).toBe(0);
  });
});

describe('autoplayFromParam', () => {
  it.each([
    { value: '1', autoplay: true },
    { value: 'true', autoplay: true },
    { value: '0', autoplay: false },
    { value: 'false', autoplay: false },
    { value: '', autoplay: false },
    { value: null, autoplay: false },
  ])('?autoplay=$value starts playing: $autoplay', ({ value, autoplay }) => {
    expect(autoplayFromParam(value)).toBe(autoplay);
  });
});

describe('searchWithStep', () => {
  it('writes the 1-based step and keeps the other parameters', () => {
    expect(searchWithStep('?autoplay=1&step=2', 4).toString()).toBe('autoplay=1&step=5');
  });

  it('adds the step to an empty search', () => {
    expect(searchWithStep('', 0).toString()).toBe('step=1');
  });
});

describe('slideDurationMs', () => {
  const slide = { text: 'Click **Save**', narration: 'Click Save.', audioDurationMs: null };

  it('is the voiceover length when there is one', () => {
    expect(slideDurationMs({ ...slide, audioDurationMs: 6_250 })).toBe(6_250);
  });

  it('is the minimum for a short text', () => {
    expect(slideDurationMs(slide)).toBe(MIN_SLIDE_MS);
  });

  it('grows with the text beyond 60 characters, without the markup', () => {
    const text = `**${'a'.repeat(50)}**`;
    expect(slideDurationMs({ text, narration: 'b'.repeat(30), audioDurationMs: null })).toBe(MIN_SLIDE_MS + 20 * 45);
  });

  it('stops growing at the maximum', () => {
    expect(slideDurationMs({ text: 'a'.repeat(2_000), narration: null, audioDurationMs: null })).toBe(MAX_SLIDE_MS);
  });

  it('treats a zero audio length as no voiceover', () => {
    expect(slideDurationMs({ ...slide, audioDurationMs: 0 })).toBe(MIN_SLIDE_MS);
  });
});

describe('stepAnnouncement', () => {
  it('names the step, the count and the plain text', () => {
    expect(stepAnnouncement('Step 3 of 8', 'Click **Save**')).toBe('Step 3 of 8: Click Save');
    expect(stepAnnouncement('Paso 3 de 8', 'Haz clic en **Guardar**')).toBe('Paso 3 de 8: Haz clic en Guardar');
  });

  it('is the position alone when the step has no text', () => {
    expect(stepAnnouncement('Step 1 of 1', null)).toBe('Step 1 of 1');
    expect(stepAnnouncement('Step 1 of 1', '  ')).toBe('Step 1 of 1');
  });
});
