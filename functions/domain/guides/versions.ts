import { AppError } from '#shared/errors';
import { NO_STEPS_TO_PUBLISH, canPublishSteps, type VersionDto, type VersionListDto } from '#shared/versions';
import { mayDeleteContent } from '#shared/permissions';
import type { EntityItem } from 'electrodb';
import type { VersionEntity } from '../../db/entities/version';
import { sleep } from '../../core/sleep';
import { isConditionFailed } from '../../db/errors';
import { db } from '../../db/service';
import type { Actor } from '../guide-store';
import {
  assetKeysOf,
  contentHash,
  type Guide,
  guideContent,
  guideFieldsToRemove,
  keptAssetKeys,
  loadInOrg,
  loadPublished,
  replaceString,
  restorePlan,
  type Slide,
  slideCopy,
  TranslationPublishing,
  VersionStore,
} from '../guide-store';
import { ShareCache } from '../platform';
import * as SlideTrash from './slide-trash';
import * as SocialImage from './social-image';
import { requireVerifiedUser, userById } from '../accounts';

/**
 * A guide's published versions (shared/versions.ts). Publishing copies the draft (the guide's
 * content fields and every slide item, whole) into a new numbered version and points the guide
 * at it; the share page reads it through published-read.ts. Versions are kept with the guide and
 * go with it; the assets they show are never parked while they are kept (keptAssetKeys).
 */
const BATCH = 25;
const BATCH_TRIES = 5;

/**
 * Writes items 25 at a time. DynamoDB may leave some of a batch unprocessed under load: the batch
 * is written again (puts and deletes of whole items repeat safely) until none is left.
 */
async function putAll<T>(items: T[], write: (batch: T[]) => Promise<{ unprocessed: unknown[] }>): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) {
    const batch = items.slice(i, i + BATCH);
    for (let attempt = 1; ; attempt++) {
      const { unprocessed } = await write(batch);
      if (unprocessed.length === 0) break;
      if (attempt >= BATCH_TRIES) throw new Error(`${unprocessed.length} items of a batch write stayed unprocessed`);
      await sleep(50 * 2 ** attempt);
    }
  }
}

/**
 * Publishes the draft as the next version: the share link, embed, social preview and exports
 * serve it from then on, and viewers of each language the draft has ready get that language as
 * it is now (a language not ready, or being translated, is not in the version: its viewers get
 * the original). Publishing publicly needs a verified address, as turning a guide published
 * does. Runs under the revision the caller read (Revision.write), so what it copies is what the
 * author saw.
 */
export async function publish(actor: Actor, guideId: string): Promise<number> {
  const { guide, slides } = await loadInOrg(actor.orgId, guideId);
  if (!canPublishSteps(slides.length)) throw new AppError('conflict', NO_STEPS_TO_PUBLISH);
  if (guide.visibility === 'public') await requireVerifiedUser(actor.userId, 'publish');
  const { data: numbered } = await db().entities.guide.patch({ guideId }).add({ lastVersion: 1 }).go({ response: 'all_new' });
  const version = numbered.lastVersion ?? 1;
  const copies = slides.map(slideCopy);
  const content = guideContent(guide);
  const hash = contentHash(guide, slides);
  const languages = await TranslationPublishing.forPublish(guide, slides);
  const translations = Object.fromEntries(languages.map((l) => [l.language, l.hash]));
  await putAll(copies.map((slide, position) => ({ guideId, version, position, slide })), (batch) => db().entities.versionSlide.put(batch).go());
  await putAll(languages.map(({ language, translation }) => ({ guideId, version, language, translation })), (batch) => db().entities.versionTranslation.put(batch).go());
  const publisher = await userById(actor.userId);
  await db()
    .entities.version.put({
      guideId,
      version,
      orgId: guide.orgId,
      publishedBy: actor.userId,
      ...(publisher ? { publishedByName: publisher.name } : {}),
      guide: content,
      slideCount: slides.length,
      hash,
      assetKeys: assetKeysOf([...copies, ...languages.map((l) => l.translation)]),
      translations,
    })
    .go();
  // A slower publish of an older draft never takes the link back from a newer one.
  await db()
    .entities.guide.patch({ guideId })
    .set({ publishedVersion: version, publishedHash: hash, publishedGuide: content, publishedTranslations: translations, status: 'published' })
    .where((attr, { lt, notExists }) => `${notExists(attr.publishedVersion)} OR ${lt(attr.publishedVersion, version)}`)
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailed(error)) throw error;
    });
  await refreshSocialImage(guideId);
  // The link serves this version now: CloudFront's copy of the last one goes.
  await ShareCache.clearShared([guideId]);
  return version;
}

/** The social preview from what viewers see (the published version), not the draft. */
export async function refreshSocialImage(guideId: string): Promise<void> {
  const { guide, slides } = await loadPublished(guideId);
  if (guide) await SocialImage.refresh(guide, slides);
}

/** How long a brand change may spend redrawing previews before it answers; the rest follow at their next publish. */
export const PREVIEW_REDRAW_BUDGET_MS = 15_000;
const PREVIEW_REDRAWS_AT_ONCE = 4;

/**
 * Redraws the social previews of an organisation's published public guides (its brand changed):
 * a preview is keyed by the brand it shows, so one already in that brand is kept unread. Newest
 * guides first, a few at a time, until the budget is spent. Returns how many it looked at and how many it left.
 */
export async function refreshOrganizationSocialImages(orgId: string, budgetMs = PREVIEW_REDRAW_BUDGET_MS): Promise<{ refreshed: number; left: number }> {
  const deadline = Date.now() + budgetMs;
  const { data } = await db()
    .entities.guide.query.byOrg({ orgId })
    .go({ pages: 'all', order: 'desc', attributes: ['guideId', 'status', 'visibility'] });
  const published = data.filter((guide) => guide.status === 'published' && guide.visibility === 'public');
  let next = 0;
  let refreshed = 0;
  const lane = async () => {
    while (next < published.length && Date.now() < deadline) {
      const guide = published[next++]!;
      await refreshSocialImage(guide.guideId);
      refreshed++;
    }
  };
  await Promise.all(Array.from({ length: PREVIEW_REDRAWS_AT_ONCE }, lane));
  return { refreshed, left: published.length - refreshed };
}

/** A guide's versions, newest first. */
export async function list(orgId: string, guideId: string): Promise<VersionListDto> {
  const { guide } = await loadInOrg(orgId, guideId);
  const { data } = await db().entities.version.query.byGuide({ guideId }).go({ pages: 'all', order: 'desc' });
  return { items: data.map((item) => versionDto(item, guide.publishedVersion)) };
}

function versionDto(item: EntityItem<typeof VersionEntity>, current: number | undefined): VersionDto {
  const content = item.guide as { title?: unknown };
  return {
    version: item.version,
    publishedAt: new Date(item.createdAt).toISOString(),
    publishedBy: { id: item.publishedBy, name: item.publishedByName ?? 'A former member' },
    title: typeof content.title === 'string' ? content.title : '',
    slideCount: item.slideCount,
    current: item.version === current,
  };
}

/**
 * Makes a version the draft: the guide's content fields and its slides become the version's
 * (slides keep their ids; the draft's slides it lacks are removed like a delete, kept for an undo,
 * their assets parked unless a version or the new draft shows them), and so do the languages it
 * was published with. Viewers see nothing new until the author publishes. Who may delete a
 * guide's steps may do this.
 */
export async function restore(actor: Actor, guideId: string, version: number): Promise<void> {
  const { guide, slides } = await loadInOrg(actor.orgId, guideId);
  if (!mayDeleteContent(actor, guide)) throw new AppError('forbidden', "Only the guide's creator, an admin or an owner can replace its draft.");
  const { data: head } = await db().entities.version.get({ guideId, version }).go();
  if (!head) throw new AppError('not_found', 'Version not found.');
  const { data: items } = await db().entities.versionSlide.query.byVersion({ guideId, version }).go({ pages: 'all' });
  const copies = items.sort((a, b) => a.position - b.position).map((item) => item.slide as Record<string, unknown>);
  const plan = restorePlan(slides, copies);
  const content = head.guide as Record<string, unknown>;
  // What the new draft still shows stays (it is a version's, so kept); so does what any version shows.
  const kept = await keptAssetKeys(guide);
  const trashed = plan.remove.map((slide) => SlideTrash.entry(slide, SlideTrash.keysToPark(slide, copies as unknown as Slide[], kept)));
  if (trashed.length > 0) {
    await putAll(trashed, (batch) => db().entities.deletedSlide.put(batch).go());
    await putAll(plan.remove.map(({ guideId: g, slideId }) => ({ guideId: g, slideId })), (batch) => db().entities.slide.delete(batch).go());
  }
  const attributes = new Set(Object.keys(db().entities.slide.schema.attributes));
  const puts = plan.put.map((copy) => ({
    ...Object.fromEntries(Object.entries(copy).filter(([name]) => attributes.has(name))),
    guideId,
    orgId: guide.orgId,
  })) as unknown as Slide[];
  await putAll(puts, (batch) => db().entities.slide.put(batch).go());
  const guideAttributes = new Set(Object.keys(db().entities.guide.schema.attributes));
  const settings = Object.fromEntries(Object.entries(content).filter(([name]) => guideAttributes.has(name))) as Partial<Guide>;
  const remove = guideFieldsToRemove(guide, content) as Array<keyof Guide>;
  let patch = db()
    .entities.guide.patch({ guideId })
    .set({ ...settings, slideCount: plan.put.length })
    .add({ orderVersion: 1 });
  if (remove.length > 0) patch = patch.remove(remove as never);
  await patch.go();
  for (const entry of trashed) await SlideTrash.park(guide, entry.parkedKeys);
  await TranslationPublishing.restoreDraft(guide, version, Object.keys(TranslationPublishing.publishedOf({ publishedTranslations: head.translations })));
  // The cards show the draft's first screenshot.
  const firstKey = plan.put.find(() => true)?.screenshotKey;
  const thumbnail = db().entities.guide.patch({ guideId });
  await (typeof firstKey === 'string' ? thumbnail.set({ thumbnailKey: firstKey }) : thumbnail.remove(['thumbnailKey'])).go();
}

/** Puts the published version back as the draft, dropping every change since the publish. */
export async function discardDraft(actor: Actor, guideId: string): Promise<void> {
  const { guide } = await loadInOrg(actor.orgId, guideId);
  if (guide.publishedVersion === undefined) throw new AppError('conflict', 'This guide has no published version to go back to.');
  await restore(actor, guideId, guide.publishedVersion);
}

/**
 * Rewrites every stored version of a guide that names `oldKey` to name `newKey` (a screenshot
 * redacted in place: no version may keep pointing at the original, which is deleted). Each
 * rewritten version is hashed again, and so is the guide's published hash when it is the
 * published one: the draft, redacted the same way, still has nothing new to publish.
 */
export async function replaceAssetKey(guideId: string, oldKey: string, newKey: string): Promise<number> {
  const { data: heads } = await db().entities.version.query.byGuide({ guideId }).go({ pages: 'all' });
  const affected = heads.filter((head) => head.assetKeys?.includes(oldKey));
  if (affected.length === 0) return 0;
  const { data: guide } = await db().entities.guide.get({ guideId }).go({ attributes: ['publishedVersion'] });
  let rewritten = 0;
  for (const head of affected) {
    const { data: items } = await db().entities.versionSlide.query.byVersion({ guideId, version: head.version }).go({ pages: 'all' });
    const slides = items
      .sort((a, b) => a.position - b.position)
      .map((item) => ({ position: item.position, original: item.slide as unknown, slide: replaceString(item.slide as unknown, oldKey, newKey) }));
    const changed = slides.filter(({ slide, original }) => slide !== original).map(({ position, slide }) => ({ guideId, version: head.version, position, slide }));
    await putAll(changed, (batch) => db().entities.versionSlide.put(batch).go());
    const hash = contentHash(head.guide as object, slides.map(({ slide }) => slide as object));
    await db()
      .entities.version.patch({ guideId, version: head.version })
      .set({ assetKeys: (head.assetKeys ?? []).map((key) => (key === oldKey ? newKey : key)), hash })
      .go();
    if (guide?.publishedVersion === head.version) await db().entities.guide.patch({ guideId }).set({ publishedHash: hash }).go();
    rewritten += changed.length;
  }
  return rewritten;
}

export const { removeAll } = VersionStore;
