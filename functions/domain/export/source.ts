import * as z from 'zod';
import { storedAnnotations } from '#shared/annotations';
import type { Annotation } from '#shared/annotation-geometry';
import { effectiveHighlight, effectiveZoomLevel } from '#shared/guides';
import { assetTypeOf } from '#shared/assets';
import { Asset } from '../platform';
import { GuideCards, loadPublished } from '../guide-store';
import { RenderError } from './render/tools';
import type { IntroCard, OutroCard } from '#shared/guide-cards';
import { cardVoiceovers, type CardAudio } from './card-voice';
import { introLines, outroTitle, spoken } from './card-words';
import type { TimelineSlide } from './timeline';
import type { ShownBrand } from '#shared/brand-look';

/**
 * A guide as the renderers need it: its slides in order with the effective zoom and highlight,
 * and the bytes of each screenshot and voiceover, read by key from the asset bucket (never by
 * public URL: a private guide's assets are not public).
 */
export interface ExportSlide extends TimelineSlide {
  index: number;
  screenshot: { bytes: Buffer; contentType: string } | null;
  audio: { bytes: Buffer; contentType: string; durationMs: number } | null;
  /** drawn over the screenshot by every format (shared/annotation-svg.ts) */
  annotations: Annotation[];
}

export interface ExportGuide {
  id: string;
  title: string;
  /** the guide's language (BCP 47), which the PDF declares for readers and screen readers */
  language?: string;
  slides: ExportSlide[];
  /** the player's opening and closing cards, which every format shows too */
  introCard?: IntroCard | null;
  outroCard?: OutroCard | null;
  /** the cards' words spoken in the guide's voice: only for a video whose slides are voiced */
  introAudio?: CardAudio | null;
  outroAudio?: CardAudio | null;
  /** the organisation's brand the file is drawn in (issue 32); absent: Stepcast's look */
  brand?: ShownBrand;
  /** its logo's bytes, for the formats that show it */
  logo?: { bytes: Buffer; contentType: string } | null;
}


/** Word timings the narration adds to a slide; anything else reads as none. */
const Words = z.array(z.object({ startMs: z.number(), endMs: z.number(), text: z.string() }));

export async function readObject(key: string): Promise<{ bytes: Buffer; contentType: string }> {
  return { bytes: Buffer.from(await Asset.read(key)), contentType: assetTypeOf(key).contentType };
}

async function readAsset(key: string, what: string): Promise<{ bytes: Buffer; contentType: string }> {
  try {
    return await readObject(key);
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound' || name === 'AccessDenied') throw new RenderError(`${what} is missing.`);
    throw error;
  }
}

/** The guide with its assets, or undefined when it is gone. */
export async function loadExportGuide(guideId: string, options: { audio: boolean; onSlide?: (done: number, total: number) => void }): Promise<ExportGuide | undefined> {
  // Exports show what viewers see: the published version while the author edits a draft.
  const { guide, slides } = await loadPublished(guideId);
  if (!guide) return undefined;
  let done = 0;
  const loaded = await Promise.all(
    slides.map(async (slide, index): Promise<ExportSlide> => {
      const step = `The screenshot of step ${index + 1}`;
      const [screenshot, audio] = await Promise.all([
        slide.screenshotKey ? readAsset(slide.screenshotKey, step) : null,
        options.audio && slide.audioKey && slide.audioDurationMs ? readAsset(slide.audioKey, `The voiceover of step ${index + 1}`) : null,
      ]);
      const words = Words.safeParse((slide as Record<string, unknown>).words);
      options.onSlide?.(++done, slides.length);
      return {
        id: slide.slideId,
        index,
        size: slide.width && slide.height ? { width: slide.width, height: slide.height } : null,
        click: slide.click ? { x: slide.click.x, y: slide.click.y } : null,
        zoomLevel: effectiveZoomLevel(slide, guide),
        highlight: effectiveHighlight(slide, guide),
        text: slide.text ?? null,
        narration: slide.narration ?? null,
        audioDurationMs: audio ? slide.audioDurationMs! : null,
        words: audio && words.success ? words.data : null,
        screenshot,
        audio: audio ? { ...audio, durationMs: slide.audioDurationMs! } : null,
        annotations: storedAnnotations(slide.annotations),
      };
    }),
  );
  const exported: ExportGuide = { id: guide.guideId, title: guide.title, language: guide.language || 'en-US', slides: loaded, ...GuideCards.fromGuide(guide) };
  // A narrated video says its cards too (the intro's title and subtitle, the outro's title and its
  // call to action's words), in the slides' voice; a guide without a voiceover stays silent.
  if (options.audio && loaded.some((slide) => slide.audio)) {
    const cta = exported.outroCard?.cta;
    const voiced = await cardVoiceovers(guide, { intro: spoken(...introLines(exported)), outro: spoken(outroTitle(exported), cta?.label) });
    exported.introAudio = voiced.intro;
    exported.outroAudio = voiced.outro;
  }
  return exported;
}
