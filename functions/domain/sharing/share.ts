import { CaptureMeta } from '#shared/capture';
import { AppError } from '#shared/errors';
import { isWalkable } from '#shared/guide-me';
import { storedAnnotations } from '#shared/annotations';
import { effectiveHighlight, effectiveZoomLevel } from '#shared/guides';
import { DEFAULT_LANGUAGE } from '#shared/narration';
import type { SharedGuideDto } from '#shared/share/shared-guide';
import { DEFAULT_SHOWN_BRAND } from '#shared/brand-look';
import { Asset } from '../platform';
import { audioFields, GuideCards, loadPublished, TranslationPublishing } from '../guide-store';
import { membership } from '../members';
import { nameOf as organizationName } from '../organizations';
import { Entitlements } from '../billing';
import { Brand } from '../brand';
import * as Kept from './share-kept';
import { db } from '../../db/service';
import type { Guide } from '../guide-store';

/** The guide and its published slides (and the published language asked for) when this viewer may see it (the rule below), else not found. */
export async function viewable(guideId: string, viewerUserId?: string, language?: string, item?: Guide | null) {
  const { guide, slides, translation } = await loadPublished(guideId, language, item);
  const notFound = new AppError('not_found', 'Guide not found.');
  if (!guide || guide.status !== 'published') throw notFound;
  if (guide.visibility === 'private' && !(viewerUserId && (await membership(guide.orgId, viewerUserId)))) throw notFound;
  return { guide, slides, translation };
}

type Published = Awaited<ReturnType<typeof viewable>>;

/** A slide's screenshot as viewers get it (a signed link for a private guide), its size and click point. */
export async function pictureOf(guide: Published['guide'], slide: Published['slides'][number]) {
  return {
    screenshotUrl: slide.screenshotKey ? await Asset.urlFor(guide, slide.screenshotKey) : null,
    width: slide.width ?? null,
    height: slide.height ?? null,
    click: slide.click ? { x: slide.click.x, y: slide.click.y } : null,
  };
}

/**
 * A guide as its viewers see it (its published version, not the draft being edited), in a
 * language its published version carries when one is asked for (never a draft's translation).
 * Published and public: anyone. Private: members of its organisation only. Drafts and
 * everything else: not found, the same answer a missing guide gets, so a link reveals nothing.
 * With it, `live`: the answer changes with every edit (a guide published before versions shows
 * its live steps), not only when the guide is published again.
 */
export async function sharedGuideAnswer(guideId: string, viewerUserId?: string, language?: string): Promise<{ guide: SharedGuideDto; live: boolean }> {
  const { data: item } = await db().entities.guide.get({ guideId }).go();
  const live = item?.publishedVersion === undefined;
  const kept = item ? Kept.get(item, language) : undefined;
  if (kept) return { guide: indexing(await withOrganization(kept, item!.orgId), item!), live };
  const { guide, slides, translation } = await viewable(guideId, viewerUserId, language, item);
  const shared: SharedGuideDto = {
    id: guide.guideId,
    title: guide.title,
    organizationName: '',
    visibility: guide.visibility,
    updatedAt: new Date(guide.updatedAt).toISOString(),
    // Never a private guide's: its preview is removed, and the edge gives it generic tags.
    socialImageUrl: guide.socialImageKey && guide.visibility === 'public' ? Asset.assetUrl(guide.socialImageKey) : null,
    ...GuideCards.fromGuide(guide),
    slides: await Promise.all(slides.map(async (slide) => ({
      id: slide.slideId,
      title: slide.title ?? null,
      text: slide.text ?? null,
      narration: slide.narration ?? null,
      ...(await pictureOf(guide, slide)),
      zoomLevel: effectiveZoomLevel(slide, guide),
      isHighlightVisible: effectiveHighlight(slide, guide),
      annotations: storedAnnotations(slide.annotations),
      typing: CaptureMeta.safeParse(slide.capture).data?.action === 'type',
      ...(await audioFields(slide, guide).then(({ audioUrl, audioDurationMs, words }) => ({ audioUrl, audioDurationMs, words }))),
    }))),
    language: guide.language ?? DEFAULT_LANGUAGE,
    languages: TranslationPublishing.languagesOf(guide),
    guideMe: isWalkable(slides.map((slide) => CaptureMeta.safeParse(slide.capture).data?.page?.url)),
    embed: false,
    brand: DEFAULT_SHOWN_BRAND,
    indexable: false,
  };
  const answer = translation ? await TranslationPublishing.translatedShare(shared, guide, translation) : shared;
  if (item) Kept.set(item, language, answer);
  return { guide: indexing(await withOrganization(answer, guide.orgId), item ?? guide), live };
}

/** Whether search engines may index it: the author's setting as it is now (never kept with a version), public guides only. */
function indexing(answer: SharedGuideDto, guide: Pick<Guide, 'indexable' | 'visibility'>): SharedGuideDto {
  return { ...answer, indexable: guide.indexable === true && guide.visibility === 'public' };
}

/**
 * The organisation's name, embed right and brand, each kept a minute by this instance
 * (organization.ts, entitlements.ts, brand/shown.ts): never part of what is kept, so a rename, a
 * plan change or a new brand reaches the answer without a publish.
 */
async function withOrganization(answer: SharedGuideDto, orgId: string): Promise<SharedGuideDto> {
  const [name, embed, brand] = await Promise.all([organizationName(orgId), Entitlements.mayEmbed(orgId), Brand.shown(orgId)]);
  return { ...answer, organizationName: name ?? '', embed, brand };
}
