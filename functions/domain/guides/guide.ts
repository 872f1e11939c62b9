import { AppError } from '#shared/errors';
import { NO_STEPS_TO_PUBLISH, canPublishSteps } from '#shared/versions';
import type { GuideListDto } from '#shared/guides';
import type { GuideBase } from '#shared/revision';
import { NO_FOLDER } from '../../db/entities/guide';
import { isConditionFailed } from '../../db/errors';
import { db } from '../../db/service';
import { Asset, newGuideId, newId, ShareCache } from '../platform';
import { Entitlements } from '../billing';
import { Export } from '../export';
import * as SocialImage from './social-image';
import { requireVerifiedUser } from '../accounts';
import {
  type Actor,
  copyableFields,
  type Guide,
  GUIDE_NOT_FOUND,
  GuideCards,
  GuideRead,
  loadInOrg,
  requireDeleteRight,
  Revision,
} from '../guide-store';
import { folderOpen, requireFolder } from './folder';
import { detail, editableGuideFields, guideDto, summaryDto } from './guide-dto';
import * as Versions from './versions';

/**
 * Guides, always read and written through the organisation: another organisation's guide is
 * simply not found. Their slides are slide.ts's, their folders folder.ts's.
 */
export { detail, guideDto, summaryDto, type Guide };
export const { fromId, load } = GuideRead;
export type { Actor };

/** The cards a copy of the guide starts with (those that still read as cards). */
function cardsToCopy(guide: Guide): { introCard?: unknown; outroCard?: unknown } {
  const { introCard, outroCard } = GuideCards.fromGuide(guide);
  return { ...(introCard ? { introCard } : {}), ...(outroCard ? { outroCard } : {}) };
}

export async function list(
  orgId: string,
  query: { folderId?: string | undefined; q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<GuideListDto> {
  if (query.folderId) await requireFolder(orgId, query.folderId);
  const entity = db().entities.guide;
  const base = query.folderId ? entity.query.byFolder({ orgId, folderId: query.folderId }) : entity.query.byOrg({ orgId });
  const needle = query.q?.toLowerCase();
  const filtered = needle ? base.where(({ titleLower }, { contains }) => contains(titleLower, needle)) : base;
  try {
    const page = await filtered.go({ order: 'desc', limit: query.limit, cursor: query.cursor ?? null, ...(needle ? { count: query.limit } : {}) });
    return { items: await Promise.all(page.data.map(summaryDto)), nextCursor: page.cursor ?? null };
  } catch (error) {
    if ((error as { code?: number }).code === 5003 || /cursor/i.test((error as Error).message)) {
      throw new AppError('validation_failed', 'The cursor is not valid for this list.', { cursor: 'Not a valid cursor.' });
    }
    throw error;
  }
}

export interface NewGuide {
  orgId: string;
  createdBy: string;
  title: string;
  folderId?: string | undefined;
  status?: 'draft' | 'published';
  visibility?: 'public' | 'private';
  /** a fixed id (seeded guides keep theirs across machines); new guides get a random one */
  guideId?: string;
  slideCount?: number;
  thumbnailKey?: string;
  /** skip the plan's guide limit (the seed) */
  ignorePlanLimit?: boolean;
  /** the title is capture's placeholder: the smart transcript may replace it */
  autoTitle?: boolean | undefined;
}

/**
 * Creates a guide and counts it on the organisation in one transaction; without Pro the count's
 * condition refuses the guide past the free limit, even under concurrent creates.
 */
export async function create(input: NewGuide): Promise<Guide> {
  if (input.folderId) await requireFolder(input.orgId, input.folderId);
  const folderId = input.folderId;
  const limit = input.ignorePlanLimit ? Number.POSITIVE_INFINITY : (await Entitlements.forOrganization(input.orgId)).guideLimit;
  const guideId = input.guideId ?? newGuideId();
  const result = await db()
    .transaction.write(({ guide, organization, folder }) => [
      guide
        .create({
          guideId,
          orgId: input.orgId,
          createdBy: input.createdBy,
          title: input.title.trim(),
          folderId: input.folderId ?? NO_FOLDER,
          status: input.status ?? 'draft',
          visibility: input.visibility ?? 'public',
          slideCount: input.slideCount ?? 0,
          ...(input.thumbnailKey ? { thumbnailKey: input.thumbnailKey } : {}),
          ...(input.autoTitle ? { titleAuto: true } : {}),
        })
        .commit(),
      Number.isFinite(limit)
        ? organization
            .patch({ orgId: input.orgId })
            .add({ guideCount: 1 })
            .where((attr, { lt }) => lt(attr.guideCount, limit))
            .commit()
        : organization.patch({ orgId: input.orgId }).add({ guideCount: 1 }).commit(),
      ...(folderId ? [folderOpen(folder, input.orgId, folderId)] : []),
    ])
    .go();
  if (result.canceled) {
    const [guideResult, orgResult, folderResult] = result.data.map((r) => r?.code);
    if (folderResult === 'ConditionalCheckFailed') throw new AppError('not_found', 'Folder not found.');
    if (orgResult === 'ConditionalCheckFailed' && guideResult !== 'ConditionalCheckFailed') {
      throw new AppError('plan_limit', `The free plan holds ${limit} guides. Start your Pro trial for unlimited guides.`);
    }
    throw new AppError('conflict', 'The guide could not be created. Please try again.');
  }
  return (await GuideRead.get(guideId))!;
}

export async function update(
  actor: Actor,
  guideId: string,
  changes: {
    title?: string | undefined;
    folderId?: string | null | undefined;
    zoomLevel?: number | undefined;
    isHighlightVisible?: boolean | undefined;
    visibility?: 'public' | 'private' | undefined;
    status?: 'draft' | 'published' | undefined;
    indexable?: boolean | undefined;
    voiceId?: string | undefined;
    speechRate?: number | undefined;
    language?: string | undefined;
    intro?: string | undefined;
    outro?: string | undefined;
  } & GuideCards.CardChanges,
  /** the values the edit was made from: a field someone else changed since refuses it (Revision.refuseChanged) */
  base?: GuideBase,
  attempt = 1,
): Promise<Guide> {
  const { orgId } = actor;
  const guide = await GuideRead.fromId({ orgId, guideId });
  Revision.refuseChanged('guide', base, editableGuideFields(guide));
  if (changes.folderId) await requireFolder(orgId, changes.folderId);
  const sharesPublicly =
    (changes.status ?? guide.status) === 'published' &&
    (changes.visibility ?? guide.visibility) === 'public' &&
    (changes.status === 'published' || changes.visibility === 'public');
  if (changes.status === 'published' && guide.status !== 'published' && !canPublishSteps(guide.slideCount)) throw new AppError('conflict', NO_STEPS_TO_PUBLISH);
  if (sharesPublicly) await requireVerifiedUser(actor.userId, 'publish');
  if (changes.visibility === 'private' && guide.visibility !== 'private' && !(await Entitlements.forOrganization(orgId)).privateGuides) {
    throw new AppError('plan_limit', 'Private guides are a Pro feature. Start your Pro trial to keep guides private.');
  }
  const set: Partial<
    Pick<Guide, 'title' | 'folderId' | 'zoomLevel' | 'isHighlightVisible' | 'visibility' | 'status' | 'voiceId' | 'speechRate' | 'language' | 'intro' | 'outro' | 'titleAuto' | 'indexable'>
  > = {};
  if (changes.title !== undefined) {
    set.title = changes.title;
    // The author named it: the transcript no longer proposes titles.
    set.titleAuto = false;
  }
  for (const field of ['voiceId', 'speechRate', 'language', 'intro', 'outro'] as const) {
    if (changes[field] !== undefined) (set as Record<string, unknown>)[field] = changes[field];
  }
  if (changes.folderId !== undefined) set.folderId = changes.folderId ?? NO_FOLDER;
  if (changes.zoomLevel !== undefined) set.zoomLevel = changes.zoomLevel;
  if (changes.isHighlightVisible !== undefined) set.isHighlightVisible = changes.isHighlightVisible;
  if (changes.visibility !== undefined) set.visibility = changes.visibility;
  if (changes.status !== undefined) set.status = changes.status;
  if (changes.indexable !== undefined) set.indexable = changes.indexable;
  const movesIntoFolder = set.folderId !== undefined && set.folderId !== NO_FOLDER && set.folderId !== guide.folderId ? set.folderId : undefined;
  if (movesIntoFolder) {
    // The move and the folder's "not being deleted" are one transaction: a folder's delete
    // either sees the guide in its sweep or the move fails, so no guide is left in a deleted folder.
    const result = await db()
      .transaction.write(({ guide: guides, folder }) => [
        guides
          .patch({ guideId })
          .set(set)
          .composite({ orgId, folderId: guide.folderId })
          .where((attr, { eq }) => (base ? `${eq(attr.folderId, guide.folderId)} AND ${eq(attr.updatedAt, guide.updatedAt)}` : eq(attr.folderId, guide.folderId)))
          .commit(),
        folderOpen(folder, orgId, movesIntoFolder),
      ])
      .go();
    if (result.canceled) {
      if (result.data[1]?.code === 'ConditionalCheckFailed') throw new AppError('not_found', 'Folder not found.');
      throw new AppError('conflict', 'The guide changed while it was being moved. Please try again.');
    }
  } else {
    const patch = db()
      .entities.guide.patch({ guideId })
      .set(set)
      // The composite names the current keys: a condition that the guide is still where it was read.
      .composite({ orgId, folderId: guide.folderId });
    try {
      // A checked edit writes only over the guide it compared: any write since moved updatedAt on.
      await (base ? patch.where((attr, { eq }) => eq(attr.updatedAt, guide.updatedAt)) : patch).go();
    } catch (error) {
      if (!base || !isConditionFailed(error)) throw error;
      if (attempt >= Revision.FIELD_WRITE_ATTEMPTS) throw new AppError('conflict', 'The guide is being changed by someone else. Please try again.');
      return update(actor, guideId, changes, base, attempt + 1);
    }
  }
  await GuideCards.write(guideId, changes);
  const updated = (await GuideRead.get(guideId))!;
  if (changes.visibility !== undefined && changes.visibility !== guide.visibility) {
    // The guide's assets follow it: private ones leave the public keys CloudFront serves.
    await Asset.moveGuide(orgId, guideId, changes.visibility);
    if (changes.visibility === 'private') await SocialImage.forget(updated);
  }
  // Published for the first time: the draft as it is becomes version 1, what the link serves.
  if (changes.status === 'published' && updated.publishedVersion === undefined) await Versions.publish(actor, guideId);
  else if (updated.status === 'published' && (updated.publishedVersion === undefined || updated.status !== guide.status || updated.visibility !== guide.visibility)) {
    // The preview shows the published version: a draft edit leaves it as it is. A guide serving
    // its live slides (never versioned) shows every edit; a guide published again or made public
    // again gets its preview back.
    await Versions.refreshSocialImage(guideId);
  }
  // Unpublished, published again, made private or public: CloudFront's copy of the share answer
  // goes (a first publish cleared it in Versions.publish).
  const published = changes.status === 'published' && guide.publishedVersion === undefined;
  // So is a change of whether search engines may index it: the share page's robots tag follows the answer.
  const indexing = (updated.indexable === true) !== (guide.indexable === true);
  if (!published && (updated.status !== guide.status || updated.visibility !== guide.visibility || indexing)) await ShareCache.clearShared([guideId]);
  return updated;
}

/**
 * Deletes a guide, its slides and its assets, and uncounts it: its creator, an admin or an owner
 * only. The delete and the count are one conditional transaction, so of many concurrent deletes
 * only the first counts; the others find no guide.
 */
export async function remove(actor: Actor, guideId: string): Promise<void> {
  const guide = await GuideRead.fromId({ orgId: actor.orgId, guideId });
  requireDeleteRight(actor, guide, 'guide');
  const result = await db()
    .transaction.write(({ guide: guides, organization }) => [
      guides.remove({ guideId }).where((attr, { eq }) => eq(attr.orgId, actor.orgId)).commit(),
      organization.patch({ orgId: actor.orgId }).subtract({ guideCount: 1 }).commit(),
    ])
    .go();
  if (result.canceled) throw new AppError('not_found', GUIDE_NOT_FOUND);
  const { data: slides } = await db().entities.slide.query.byGuide({ guideId }).go({ pages: 'all', attributes: ['guideId', 'slideId'] });
  if (slides.length > 0) await db().entities.slide.delete(slides).go();
  // Its languages' drafts (their audio goes with the guide's prefix below).
  const { data: languages } = await db().entities.translation.query.byGuide({ guideId }).go({ pages: 'all', attributes: ['guideId', 'language'] });
  if (languages.length > 0) await db().entities.translation.delete(languages).go();
  await Versions.removeAll(guideId);
  await Export.removeForGuide(guideId);
  await Asset.removePrefix(Asset.guidePrefix(actor.orgId, guideId));
  if (guide.status === 'published') await ShareCache.clearShared([guideId]);
}

/** What a duplicate's title ends with. */
const COPY_MARK = ' (copy)';

/** A copy in the same folder, with copies of its screenshots; counts against the plan like a new guide. */
export async function duplicate(orgId: string, guideId: string, createdBy: string): Promise<Guide> {
  const { guide, slides } = await loadInOrg(orgId, guideId);
  const copyId = newGuideId();
  const prefix = Asset.guidePrefix(orgId, copyId);
  const keys = new Map<string, string>();
  for (const slide of slides) {
    if (slide.screenshotKey && !keys.has(slide.screenshotKey)) keys.set(slide.screenshotKey, await Asset.copyTo(slide.screenshotKey, prefix, guide.visibility));
    // The voiceover goes with the copy, with the timings file beside it (same name, .json).
    if (slide.audioKey && !keys.has(slide.audioKey)) {
      keys.set(slide.audioKey, await Asset.copyTo(slide.audioKey, `${prefix}audio/`, guide.visibility));
      await Asset.copyTo(slide.audioKey.replace(/\.[a-z0-9]+$/, '.json'), `${prefix}audio/`, guide.visibility).catch(() => undefined);
    }
  }
  if (slides.length > 0) {
    await db()
      .entities.slide.put(
        slides.map((s) => ({
          ...copyableFields(s),
          guideId: copyId,
          slideId: newId(),
          ...(s.screenshotKey ? { screenshotKey: keys.get(s.screenshotKey) } : {}),
          ...(s.audioKey ? { audioKey: keys.get(s.audioKey) } : {}),
        })),
      )
      .go();
  }
  const firstKey = slides[0]?.screenshotKey ? keys.get(slides[0].screenshotKey) : undefined;
  try {
    const created = await create({
      guideId: copyId,
      orgId,
      createdBy,
      // The mark stays whole however long the title: the title gives way to it.
      title: `${guide.title.slice(0, 200 - COPY_MARK.length).trimEnd()}${COPY_MARK}`,
      folderId: guide.folderId === NO_FOLDER ? undefined : guide.folderId,
      status: 'draft',
      visibility: guide.visibility,
      slideCount: slides.length,
      ...(firstKey ? { thumbnailKey: firstKey } : {}),
    });
    const voice = {
      ...(guide.voiceId ? { voiceId: guide.voiceId } : {}),
      ...(guide.speechRate !== undefined ? { speechRate: guide.speechRate } : {}),
      ...(guide.language ? { language: guide.language } : {}),
      ...(guide.intro ? { intro: guide.intro } : {}),
      ...(guide.outro ? { outro: guide.outro } : {}),
      ...cardsToCopy(guide),
    };
    await db().entities.guide.patch({ guideId: copyId }).set({ zoomLevel: guide.zoomLevel, isHighlightVisible: guide.isHighlightVisible, ...voice }).go();
    return { ...created, zoomLevel: guide.zoomLevel, isHighlightVisible: guide.isHighlightVisible, ...voice };
  } catch (error) {
    // Refused (plan limit): leave nothing behind.
    const { data } = await db().entities.slide.query.byGuide({ guideId: copyId }).go({ pages: 'all', attributes: ['guideId', 'slideId'] });
    if (data.length > 0) await db().entities.slide.delete(data).go();
    await Asset.removePrefix(prefix);
    throw error;
  }
}
