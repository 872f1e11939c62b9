import { storedAnnotations } from '#shared/annotations';
import type { SlideDto } from '#shared/guides';
import { suggestionsFrom } from '#shared/redaction-boxes';
import { Asset } from '../platform';
import type { Guide, Slide } from '../guide-store';
import { audioFields } from '../guide-store';

/** The fields an edit may change, as the API answers them: what an edit's `base` is compared with (shared/revision.ts). */
export function editableSlideFields(slide: Slide) {
  return {
    order: slide.order,
    title: slide.title ?? null,
    text: slide.text ?? null,
    narration: slide.narration ?? null,
    click: slide.click ? { x: slide.click.x, y: slide.click.y } : null,
    zoomLevel: typeof slide.zoomLevel === 'number' ? slide.zoomLevel : null,
    isHighlightVisible: typeof slide.isHighlightVisible === 'boolean' ? slide.isHighlightVisible : null,
    annotations: storedAnnotations(slide.annotations),
  };
}

/**
 * A slide as its guide's members see it. Apart from slide.ts, which writes slides and runs the
 * smart transcript after, so that a guide's answer (guide.ts) does not depend on the writing.
 */
export async function slideDto(guide: Pick<Guide, 'guideId' | 'orgId' | 'visibility' | 'voiceId' | 'speechRate'>, slide: Slide): Promise<SlideDto> {
  const { order, title, text, narration, click, zoomLevel, isHighlightVisible, annotations } = editableSlideFields(slide);
  return {
    id: slide.slideId,
    order,
    title,
    text,
    narration,
    screenshotKey: slide.screenshotKey ?? null,
    screenshotUrl: slide.screenshotKey ? await Asset.urlFor(guide, slide.screenshotKey) : null,
    width: slide.width ?? null,
    height: slide.height ?? null,
    click,
    zoomLevel,
    isHighlightVisible,
    annotations,
    ...(await audioFields(slide, guide)),
    edited: slide.edited === true,
    needsText: slide.needsText === true,
    redactionSuggestions: suggestionsFrom(slide.capture, slide),
  };
}
