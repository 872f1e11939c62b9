import { AppError } from '#shared/errors';
import type { FolderDto, GuideDto, GuideListDto, GuideSummaryDto, ScreenshotContentType, SlideDto, UploadDto } from '#shared/guides';
import type { CaptureMeta } from '#shared/capture';
import { DEFAULT_LANGUAGE, DEFAULT_SPEECH_RATE } from '#shared/narration';
import { MIN_ORDER_GAP, needsRenumber, orderBetween } from '#shared/order';
import { mayDeleteContent } from '#shared/permissions';
import { normalizeText } from '#shared/text';
import { NO_FOLDER } from '../db/entities/guide';
import { isConditionFailed } from '../db/errors';
import { db } from '../db/service';
import * as Asset from './asset';
import * as Entitlements from './entitlements';
import * as Export from './export/export';
import { loadGuide } from './guide-read';
import { audioFields } from './narration/slide-audio';
import * as Transcript from './transcript';
import * as Screenshot from './screenshot';
import { newGuideId, newId } from './ids';
import { requireVerifiedUser } from './user';
import * as SlideTrash from './slide-trash';
import * as SocialImage from './social-image';

/**
 * Guides and their slides, always read and written through the organisation: another
 * organisation's guide, slide or folder is simply not found.
 */
export type Guide = NonNullable<Awaited<ReturnType<typeof get>>>;
type Slide = Awaited<ReturnType<typeof load>>['slides'][number];
type Folder = NonNullable<Awaited<ReturnType<typeof getFolder>>>;

/** Who acts: the caller's membership of the organisation (its role decides what they may delete). */
export interface Actor {
  orgId: string;
  userId: string;
  role: string;
}

const GUIDE_NOT_FOUND = 'Guide not found.';

async function get(guideId: string) {
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

async function loadInOrg(orgId: string, guideId: string) {
  const loaded = await load(guideId);
  if (!loaded.guide || loaded.guide.orgId !== orgId) throw new AppError('not_found', GUIDE_NOT_FOUND);
  return { guide: loaded.guide, slides: loaded.slides };
}

export async function slideDto(guide: Pick<Guide, 'guideId' | 'orgId' | 'visibility' | 'voiceId' | 'speechRate'>, slide: Slide): Promise<SlideDto> {
  return {
    id: slide.slideId,
    order: slide.order,
    title: slide.title ?? null,
    text: slide.text ?? null,
    narration: slide.narration ?? null,
    screenshotKey: slide.screenshotKey ?? null,
    screenshotUrl: slide.screenshotKey ? await Asset.urlFor(guide, slide.screenshotKey) : null,
    width: slide.width ?? null,
    height: slide.height ?? null,
    click: slide.click ? { x: slide.click.x, y: slide.click.y } : null,
    zoomLevel: typeof slide.zoomLevel === 'number' ? slide.zoomLevel : null,
    isHighlightVisible: typeof slide.isHighlightVisible === 'boolean' ? slide.isHighlightVisible : null,
    ...(await audioFields(slide, guide)),
    edited: slide.edited === true,
    needsText: slide.needsText === true,
  };
}

export async function summaryDto(guide: Guide): Promise<GuideSummaryDto> {
  return {
    id: guide.guideId,
    title: guide.title,
    folderId: guide.folderId === NO_FOLDER ? null : guide.folderId,
    status: guide.status,
    visibility: guide.visibility,
    slideCount: guide.slideCount,
    thumbnailUrl: guide.thumbnailKey ? await Asset.urlFor(guide, guide.thumbnailKey) : null,
    createdBy: guide.createdBy,
    createdAt: new Date(guide.createdAt).toISOString(),
    updatedAt: new Date(guide.updatedAt).toISOString(),
  };
}

export async function guideDto(guide: Guide, slides: Slide[]): Promise<GuideDto> {
  return {
    ...(await summaryDto(guide)),
    zoomLevel: guide.zoomLevel,
    isHighlightVisible: guide.isHighlightVisible,
    voiceId: guide.voiceId ?? null,
    speechRate: guide.speechRate ?? DEFAULT_SPEECH_RATE,
    language: guide.language ?? DEFAULT_LANGUAGE,
    intro: guide.intro ?? null,
    outro: guide.outro ?? null,
    voiceoverJobId: guide.voiceoverJobId ?? null,
    revision: guide.revision ?? 0,
    slides: await Promise.all(slides.map((slide) => slideDto(guide, slide))),
  };
}

/** The full guide DTO of an organisation's guide. */
export async function detail(orgId: string, guideId: string): Promise<GuideDto> {
  const { guide, slides } = await loadInOrg(orgId, guideId);
  return guideDto(guide, slides);
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
      throw new AppError('bad_request', 'The cursor is not valid for this list.', { cursor: 'Not a valid cursor.' });
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
  return (await get(guideId))!;
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
    voiceId?: string | undefined;
    speechRate?: number | undefined;
    language?: string | undefined;
    intro?: string | undefined;
    outro?: string | undefined;
  },
): Promise<Guide> {
  const { orgId } = actor;
  const guide = await fromId({ orgId, guideId });
  if (changes.folderId) await requireFolder(orgId, changes.folderId);
  const sharesPublicly =
    (changes.status ?? guide.status) === 'published' &&
    (changes.visibility ?? guide.visibility) === 'public' &&
    (changes.status === 'published' || changes.visibility === 'public');
  if (sharesPublicly) await requireVerifiedUser(actor.userId, 'publish');
  if (changes.visibility === 'private' && guide.visibility !== 'private' && !(await Entitlements.forOrganization(orgId)).privateGuides) {
    throw new AppError('plan_limit', 'Private guides are a Pro feature. Start your Pro trial to keep guides private.');
  }
  const set: Partial<
    Pick<Guide, 'title' | 'folderId' | 'zoomLevel' | 'isHighlightVisible' | 'visibility' | 'status' | 'voiceId' | 'speechRate' | 'language' | 'intro' | 'outro' | 'titleAuto'>
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
          .where((attr, { eq }) => eq(attr.folderId, guide.folderId))
          .commit(),
        folderOpen(folder, orgId, movesIntoFolder),
      ])
      .go();
    if (result.canceled) {
      if (result.data[1]?.code === 'ConditionalCheckFailed') throw new AppError('not_found', 'Folder not found.');
      throw new AppError('conflict', 'The guide changed while it was being moved. Please try again.');
    }
  } else {
    await db()
      .entities.guide.patch({ guideId })
      .set(set)
      // The composite names the current keys: a condition that the guide is still where it was read.
      .composite({ orgId, folderId: guide.folderId })
      .go();
  }
  const updated = (await get(guideId))!;
  if (changes.visibility !== undefined && changes.visibility !== guide.visibility) {
    // The guide's assets follow it: private ones leave the public keys CloudFront serves.
    await Asset.moveGuide(orgId, guideId, changes.visibility);
    if (changes.visibility === 'private') await SocialImage.forget(updated);
  }
  if (updated.status === 'published') {
    const { slides } = await load(guideId);
    await SocialImage.refresh(updated, slides);
  }
  return updated;
}

/**
 * Deletes a guide, its slides and its assets, and uncounts it: its creator, an admin or an owner
 * only. The delete and the count are one conditional transaction, so of many concurrent deletes
 * only the first counts; the others find no guide.
 */
export async function remove(actor: Actor, guideId: string): Promise<void> {
  const guide = await fromId({ orgId: actor.orgId, guideId });
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
  await Export.removeForGuide(guideId);
  await Asset.removePrefix(Asset.guidePrefix(actor.orgId, guideId));
}

function requireDeleteRight(actor: Actor, item: { createdBy: string }, what: 'guide' | 'folder'): void {
  if (!mayDeleteContent(actor, item)) {
    throw new AppError('forbidden', `Only the ${what}'s creator, an admin or an owner can delete it.`);
  }
}

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
          ...s,
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
      title: `${guide.title} (copy)`.slice(0, 200),
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

/**
 * Keeps the guide's card data (thumbnail) and social preview in step with its slides. The count
 * itself moves in the same transaction as the slide write (see writeOrdered); the thumbnail and
 * preview come from a fresh read after the change.
 */
export async function refreshSummary(guideId: string): Promise<void> {
  const { guide: fresh, slides } = await load(guideId);
  if (!fresh) return;
  const first = slides[0];
  if (first?.screenshotKey !== fresh.thumbnailKey) {
    const thumbnail = db().entities.guide.patch({ guideId });
    await (first?.screenshotKey ? thumbnail.set({ thumbnailKey: first.screenshotKey }) : thumbnail.remove(['thumbnailKey'])).go();
  }
  await SocialImage.refresh(fresh, slides);
}

/** How often an order change is tried again when another one committed first; each retry reads afresh. */
const ORDER_RETRIES = 40;
/** DynamoDB's limit on the items of one transaction, less the guide's own. */
const TRANSACTION_SLIDES = 99;

type Db = ReturnType<typeof db>;
type TxEntities = Parameters<Parameters<Db['transaction']['write']>[0]>[0];
type SlideTxItem =
  | ReturnType<ReturnType<TxEntities['slide']['create']>['commit']>
  | ReturnType<ReturnType<ReturnType<TxEntities['slide']['patch']>['set']>['commit']>;

/** The guide's order lock: the version read must still be the guide's, and the write bumps it. */
function lockOrder(tx: TxEntities, guide: Guide, countDelta: number) {
  const version = guide.orderVersion;
  let patch = tx.guide.patch({ guideId: guide.guideId }).add({ orderVersion: 1 });
  if (countDelta > 0) patch = patch.add({ slideCount: countDelta });
  if (countDelta < 0) patch = patch.subtract({ slideCount: -countDelta });
  return patch
    .where((attr, { eq, notExists }) => (version === undefined ? notExists(attr.orderVersion) : eq(attr.orderVersion, version)))
    .commit();
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs an order-changing write as one transaction with the guide's order lock, reading the guide
 * and its slides afresh for each try: of concurrent adds and moves exactly one commits per round,
 * the others see its result on their next try, so no two slides ever share an order and none is lost.
 * `plan` answers the transaction's items for the state read, or throws to stop.
 */
export async function writeOrdered<T>(
  orgId: string,
  guideId: string,
  plan: (state: { guide: Guide; slides: Slide[] }) => { items: (tx: TxEntities) => SlideTxItem[]; countDelta: number; result: () => T },
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const state = await loadInOrg(orgId, guideId);
    if (tooClose(state.slides)) {
      await renumber(state.guide, state.slides);
      continue;
    }
    let step;
    try {
      step = plan(state);
    } catch (error) {
      if (!(error instanceof RenumberFirst)) throw error;
      await renumber(state.guide, state.slides);
      continue;
    }
    const outcome = await db()
      .transaction.write((tx) => [lockOrder(tx, state.guide, step.countDelta), ...step.items(tx)])
      .go();
    if (!outcome.canceled) return step.result();
    const reasons = outcome.data.slice(1).map((r) => r?.code);
    if (reasons.includes('ConditionalCheckFailed')) {
      // A slide the write needed is gone (deleted meanwhile).
      const lockHeld = outcome.data[0]?.code !== 'ConditionalCheckFailed';
      if (lockHeld) throw new AppError('not_found', 'Slide not found.');
    }
    if (attempt >= ORDER_RETRIES) throw new AppError('conflict', 'The guide is being changed by someone else. Please try again.');
    await sleep(5 + Math.random() * 20 * Math.min(attempt + 1, 5));
  }
}

/**
 * Spreads the slides out again when neighbouring orders are too close to split: 0, 1, 2, … in one
 * transaction with the order lock. A guide longer than one transaction takes fresh orders above
 * its largest, so a partial renumbering still leaves every order distinct.
 */
async function renumber(guide: Guide, slides: Slide[]): Promise<void> {
  if (slides.length <= TRANSACTION_SLIDES) {
    await db()
      .transaction.write((tx) => [
        lockOrder(tx, guide, 0),
        ...slides.map((s, i) => tx.slide.patch({ guideId: guide.guideId, slideId: s.slideId }).set({ order: i }).commit()),
      ])
      .go();
    return;
  }
  const base = Math.ceil(slides[slides.length - 1]!.order) + 1;
  await db().entities.guide.patch({ guideId: guide.guideId }).add({ orderVersion: 1 }).go();
  for (const [i, s] of slides.entries()) await db().entities.slide.patch({ guideId: guide.guideId, slideId: s.slideId }).set({ order: base + i }).go();
}

function tooClose(slides: Slide[]): boolean {
  for (let i = 1; i < slides.length; i++) if (slides[i]!.order - slides[i - 1]!.order < MIN_ORDER_GAP) return true;
  return false;
}

/**
 * Where a slide asked to go to `wanted` lands among `others` (in order): there, unless another
 * slide already holds that order; then just after it, at the midpoint to its successor (the
 * reorder rule), so two moves to one gap both land, one after the other.
 */
export function freeOrder(others: Slide[], wanted: number): number {
  let order = wanted;
  for (;;) {
    const taken = others.findIndex((s) => s.order === order);
    if (taken < 0) return order;
    const next = others[taken + 1]?.order;
    if (needsRenumber(others[taken]!.order, next)) throw new RenumberFirst();
    order = orderBetween(others[taken]!.order, next);
  }
}

/** The gap a slide must go into is too small to split: the guide is renumbered, then the write tried again. */
export class RenumberFirst extends Error {}

export interface NewSlide {
  title?: string | undefined;
  text?: string | undefined;
  narration?: string | undefined;
  screenshotKey?: string | undefined;
  click?: { x: number; y: number } | undefined;
  order?: number | undefined;
  capture?: CaptureMeta | undefined;
}

/**
 * Adds a slide (after the last one when no order is given). A screenshot key must be an upload
 * of this guide, and the file is checked (size, magic bytes, decodes) before it is recorded.
 */
export async function addSlide(orgId: string, guideId: string, input: NewSlide): Promise<SlideDto> {
  const guide = await fromId({ orgId, guideId });
  let size: { width: number; height: number } | undefined;
  let screenshotKey: string | undefined;
  if (input.screenshotKey?.startsWith(Asset.pendingPrefix(orgId, guideId))) {
    // A fresh upload: checked, then moved out of the pending prefix (which expires) to the guide's assets.
    size = await Screenshot.verifyScreenshot(input.screenshotKey);
    screenshotKey = await Asset.claimPending(input.screenshotKey, guide.visibility);
  } else if (input.screenshotKey) {
    // A screenshot this guide already shows (a repeated step): checked when it was uploaded.
    const { slides } = await load(guideId);
    const shown = slides.find((s) => s.screenshotKey === input.screenshotKey);
    if (!shown) throw new AppError('not_found', 'Screenshot not found.');
    screenshotKey = shown.screenshotKey;
    size = shown.width && shown.height ? { width: shown.width, height: shown.height } : undefined;
  }
  // Words the caller gives are the author's; without them the smart transcript writes them.
  const authored = input.text !== undefined || input.narration !== undefined;
  const slideId = newId();
  const slide = await writeOrdered(orgId, guideId, ({ slides }) => {
    const order = input.order === undefined ? orderBetween(slides[slides.length - 1]?.order, undefined) : freeOrder(slides, input.order);
    const item = {
      guideId,
      slideId,
      orgId,
      order,
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.text !== undefined ? { text: input.text } : {}),
      ...(input.narration !== undefined ? { narration: input.narration } : {}),
      ...(screenshotKey ? { screenshotKey } : {}),
      ...(size ? { width: size.width, height: size.height } : {}),
      ...(input.click ? { click: input.click } : {}),
      ...(input.capture ? { capture: input.capture } : {}),
      edited: authored,
    };
    return { countDelta: 1, items: (tx) => [tx.slide.create(item).commit()], result: () => item };
  });
  if (!authored || guide.titleAuto) await Transcript.afterSlideAdded(guideId);
  await refreshSummary(guideId);
  const { guide: fresh, slides } = await load(guideId);
  const stored = slides.find((s) => s.slideId === slide.slideId);
  if (!fresh || !stored) throw new AppError('not_found', 'Slide not found.');
  return slideDto(fresh, stored);
}

export async function updateSlide(
  orgId: string,
  guideId: string,
  slideId: string,
  changes: {
    title?: string | undefined;
    text?: string | undefined;
    narration?: string | undefined;
    order?: number | undefined;
    zoomLevel?: number | null | undefined;
    isHighlightVisible?: boolean | null | undefined;
    click?: { x: number; y: number } | null | undefined;
  },
): Promise<SlideDto> {
  const { slides: before } = await loadInOrg(orgId, guideId);
  const slide = before.find((s) => s.slideId === slideId);
  if (!slide) throw new AppError('not_found', 'Slide not found.');
  const set: Record<string, unknown> = {};
  const removeAttrs: Array<'zoomLevel' | 'isHighlightVisible' | 'click'> = [];
  for (const field of ['title', 'text', 'narration'] as const) if (changes[field] !== undefined) set[field] = changes[field];
  // The author's own words: the transcript keeps off them, and a text they wrote needs none.
  if ((changes.text !== undefined && changes.text !== slide.text) || (changes.narration !== undefined && changes.narration !== slide.narration)) set['edited'] = true;
  if (changes.text !== undefined && changes.text !== slide.text && changes.text.trim()) set['needsText'] = false;
  for (const field of ['zoomLevel', 'isHighlightVisible', 'click'] as const) {
    if (changes[field] === null) removeAttrs.push(field);
    else if (changes[field] !== undefined) set[field] = changes[field];
  }
  if (changes.order !== undefined) {
    // A move: under the guide's order lock, to a free order.
    const wanted = changes.order;
    await writeOrdered(orgId, guideId, ({ slides }) => {
      if (!slides.some((s) => s.slideId === slideId)) throw new AppError('not_found', 'Slide not found.');
      const others = slides.filter((s) => s.slideId !== slideId);
      const order = freeOrder(others, wanted);
      return {
        countDelta: 0,
        items: (tx) => {
          let update = tx.slide.patch({ guideId, slideId }).set({ ...set, order });
          if (removeAttrs.length > 0) update = update.remove(removeAttrs);
          return [update.commit()];
        },
        result: () => order,
      };
    });
  } else {
    let update = db().entities.slide.patch({ guideId, slideId }).set(set);
    if (removeAttrs.length > 0) update = update.remove(removeAttrs);
    await update.go();
  }
  await refreshSummary(guideId);
  const { guide: fresh, slides } = await load(guideId);
  const stored = slides.find((s) => s.slideId === slideId);
  if (!fresh || !stored) throw new AppError('not_found', 'Slide not found.');
  return slideDto(fresh, stored);
}

/**
 * Removes a slide: the guide's creator, an admin or an owner only. The removal, the guide's count
 * and the slide's copy kept for an undo (slide-trash.ts) are one conditional transaction, so
 * concurrent deletes of one slide count it once. Its screenshot and voiceover, unless another
 * slide shows them, leave for where nothing serves them until it is restored or the window ends.
 */
export async function removeSlide(actor: Actor, guideId: string, slideId: string): Promise<void> {
  const { guide, slides } = await loadInOrg(actor.orgId, guideId);
  const slide = slides.find((s) => s.slideId === slideId);
  if (!slide) throw new AppError('not_found', 'Slide not found.');
  if (!mayDeleteContent(actor, guide)) throw new AppError('forbidden', "Only the guide's creator, an admin or an owner can delete its steps.");
  const parked = SlideTrash.keysToPark(slide, slides);
  const result = await db()
    .transaction.write((tx) => [
      tx.slide.remove({ guideId, slideId }).commit(),
      tx.guide.patch({ guideId }).subtract({ slideCount: 1 }).add({ orderVersion: 1 }).commit(),
      tx.deletedSlide.put(SlideTrash.entry(slide, parked)).commit(),
    ])
    .go();
  if (result.canceled) throw new AppError('not_found', 'Slide not found.');
  await SlideTrash.park(guide, parked);
  await refreshSummary(guideId);
}

export async function presignUpload(orgId: string, guideId: string, contentType: ScreenshotContentType, contentLength: number): Promise<UploadDto> {
  await fromId({ orgId, guideId });
  return Asset.presignScreenshot(orgId, guideId, contentType, contentLength);
}

// Folders

async function getFolder(orgId: string, folderId: string) {
  const { data } = await db().entities.folder.get({ orgId, folderId }).go();
  return data;
}

/** A folder of this organisation that is not being deleted, or not found. */
async function requireFolder(orgId: string, folderId: string): Promise<Folder> {
  const folder = folderId === NO_FOLDER ? null : await getFolder(orgId, folderId);
  if (!folder || folder.deleting) throw new AppError('not_found', 'Folder not found.');
  return folder;
}

/** In a transaction: the folder exists and no delete has begun (see removeFolder). */
function folderOpen(folder: TxEntities['folder'], orgId: string, folderId: string) {
  return folder
    .check({ orgId, folderId })
    .where((attr, { exists, notExists }) => `${exists(attr.name)} AND ${notExists(attr.deleting)}`)
    .commit();
}

/** A folder name as its uniqueness is judged: trimmed, NFC, case-folded. */
export function folderNameKey(name: string): string {
  return normalizeText(name).trim().toLocaleLowerCase('en');
}

const FOLDER_NAME_TAKEN = 'A folder with this name already exists. Choose another name.';

export function folderDto(folder: Folder): FolderDto {
  return {
    id: folder.folderId,
    name: folder.name,
    createdAt: new Date(folder.createdAt).toISOString(),
    updatedAt: new Date(folder.updatedAt).toISOString(),
  };
}

export async function listFolders(orgId: string): Promise<FolderDto[]> {
  const { data } = await db().entities.folder.query.byOrg({ orgId }).go({ pages: 'all' });
  return data
    .filter((f) => !f.deleting)
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
    .map(folderDto);
}

/** Folders made before names were claimed have no claim: they are compared by a read. */
async function assertNameFree(orgId: string, name: string, except?: string): Promise<void> {
  const key = folderNameKey(name);
  const { data } = await db().entities.folder.query.byOrg({ orgId }).go({ pages: 'all' });
  if (data.some((f) => f.folderId !== except && !f.deleting && folderNameKey(f.name) === key)) throw new AppError('conflict', FOLDER_NAME_TAKEN);
}

/** Creates a folder; its name is claimed in the same transaction, so two folders never share one. */
export async function createFolder(orgId: string, createdBy: string, name: string): Promise<FolderDto> {
  await assertNameFree(orgId, name);
  const folderId = newId();
  const result = await db()
    .transaction.write(({ folder, folderName }) => [
      folderName.create({ orgId, nameKey: folderNameKey(name), folderId }).commit(),
      folder.create({ orgId, folderId, name, createdBy }).commit(),
    ])
    .go();
  if (result.canceled) throw new AppError('conflict', FOLDER_NAME_TAKEN);
  return folderDto((await getFolder(orgId, folderId))!);
}

export async function renameFolder(orgId: string, folderId: string, name: string): Promise<FolderDto> {
  const folder = await requireFolder(orgId, folderId);
  const oldKey = folderNameKey(folder.name);
  const newKey = folderNameKey(name);
  if (oldKey !== newKey) {
    await assertNameFree(orgId, name, folderId);
    const result = await db()
      .transaction.write(({ folder: folders, folderName }) => [
        folderName.create({ orgId, nameKey: newKey, folderId }).commit(),
        folderName.delete({ orgId, nameKey: oldKey }).commit(),
        folders.patch({ orgId, folderId }).set({ name }).where((attr, { notExists }) => notExists(attr.deleting)).commit(),
      ])
      .go();
    if (result.canceled) {
      if (result.data[2]?.code === 'ConditionalCheckFailed') throw new AppError('not_found', 'Folder not found.');
      throw new AppError('conflict', FOLDER_NAME_TAKEN);
    }
  } else {
    await db().entities.folder.patch({ orgId, folderId }).set({ name }).go();
  }
  return folderDto((await getFolder(orgId, folderId))!);
}

/** How often a folder's delete sweeps its guides before it gives up (an index lags its table briefly). */
const FOLDER_SWEEPS = 5;

/**
 * Deletes a folder (its creator, an admin or an owner); its guides move to no folder. First the
 * folder is marked as being deleted, which every move into it checks in its own transaction; then
 * its guides are moved out until a sweep finds none; then it goes. A guide can therefore never be
 * left in a deleted folder, and a delete that stops half-way is finished by the next one.
 */
export async function removeFolder(actor: Actor, folderId: string): Promise<void> {
  const { orgId } = actor;
  const folder = await getFolder(orgId, folderId);
  if (!folder || folderId === NO_FOLDER) throw new AppError('not_found', 'Folder not found.');
  requireDeleteRight(actor, folder, 'folder');
  if (!folder.deleting) {
    await db().entities.folder.patch({ orgId, folderId }).set({ deleting: true }).go();
  }
  for (let sweep = 0; ; sweep++) {
    const { data: guides } = await db().entities.guide.query.byFolder({ orgId, folderId }).go({ pages: 'all', attributes: ['guideId'] });
    for (const { guideId } of guides) {
      await db()
        .entities.guide.patch({ guideId })
        .set({ folderId: NO_FOLDER })
        .composite({ orgId, folderId })
        .where((attr, { eq }) => eq(attr.folderId, folderId))
        .go()
        .catch((error: unknown) => {
          // Moved or deleted meanwhile: nothing left to do for it.
          if (!isConditionFailed(error)) throw error;
        });
    }
    if (guides.length === 0 && sweep > 0) break;
    if (sweep >= FOLDER_SWEEPS) throw new AppError('conflict', 'The folder is still being emptied. Please try again.');
    if (guides.length === 0) await sleep(50);
  }
  await db()
    .transaction.write(({ folder: folders, folderName }) => [
      folders.delete({ orgId, folderId }).commit(),
      folderName.delete({ orgId, nameKey: folderNameKey(folder.name) }).commit(),
    ])
    .go();
}
