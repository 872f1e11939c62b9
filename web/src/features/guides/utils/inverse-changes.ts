import type { z } from 'zod';
import type { GuideDto, SlideDto, UpdateGuideBody, UpdateSlideBody } from '#shared/guides';
import type { GuideBase, SlideBase } from '#shared/revision';

type SlideChanges = z.input<typeof UpdateSlideBody>;
type GuideChanges = z.input<typeof UpdateGuideBody>;

/**
 * The save that puts a slide back as it was before `changes`: each changed field with its old
 * value (an override the slide did not have is cleared with null, words it had none of are empty).
 */
export function inverseSlideChanges(slide: SlideDto, changes: SlideChanges): SlideChanges {
  const inverse: SlideChanges = {};
  if (changes.title !== undefined) inverse.title = slide.title ?? '';
  if (changes.text !== undefined) inverse.text = slide.text ?? '';
  if (changes.narration !== undefined) inverse.narration = slide.narration ?? '';
  if (changes.order !== undefined) inverse.order = slide.order;
  if (changes.zoomLevel !== undefined) inverse.zoomLevel = slide.zoomLevel;
  if (changes.isHighlightVisible !== undefined) inverse.isHighlightVisible = slide.isHighlightVisible;
  if (changes.click !== undefined) inverse.click = slide.click;
  if (changes.annotations !== undefined) inverse.annotations = slide.annotations;
  return inverse;
}

/** The same for the guide's own settings; a field with no old value to go back to is left out. */
export function inverseGuideChanges(guide: GuideDto, changes: GuideChanges): GuideChanges {
  const inverse: GuideChanges = {};
  if (changes.title !== undefined) inverse.title = guide.title;
  if (changes.zoomLevel !== undefined) inverse.zoomLevel = guide.zoomLevel;
  if (changes.isHighlightVisible !== undefined) inverse.isHighlightVisible = guide.isHighlightVisible;
  if (changes.visibility !== undefined) inverse.visibility = guide.visibility;
  if (changes.status !== undefined) inverse.status = guide.status;
  if (changes.indexable !== undefined) inverse.indexable = guide.indexable;
  if (changes.voiceId !== undefined && guide.voiceId !== null) inverse.voiceId = guide.voiceId;
  if (changes.speechRate !== undefined) inverse.speechRate = guide.speechRate;
  if (changes.intro !== undefined) inverse.intro = guide.intro ?? '';
  if (changes.outro !== undefined) inverse.outro = guide.outro ?? '';
  // A card the guide did not have is removed again (null).
  if (changes.introCard !== undefined) inverse.introCard = guide.introCard;
  if (changes.outroCard !== undefined) inverse.outroCard = guide.outroCard;
  return inverse;
}

const SLIDE_BASE_FIELDS = ['title', 'text', 'narration', 'order', 'zoomLevel', 'isHighlightVisible', 'click', 'annotations'] as const;
const GUIDE_BASE_FIELDS = ['title', 'intro', 'outro', 'zoomLevel', 'isHighlightVisible', 'voiceId', 'speechRate', 'language', 'introCard', 'outroCard'] as const;

/**
 * The values a slide change is made from (its `base`, shared/revision.ts): each field it changes
 * as the page shows it now, so the server refuses it only if someone else changed that field since.
 */
export function slideBase(slide: SlideDto, changes: SlideChanges): SlideBase {
  return Object.fromEntries(SLIDE_BASE_FIELDS.filter((field) => changes[field] !== undefined).map((field) => [field, slide[field]]));
}

/** The same for the guide's own fields that are checked (moving it, publishing it or making it private are not). */
export function guideBase(guide: GuideDto, changes: GuideChanges): GuideBase {
  return Object.fromEntries(GUIDE_BASE_FIELDS.filter((field) => changes[field] !== undefined).map((field) => [field, guide[field]]));
}

/** The values a change sets, as the base of undoing it (and the inverse's, as the base of redoing it). */
export function changeValues(changes: SlideChanges | GuideChanges, of: 'slide' | 'guide' = 'slide'): Record<string, unknown> {
  const fields: readonly string[] = of === 'slide' ? SLIDE_BASE_FIELDS : GUIDE_BASE_FIELDS;
  return Object.fromEntries(Object.entries(changes).filter(([field, value]) => fields.includes(field) && value !== undefined));
}

/** What a slide change is called in the history ("Undo: Edit step 2 text"). */
export function slideChangeLabel(changes: SlideChanges, position: number): string {
  if (changes.order !== undefined) return `Move step ${position}`;
  if (changes.text !== undefined) return `Edit step ${position} text`;
  if (changes.narration !== undefined) return `Edit step ${position} narration`;
  if (changes.title !== undefined) return `Edit step ${position} title`;
  if (changes.click !== undefined) return `Move step ${position} click point`;
  if (changes.zoomLevel !== undefined) return `Change step ${position} zoom`;
  if (changes.isHighlightVisible !== undefined) return `Change step ${position} highlight`;
  if (changes.annotations !== undefined) return `Edit step ${position} annotations`;
  return `Edit step ${position}`;
}

export function guideChangeLabel(changes: GuideChanges): string {
  if (changes.title !== undefined) return 'Rename the guide';
  if (changes.intro !== undefined) return 'Edit the intro';
  if (changes.outro !== undefined) return 'Edit the outro';
  if (changes.introCard !== undefined) return changes.introCard ? 'Edit the intro card' : 'Remove the intro card';
  if (changes.outroCard !== undefined) return changes.outroCard ? 'Edit the outro card' : 'Remove the outro card';
  if (changes.voiceId !== undefined || changes.speechRate !== undefined) return 'Change the voice';
  if (changes.visibility !== undefined) return 'Change who can view';
  if (changes.indexable !== undefined) return changes.indexable ? 'Let search engines index the guide' : 'Keep the guide out of search engines';
  if (changes.status !== undefined) return changes.status === 'published' ? 'Publish' : 'Unpublish';
  return 'Change the guide settings';
}
