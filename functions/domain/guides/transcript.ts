import { CaptureMeta } from '#shared/capture';
import { AppError } from '#shared/errors';
import type { GuideDto } from '#shared/guides';
import { db } from '../../db/service';
import { detail } from './guide-dto';
import { loadGuide } from '../guide-store';
import type { TranscriptInput, TranscriptProvider, TranscriptStep } from '../narration';
import { localTranscript, transcriptProvider } from '../narration';
import { Storage } from '../platform';

/**
 * The smart transcript of a guide: step text and narration for every slide the author has not
 * edited, from what capture recorded, plus the guide's title (while it is capture's placeholder),
 * intro and outro. A slide the author edited is rewritten only when they confirm.
 */
type Loaded = Awaited<ReturnType<typeof loadGuide>>;
type Slide = Loaded['slides'][number];
type Guide = NonNullable<Loaded['guide']>;

/** What capture recorded on a slide, parsed: stored data is read through the contract, never cast. */
export function captureOf(slide: Pick<Slide, 'capture'>): CaptureMeta | null {
  const parsed = CaptureMeta.safeParse(slide.capture);
  return parsed.success ? parsed.data : null;
}

const SCREENSHOT_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

async function screenshotOf(key: string): Promise<TranscriptStep['screenshot']> {
  const type = SCREENSHOT_TYPES[key.slice(key.lastIndexOf('.') + 1) as keyof typeof SCREENSHOT_TYPES];
  if (!type) return undefined;
  return { bytes: await Storage.read(key), mimeType: type };
}

async function inputOf(guide: Guide, slides: Slide[], withScreenshots: boolean): Promise<TranscriptInput> {
  return {
    goal: guide.titleAuto ? undefined : guide.title,
    steps: await Promise.all(
      slides.map(async (slide) => {
        const capture = captureOf(slide);
        return { capture, screenshot: withScreenshots && !capture && slide.screenshotKey ? await screenshotOf(slide.screenshotKey) : undefined };
      }),
    ),
  };
}

async function apply(
  guide: Guide,
  slides: Slide[],
  provider: TranscriptProvider,
  options: { only?: ReadonlySet<string>; overwriteEdited: boolean; guideLines: boolean; withScreenshots: boolean },
): Promise<void> {
  const transcript = await provider.write(await inputOf(guide, slides, options.withScreenshots));
  const writes = slides.flatMap((slide, index) => {
    const words = transcript.slides[index];
    if (!words || (options.only && !options.only.has(slide.slideId))) return [];
    if (slide.edited && !options.overwriteEdited) return [];
    if (slide.text === words.text && slide.narration === words.narration && !!slide.needsText === words.needsText && !slide.edited) return [];
    return [{ slide, words }];
  });
  // Only the words change, and only while the author has not edited them meanwhile (unless they
  // asked to overwrite): a slide added or edited in parallel keeps everything else it has.
  await Promise.all(
    writes.map(({ slide, words }) => {
      const patch = db()
        .entities.slide.patch({ guideId: guide.guideId, slideId: slide.slideId })
        .set({ text: words.text, narration: words.narration, needsText: words.needsText, edited: false });
      const guarded = options.overwriteEdited ? patch : patch.where((attr, { eq, notExists }) => `${notExists(attr.edited)} OR ${eq(attr.edited, false)}`);
      return guarded.go().catch((error: unknown) => {
        if ((error as { cause?: { name?: string } }).cause?.name !== 'ConditionalCheckFailedException') throw error;
      });
    }),
  );
  const set: { title?: string; intro?: string; outro?: string } = {};
  if (guide.titleAuto && transcript.title && transcript.title !== guide.title) set.title = transcript.title;
  if (options.guideLines || !guide.intro) {
    if (transcript.intro !== guide.intro) set.intro = transcript.intro;
    if (transcript.outro !== guide.outro) set.outro = transcript.outro;
  }
  if (Object.keys(set).length > 0) await db().entities.guide.patch({ guideId: guide.guideId }).set(set).composite({ orgId: guide.orgId, folderId: guide.folderId }).go();
}

/**
 * After a slide is added: the words of slides nobody wrote (the new one, and neighbours whose
 * connectives shift) with the local provider, fast enough for every capture's upload.
 */
export async function afterSlideAdded(guideId: string): Promise<void> {
  const { guide, slides } = await loadGuide(guideId);
  if (!guide) return;
  await apply(guide, slides, localTranscript, { overwriteEdited: false, guideLines: !!guide.titleAuto, withScreenshots: false });
}

/** "Regenerate": the configured provider rewrites the chosen slides (all by default) and the guide's lines. */
export async function regenerate(orgId: string, guideId: string, options: { slideIds?: string[] | undefined; overwriteEdited: boolean }): Promise<GuideDto> {
  const { guide, slides } = await loadGuide(guideId);
  if (!guide || guide.orgId !== orgId) throw new AppError('not_found', 'Guide not found.');
  const only = options.slideIds ? new Set(options.slideIds) : undefined;
  if (only && [...only].some((id) => !slides.some((s) => s.slideId === id))) throw new AppError('not_found', 'Slide not found.');
  const provider = await transcriptProvider();
  await apply(guide, slides, provider, { only, overwriteEdited: options.overwriteEdited, guideLines: !only, withScreenshots: provider.name !== localTranscript.name });
  return detail(orgId, guideId);
}
