import { CaptureMeta } from '#shared/capture';
import type { GuideMeDto } from '#shared/guide-me';
import { locatorCandidates } from '#shared/locator';
import { audioFields } from './narration/slide-audio';
import { pictureOf, viewable } from './share';

/**
 * A shared guide as the extension's "Guide me" overlay walks it in the real app: each step's
 * words and media as the share page has them, and where and how to find its element (the same
 * locator candidates, in the same order, as the drift check). Who may read it is the share
 * page's rule (published; private guides for members only). Only locator candidates leave the
 * server, never the raw capture record: a redacted element's candidates carry no content.
 */
export async function fromShare(guideId: string, viewerUserId?: string): Promise<GuideMeDto> {
  const { guide, slides } = await viewable(guideId, viewerUserId);
  return {
    id: guide.guideId,
    title: guide.title,
    steps: await Promise.all(
      slides.map(async (slide) => {
        const capture = CaptureMeta.safeParse(slide.capture).data ?? null;
        const pageUrl = capture?.page?.url ?? null;
        return {
          id: slide.slideId,
          text: slide.text ?? null,
          narration: slide.narration ?? null,
          ...(await pictureOf(guide, slide)),
          audioUrl: (await audioFields(slide, guide)).audioUrl,
          action: capture?.action ?? null,
          pageUrl: pageUrl && /^https?:\/\//.test(pageUrl) ? pageUrl : null,
          viewportWidth: capture?.page?.viewportWidth ?? null,
          locators: locatorCandidates(capture?.element),
        };
      }),
    ),
  };
}
