import { AppError } from '#shared/errors';
import { byOrder } from '#shared/order';
import { db } from '../../db/service';

/**
 * A guide with all its slides in order: one Query over the guide's item collection. Apart from
 * guide.ts so that readers (the share page) do not carry the editing code and its image library.
 */
export async function loadGuide(guideId: string) {
  const { data } = await db().collections.guide({ guideId }).go({ pages: 'all' });
  const guide = data.guide[0];
  return { guide, slides: data.slide.sort(byOrder((s) => s.slideId)) };
}

/** A guide as stored, and one of its slides. */
export type Guide = NonNullable<Awaited<ReturnType<typeof get>>>;

export type Slide = Awaited<ReturnType<typeof load>>['slides'][number];

/**
 * A slide's fields for a copy of it (a split, a duplicated step or guide): everything but its
 * screenshot history (slide-screenshot.ts), which names the originals of this slide alone.
 */
export function copyableFields<S extends { previousScreenshots?: unknown }>(slide: S): Omit<S, 'previousScreenshots'> {
  const { previousScreenshots: _history, ...fields } = slide;
  return fields;
}

export const GUIDE_NOT_FOUND = 'Guide not found.';

export async function get(guideId: string) {
  const { data } = await db().entities.guide.get({ guideId }).go();
  return data;
}

/** A guide of this organisation, or not found (the tenancy check and the read are one). */
export async function fromId({ orgId, guideId }: { orgId: string; guideId: string }): Promise<Guide> {
  const guide = await get(guideId);
  if (!guide || guide.orgId !== orgId) throw new AppError('not_found', GUIDE_NOT_FOUND);
  return guide;
}

/** A guide with all its slides in order (one Query). */
export const load = loadGuide;

/** A guide of this organisation with all its slides in order, or not found. */
export async function loadInOrg(orgId: string, guideId: string) {
  const loaded = await load(guideId);
  if (!loaded.guide || loaded.guide.orgId !== orgId) throw new AppError('not_found', GUIDE_NOT_FOUND);
  return { guide: loaded.guide, slides: loaded.slides };
}
