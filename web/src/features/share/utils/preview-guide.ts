import { effectiveHighlight, effectiveZoomLevel, type GuideDto } from '#shared/guides';
import type { SharedGuideDto } from '#shared/share/shared-guide';

/**
 * The editor's copy of a guide as the share page would receive it: the same fields the share
 * API answers (shared/share/shared-guide.ts), with each slide's effective zoom and highlight, so
 * that the preview plays exactly what viewers will see once it is published.
 */
export function previewGuide(guide: GuideDto, organizationName = ''): SharedGuideDto {
  return {
    id: guide.id,
    title: guide.title,
    organizationName,
    visibility: guide.visibility,
    updatedAt: guide.updatedAt,
    socialImageUrl: null,
    introCard: guide.introCard,
    outroCard: guide.outroCard,
    // the guide's own words: translations are previewed from the Languages panel
    language: guide.language,
    languages: [],
    // the author's own preview: not an embed
    embed: true,
    indexable: false,
    slides: guide.slides.map((slide) => ({
      id: slide.id,
      title: slide.title,
      text: slide.text,
      narration: slide.narration,
      screenshotUrl: slide.screenshotUrl,
      width: slide.width,
      height: slide.height,
      click: slide.click,
      zoomLevel: effectiveZoomLevel(slide, guide),
      isHighlightVisible: effectiveHighlight(slide, guide),
      audioUrl: slide.audioUrl,
      audioDurationMs: slide.audioDurationMs,
      words: slide.words,
      annotations: slide.annotations,
      // the author's preview has no capture details: the try view treats every step as a click
      typing: false,
    })),
  };
}
