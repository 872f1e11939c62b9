import { CaptureMeta, keptPageUrl } from '#shared/capture';
import { AppError } from '#shared/errors';
import { isWalkable, NOT_WALKABLE_MESSAGE, type GuideMeDto } from '#shared/guide-me';
import { locatorCandidates } from '#shared/locator';
import { appliedBoxesOf, coversElement } from '#shared/redaction-boxes';
import { audioFields, loadGuide } from '../guide-store';
import { pictureOf, viewable } from './share';

/**
 * A shared guide as the extension's "Guide me" overlay walks it in the real app: each step's
 * words and media as the share page has them, and where and how to find its element (the same
 * locator candidates, in the same order, as the drift check). Who may read it is the share
 * page's rule (published; private guides for members only). Only locator candidates leave the
 * server, never the raw capture record: a redacted element is found by its role and label (a
 * field) and structure, never by what it shows or anything that looks like personal data; one
 * under a redaction box the author applied, by structure only (shared/locator.ts).
 */
export async function fromShare(guideId: string, viewerUserId?: string): Promise<GuideMeDto> {
  const [{ guide, slides }, draft] = await Promise.all([viewable(guideId, viewerUserId), loadGuide(guideId)]);
  // Boxes applied since the version was published are on the draft's slide (the version shows the redacted picture already).
  if (!isWalkable(slides.map((slide) => CaptureMeta.safeParse(slide.capture).data?.page?.url))) throw new AppError('conflict', NOT_WALKABLE_MESSAGE);
  const draftBoxes = new Map(draft.slides.map((s) => [s.slideId, appliedBoxesOf(s.redactedBoxes)]));
  return {
    id: guide.guideId,
    title: guide.title,
    steps: await Promise.all(
      slides.map(async (slide) => {
        const capture = CaptureMeta.safeParse(slide.capture).data ?? null;
        // Slides stored before the API kept URLs bare may hold a query or fragment: never answered.
        const pageUrl = keptPageUrl(capture?.page?.url);
        return {
          id: slide.slideId,
          text: slide.text ?? null,
          narration: slide.narration ?? null,
          ...(await pictureOf(guide, slide)),
          audioUrl: (await audioFields(slide, guide)).audioUrl,
          action: capture?.action ?? null,
          pageUrl,
          viewportWidth: capture?.page?.viewportWidth ?? null,
          locators: locatorCandidates(capture?.element, { covered: coversElement([...appliedBoxesOf(slide.redactedBoxes), ...(draftBoxes.get(slide.slideId) ?? [])], slide.click, slide.capture) }),
        };
      }),
    ),
  };
}
