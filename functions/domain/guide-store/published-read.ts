import { byOrder } from '#shared/order';
import { db } from '../../db/service';
import type { Guide, Slide } from './guide-read';
import { readForShare } from './translation-publishing';
import { guideContent } from './version-snapshot';

/**
 * A guide as its viewers see it: the settings and slides of its published version while the
 * author edits a draft, or its live slides when it was never published with versions (guides from
 * before versions, the seed). Two reads: the guide item (which carries the published settings)
 * and one Query of that version's slides; a language asked for is the version's copy of it (one
 * GetItem beside the Query), never the draft's translation. Apart from versions.ts so that readers
 * (the share page, exports) do not carry the publishing code.
 */
export async function loadPublished(
  guideId: string,
  language?: string,
  /** the guide item, when the caller has just read it: the read is not made again */
  item?: Guide | null,
): Promise<{ guide: Guide | null; slides: Slide[]; translation?: Record<string, unknown> | undefined }> {
  const guide = item === undefined ? (await db().entities.guide.get({ guideId }).go()).data : item;
  if (!guide) return { guide: null, slides: [] };
  if (guide.publishedVersion === undefined) {
    const [{ data }, translation] = await Promise.all([db().entities.slide.query.byGuide({ guideId }).go({ pages: 'all' }), readForShare(guide, language)]);
    return { guide, slides: data.sort(byOrder((s) => s.slideId)), translation };
  }
  const [{ data }, translation] = await Promise.all([
    db().entities.versionSlide.query.byVersion({ guideId, version: guide.publishedVersion }).go({ pages: 'all' }),
    readForShare(guide, language),
  ]);
  const slides = data
    .sort((a, b) => a.position - b.position)
    .map((item) => ({ ...(item.slide as Slide), guideId, orgId: guide.orgId }));
  // The draft's settings give way to the version's, including those the version did not have.
  const draftOnly = new Set(Object.keys(guideContent(guide)));
  const base = Object.fromEntries(Object.entries(guide).filter(([name]) => !draftOnly.has(name))) as Guide;
  return { guide: { ...base, ...(guide.publishedGuide as Partial<Guide> | undefined) }, slides, translation };
}
