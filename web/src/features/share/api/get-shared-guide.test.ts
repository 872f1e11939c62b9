import { describe, expect, it } from 'vitest';
import { SharedGuideDto, type SharedSlideDto } from '#shared/share/shared-guide';
import { InvalidSharedGuideError, parseSharedGuide } from './get-shared-guide';

const slide = {
  id: 's1',
  title: null,
  text: 'Click **New contact**',
  narration: 'Click New contact.',
  screenshotUrl: '/assets/a.png',
  width: 1280,
  height: 800,
  click: { x: 10, y: 20 },
  zoomLevel: 1.5,
  isHighlightVisible: true,
  audioUrl: null,
  audioDurationMs: null,
  words: [],
  annotations: [
    { id: 'a1', kind: 'arrow', colour: 'rose', from: { x: 0.1, y: 0.2 }, to: { x: 0.4, y: 0.5 } },
    { id: 'a2', kind: 'rect', colour: 'indigo', x: 0.1, y: 0.1, width: 0.3, height: 0.2 },
    { id: 'a3', kind: 'label', colour: 'amber', x: 0.5, y: 0.5, text: 'Click <here>' },
    { id: 'a4', kind: 'badge', colour: 'ink', x: 0.9, y: 0.9 },
  ] as SharedSlideDto['annotations'],
  typing: true,
};

const guide: SharedGuideDto = {
  id: 'DYrbOQi8CofM',
  title: 'Add a contact',
  organizationName: 'Demo Team',
  visibility: 'public',
  updatedAt: '2026-01-01T00:00:00.000Z',
  socialImageUrl: null,
  slides: [slide],
  introCard: { title: 'Add a contact', subtitle: 'Two minutes' },
  outroCard: { title: 'Done', cta: { label: 'Open the app', url: 'https://app.example/contacts' } },
  language: 'en-US',
  languages: [
    { code: 'en-US', name: 'English' },
    { code: 'es', name: 'Español' },
  ],
  embed: true,
  indexable: true,
};

describe('parseSharedGuide', () => {
  it('reads a complete answer as it is', () => {
    expect(parseSharedGuide(structuredClone(guide))).toEqual(guide);
  });

  it('takes absent cards as none, and fails a card of the wrong shape', () => {
    const { introCard: _intro, outroCard: _outro, ...older } = structuredClone(guide);
    expect(parseSharedGuide(older)).toMatchObject({ introCard: null, outroCard: null });
    expect(parseSharedGuide({ ...guide, outroCard: { title: 'Done' } }).outroCard).toEqual({ title: 'Done', cta: null });
    expect(() => parseSharedGuide({ ...guide, outroCard: { title: 'Done', cta: { label: 'Go' } } })).toThrow(InvalidSharedGuideError);
  });

  it('drops fields it does not know', () => {
    const parsed = parseSharedGuide({ ...guide, secret: 'x', slides: [{ ...slide, orgId: 'o1', click: { x: 1, y: 2, z: 3 } }] });
    expect(parsed).not.toHaveProperty('secret');
    expect(parsed.slides[0]).not.toHaveProperty('orgId');
    expect(parsed.slides[0]?.click).toEqual({ x: 1, y: 2 });
  });

  it('gives what the player can do without the API\'s own default when absent (zoom 1.5, highlight on)', () => {
    const parsed = parseSharedGuide({ id: 'abcdefghijkl', title: 'Minimal', slides: [{ id: 's1' }] });
    expect(parsed).toEqual({
      id: 'abcdefghijkl',
      title: 'Minimal',
      organizationName: '',
      visibility: 'public',
      updatedAt: '',
      socialImageUrl: null,
      introCard: null,
      outroCard: null,
      slides: [
        {
          id: 's1',
          title: null,
          text: null,
          narration: null,
          screenshotUrl: null,
          width: null,
          height: null,
          click: null,
          zoomLevel: 1.5,
          isHighlightVisible: true,
          audioUrl: null,
          audioDurationMs: null,
          words: [],
          annotations: [],
          typing: false,
        },
      ],
      language: 'en-US',
      languages: [],
      embed: true,
      indexable: false,
    });
  });

  it.each([
    { name: 'not an object', value: 'guide', path: 'guide' },
    { name: 'no title', value: { ...guide, title: undefined }, path: 'guide.title' },
    { name: 'slides that are not a list', value: { ...guide, slides: {} }, path: 'guide.slides' },
    { name: 'a slide without an id', value: { ...guide, slides: [{ ...slide, id: undefined }] }, path: 'guide.slides[0].id' },
    { name: 'a text of another type', value: { ...guide, slides: [{ ...slide, text: 3 }] }, path: 'guide.slides[0].text' },
    { name: 'a zoom that is not a number', value: { ...guide, slides: [{ ...slide, zoomLevel: '2' }] }, path: 'guide.slides[0].zoomLevel' },
    { name: 'an unknown visibility', value: { ...guide, visibility: 'secret' }, path: 'guide.visibility' },
    { name: 'a click without y', value: { ...guide, slides: [{ ...slide, click: { x: 1 } }] }, path: 'guide.slides[0].click' },
    { name: 'a language without a name', value: { ...guide, languages: [{ code: 'es' }] }, path: 'guide.languages' },
    { name: 'a Guide me flag that is not a boolean', value: { ...guide, guideMe: 'yes' }, path: 'guide.guideMe' },
  ])('rejects an answer with $name', ({ value, path }) => {
    expect(() => parseSharedGuide(value)).toThrow(new InvalidSharedGuideError(path));
  });

  it.each([
    { name: 'a complete answer', value: guide },
    { name: 'an answer with fields it does not know', value: { ...guide, secret: 'x', slides: [{ ...slide, orgId: 'o1', click: { x: 1, y: 2, z: 3 } }] } },
    { name: 'a minimal answer', value: { id: 'abcdefghijkl', title: 'Minimal', slides: [{ id: 's1' }] } },
    { name: 'an annotation in a colour it does not know', value: { ...guide, slides: [{ ...slide, annotations: [{ id: 'b', kind: 'badge', colour: 'teal', x: 0.5, y: 0.5 }] }] } },
    { name: 'a guide Guide me can walk', value: { ...guide, guideMe: true } },
    { name: "an organisation's brand", value: { ...guide, brand: { primaryColor: '#0F766E', accentColor: '#b91c1c', font: 'serif', showBadge: false, logoUrl: '/assets/orgs/o/brand/l.png' } } },
    { name: 'a brand with a colour and a font it does not know', value: { ...guide, brand: { primaryColor: 'red;x:y', accentColor: '#b91c1c', font: 'comic', showBadge: true } } },
  ])('reads $name as the shared schema does', ({ value }) => {
    expect(parseSharedGuide(structuredClone(value))).toEqual(SharedGuideDto.parse(structuredClone(value)));
  });

  it.each([
    { ...guide, title: undefined },
    { ...guide, slides: [{ ...slide, zoomLevel: '2' }] },
    { ...guide, visibility: 'secret' },
    { ...guide, slides: [{ ...slide, click: { x: 1 } }] },
    { ...guide, slides: [{ ...slide, annotations: {} }] },
    { ...guide, slides: [{ ...slide, annotations: [{ id: 'c', kind: 'circle', colour: 'rose', x: 0, y: 0 }] }] },
    { ...guide, slides: [{ ...slide, annotations: [{ id: 'l', kind: 'label', colour: 'rose', x: 0, y: 0 }] }] },
    { ...guide, languages: [{ code: 'es' }] },
  ])('refuses what the shared schema refuses (%#)', (value) => {
    expect(SharedGuideDto.safeParse(value).success).toBe(false);
    expect(() => parseSharedGuide(value)).toThrow(InvalidSharedGuideError);
  });
});
