import { createHash } from 'node:crypto';
import type { ExportRequest } from '#shared/exports';
import { storedAnnotations } from '#shared/annotations';
import { effectiveHighlight, effectiveZoomLevel } from '#shared/guides';
import { isDefaultBrand, type ShownBrand } from '#shared/brand-look';

/**
 * Bumped whenever a renderer changes what it draws, so exports made before are not reused for
 * requests after.
 */
export const RENDERER_VERSION = 1;

interface GuideFields {
  title: string;
  zoomLevel: number;
  isHighlightVisible: boolean;
  introCard?: unknown;
  outroCard?: unknown;
}

interface SlideFields {
  slideId: string;
  text?: string | undefined;
  narration?: string | undefined;
  screenshotKey?: string | undefined;
  click?: { x: number; y: number } | undefined;
  zoomLevel?: unknown;
  isHighlightVisible?: unknown;
  audioKey?: string | undefined;
  audioDurationMs?: number | undefined;
  annotations?: unknown;
}

/**
 * Everything an exported file shows, hashed: the request and the guide as rendered (slides in
 * order, effective zoom and highlight, content-addressed screenshot and voiceover keys). Equal
 * fingerprints mean the same file, so a finished export is reused instead of rendered again.
 */
export function fingerprintOf(request: ExportRequest, guide: GuideFields, slides: readonly SlideFields[], brand?: ShownBrand): string {
  const content = {
    v: RENDERER_VERSION,
    format: request.format,
    options: request.options,
    title: guide.title,
    // Only a brand of the organisation's own (issue 32), so that exports in Stepcast's look keep their fingerprints.
    ...(brand && !(isDefaultBrand(brand) && brand.showBadge) ? { brand } : {}),
    // Only when there are cards, so that exports of guides without them keep their fingerprints.
    ...(guide.introCard || guide.outroCard ? { cards: [guide.introCard ?? null, guide.outroCard ?? null] } : {}),
    slides: slides.map((slide) => ({
      id: slide.slideId,
      text: slide.text ?? null,
      narration: slide.narration ?? null,
      screenshot: slide.screenshotKey ?? null,
      click: slide.click ? [slide.click.x, slide.click.y] : null,
      zoom: effectiveZoomLevel(slide, guide),
      highlight: effectiveHighlight(slide, guide),
      audio: slide.audioKey ?? null,
      audioMs: slide.audioDurationMs ?? null,
      annotations: storedAnnotations(slide.annotations),
      // word timings come with the voiceover (its key changes with them)
    })),
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url');
}
