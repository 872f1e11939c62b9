import { describe, expect, it } from 'vitest';
import type { GuideDto, SlideDto } from '#shared/guides';
import { changeValues, guideBase, inverseGuideChanges, inverseSlideChanges, slideBase, slideChangeLabel } from './inverse-changes';

const slide: SlideDto = {
  id: 's1', order: 2, title: null, text: 'Click **Save**', narration: null, screenshotKey: 'k', screenshotUrl: '/assets/k', width: 100, height: 50,
  click: { x: 10, y: 20 }, zoomLevel: null, isHighlightVisible: false, audioUrl: null, audioDurationMs: null, words: [], annotations: [], audioStale: false, edited: false, needsText: false,
};

describe('the inverse of a change', () => {
  it('puts back each changed field of a slide, clearing overrides it did not have', () => {
    expect(inverseSlideChanges(slide, { text: 'Press **Save**', narration: 'Now save.', zoomLevel: 3, isHighlightVisible: true, click: null, order: 5 })).toEqual({
      text: 'Click **Save**',
      narration: '',
      zoomLevel: null,
      isHighlightVisible: false,
      click: { x: 10, y: 20 },
      order: 2,
    });
  });

  it('puts back the annotations as they were, none when there were none', () => {
    const arrow = { id: 'a', kind: 'arrow', colour: 'rose', from: { x: 0.1, y: 0.1 }, to: { x: 0.5, y: 0.5 } } as const;
    expect(inverseSlideChanges(slide, { annotations: [arrow] })).toEqual({ annotations: [] });
    expect(inverseSlideChanges({ ...slide, annotations: [arrow] }, { annotations: [] })).toEqual({ annotations: [arrow] });
    expect(slideChangeLabel({ annotations: [arrow] }, 4)).toBe('Edit step 4 annotations');
  });

  it('touches nothing the change did not', () => {
    expect(inverseSlideChanges(slide, { text: 'x' })).toEqual({ text: 'Click **Save**' });
  });

  it('puts back the guide’s settings, leaving out a voice it never had', () => {
    const guide = { title: 'Old', zoomLevel: 1.5, isHighlightVisible: true, visibility: 'public', status: 'draft', voiceId: null, speechRate: 1, intro: null, outro: 'Bye' } as GuideDto;
    expect(inverseGuideChanges(guide, { title: 'New', voiceId: 'v', intro: 'Hi', outro: '', status: 'published' })).toEqual({ title: 'Old', intro: '', outro: 'Bye', status: 'draft' });
  });

  it('puts back the cards: one the guide did not have is removed again', () => {
    const guide = { introCard: null, outroCard: { title: 'Done', cta: null } } as unknown as GuideDto;
    expect(inverseGuideChanges(guide, { introCard: { title: 'Hi' }, outroCard: null })).toEqual({ introCard: null, outroCard: { title: 'Done', cta: null } });
  });

  it('names the change by what it did', () => {
    expect(slideChangeLabel({ order: 1 }, 3)).toBe('Move step 3');
    expect(slideChangeLabel({ click: { x: 1, y: 1 } }, 2)).toBe('Move step 2 click point');
  });
});

describe('the base of a change (what it was made from, checked per field)', () => {
  it('names each changed field of a slide as the page shows it, and nothing else', () => {
    expect(slideBase(slide, { text: 'Press **Save**', zoomLevel: 3 })).toEqual({ text: 'Click **Save**', zoomLevel: null });
    expect(slideBase(slide, { order: 5, base: { order: 1 } })).toEqual({ order: 2 });
  });

  it('names only the guide fields that can be checked (a move or a publish is not an edit of words)', () => {
    const guide = { title: 'Pay', intro: null, outro: 'Done', visibility: 'public', folderId: null, introCard: null } as unknown as GuideDto;
    expect(guideBase(guide, { title: 'Pay a bill', intro: 'Hi', visibility: 'private', folderId: 'f1' })).toEqual({ title: 'Pay', intro: null });
  });

  it('an undo is made from what the change set, a redo from what it replaced', () => {
    expect(changeValues({ text: 'Press **Save**', annotations: [] })).toEqual({ text: 'Press **Save**', annotations: [] });
    expect(changeValues({ title: 'Pay a bill', visibility: 'private' }, 'guide')).toEqual({ title: 'Pay a bill' });
  });
});
