import { byOrder } from '#shared/order';
import { db } from '../db/service';

/**
 * A guide with all its slides in order: one Query over the guide's item collection. Apart from
 * guide.ts so that readers (the share page) do not carry the editing code and its image library.
 */
export async function loadGuide(guideId: string) {
  const { data } = await db().collections.guide({ guideId }).go({ pages: 'all' });
  const guide = data.guide[0];
  return { guide, slides: data.slide.sort(byOrder((s) => s.slideId)) };
}
