import { describe, expect, it } from 'vitest';
import type { SharedGuideDto } from './share/shared-guide';
import { applyTranslation, pickLanguage, splitBold, StartTranslationBody } from './translation';

describe('pickLanguage', () => {
  it('follows ?lang= when the guide has it', () => {
    expect(pickLanguage('en-US', ['de', 'fr'], 'fr', ['de-DE'])).toBe('fr');
  });
  it('ignores a ?lang= the guide lacks and takes the browser language', () => {
    expect(pickLanguage('en-US', ['de', 'fr'], 'ja', ['it-IT', 'de-AT'])).toBe('de');
  });
  it('keeps the guide language when the browser prefers it or nothing matches', () => {
    expect(pickLanguage('en-US', ['de'], null, ['en-GB', 'de'])).toBe('en-US');
    expect(pickLanguage('en-US', ['de'], undefined, ['ja'])).toBe('en-US');
  });
});

describe('applyTranslation', () => {
  const slide = { id: 's1', title: null, text: 'Click **Save**', narration: 'Click Save.', screenshotUrl: '/a.png', width: 10, height: 10, click: null, zoomLevel: 1.5, isHighlightVisible: true, audioUrl: '/en.mp3', audioDurationMs: 900, words: [], annotations: [], typing: false };
  const guide: SharedGuideDto = { id: 'g', title: 'Save a thing', organizationName: '', visibility: 'public', updatedAt: '', socialImageUrl: null, slides: [slide, { ...slide, id: 's2' }], introCard: null, outroCard: null, language: 'en-US', languages: [], embed: true, indexable: false };
  it('replaces words and voiceover of the slides it has and keeps the rest', () => {
    const out = applyTranslation(guide, { language: 'de', title: 'Etwas speichern', texts: {}, slides: [{ id: 's1', text: 'Klicken Sie auf **Save**', narration: 'Klicken Sie auf Save.', audioUrl: '/de.mp3', audioDurationMs: 1200, words: [] }] });
    expect(out.title).toBe('Etwas speichern');
    expect(out.slides[0]).toMatchObject({ text: 'Klicken Sie auf **Save**', audioUrl: '/de.mp3', screenshotUrl: '/a.png' });
    expect(out.slides[1]).toEqual(guide.slides[1]);
  });
  it('translates the intro and outro cards, keeping the link and any card text it lacks', () => {
    const carded: SharedGuideDto = {
      ...guide,
      introCard: { title: 'Welcome', subtitle: 'Two steps' },
      outroCard: { title: 'All done', cta: { label: 'Open the app', url: 'https://app.example.com' } },
    };
    const out = applyTranslation(carded, { language: 'de', title: '', texts: { introTitle: 'Willkommen', outroTitle: 'Fertig', ctaLabel: 'App öffnen' }, slides: [] });
    expect(out.title).toBe('Save a thing');
    expect(out.introCard).toEqual({ title: 'Willkommen', subtitle: 'Two steps' });
    expect(out.outroCard).toEqual({ title: 'Fertig', cta: { label: 'App öffnen', url: 'https://app.example.com' } });
    expect(applyTranslation(guide, { language: 'de', title: '', texts: { introTitle: 'Willkommen' }, slides: [] }).introCard).toBeNull();
  });
});

describe('splitBold', () => {
  it('keeps bold names apart from words to translate', () => {
    expect(splitBold('Click **Save** then **Done**.')).toEqual([
      { keep: false, text: 'Click ' },
      { keep: true, text: 'Save' },
      { keep: false, text: ' then ' },
      { keep: true, text: 'Done' },
      { keep: false, text: '.' },
    ]);
  });
});

it('refuses a language guides cannot be translated into', () => {
  expect(StartTranslationBody.safeParse({ language: 'xx' }).success).toBe(false);
  expect(StartTranslationBody.safeParse({ language: 'de', extra: 1 }).success).toBe(false);
});
