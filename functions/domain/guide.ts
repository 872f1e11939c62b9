import { AppError } from '#shared/errors';
import type { FolderDto, GuideDto, GuideListDto, GuideSummaryDto, ScreenshotContentType, SlideDto, UploadDto } from '#shared/guides';
import type { CaptureMeta } from '#shared/capture';
import { DEFAULT_LANGUAGE, DEFAULT_SPEECH_RATE } from '#shared/narration';
import { MIN_ORDER_GAP, needsRenumber, orderBetween } from '#shared/order';
import { NO_FOLDER } from '../db/entities/guide';
import { db } from '../db/service';
import * as Asset from './asset';
import * as Entitlements from './entitlements';
import { loadGuide } from './guide-read';
import { audioFields } from './narration/slide-audio';
import * as Transcript from './transcript';
import * as Screenshot from './screenshot';
import { newGuideId, newId } from './ids';
import * as SocialImage from './social-image';

/**
 * Guides and their slides, always read and written through the organisation: another
 * organisation's guide, slide or folder is simply not found.
 */
export type Guide = NonNullable<Awaited<ReturnType<typeof get>>>;
type Slide = Awaited<ReturnType<typeof load>>['slides'][number];
type Folder = NonNullable<Awaited<ReturnType<typeof getFolder>>>;

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

export function slideDto(slide: Slide, guide: Pick<Guide, 'guideId' | 'orgId' | 'visibility' | 'voiceId' | 'speechRate'>): SlideDto {
  return {
    id: slide.slideId,
    order: slide.order,
    title: slide.title ?? null,
    text: slide.text ?? null,
    narration: slide.narration ?? null,
    screenshotKey: slide.screenshotKey ?? null,
    screenshotUrl: slide.screenshotKey ? Asset.assetUrl(slide.screenshotKey) : null,
    width: slide.width ?? null,
    height: slide.height ?? null,
    click: slide.click ? { x: slide.click.x, y: slide.click.y } : null,
    zoomLevel: typeof slide.zoomLevel === 'number' ? slide.zoomLevel : null,
    isHighlightVisible: typeof slide.isHighlightVisible === 'boolean' ? slide.isHighlightVisible : null,
    ...audioFields(slide, guide),
    edited: slide.edited === true,
    needsText: slide.needsText === true,
  };
}

export function summaryDto(guide: Guide): GuideSummaryDto {
  return {
    id: guide.guideId,
    title: guide.title,
    folderId: guide.folderId === NO_FOLDER ? null : guide.folderId,
    status: guide.status,
    visibility: guide.visibility,
    slideCount: guide.slideCount,
    thumbnailUrl: guide.thumbnailKey ? Asset.assetUrl(guide.thumbnailKey) : null,
    createdBy: guide.createdBy,
    createdAt: new Date(guide.createdAt).toISOString(),
    updatedAt: new Date(guide.updatedAt).toISOString(),
  };
}

export function guideDto(guide: Guide, slides: Slide[]): GuideDto {
  return {
    ...summaryDto(guide),
    zoomLevel: guide.zoomLevel,
    isHighlightVisible: guide.isHighlightVisible,
    voiceId: guide.voiceId ?? null,
    speechRate: guide.speechRate ?? DEFAULT_SPEECH_RATE,
    language: guide.language ?? DEFAULT_LANGUAGE,
    intro: guide.intro ?? null,
    outro: guide.outro ?? null,
    voiceoverJobId: guide.voiceoverJobId ?? null,
    slides: slides.map((slide) => slideDto(slide, guide)),
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
    return { items: page.data.map(summaryDto), nextCursor: page.cursor ?? null };
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
  const limit = input.ignorePlanLimit ? Number.POSITIVE_INFINITY : (await Entitlements.forOrganization(input.orgId)).guideLimit;
  const guideId = input.guideId ?? newGuideId();
  const result = await db()
    .transaction.write(({ guide, organization }) => [
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
    ])
    .go();
  if (result.canceled) {
    const [guideResult, orgResult] = result.data;
    if (orgResult?.code === 'ConditionalCheckFailed' && guideResult?.code !== 'ConditionalCheckFailed') {
      throw new AppError('plan_limit', `The free plan holds ${limit} guides. Start your Pro trial for unlimited guides.`);
    }
    throw new AppError('conflict', 'The guide could not be created. Please try again.');
  }
  return (await get(guideId))!;
}

export async function update(
  orgId: string,
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
  const guide = await fromId({ orgId, guideId });
  if (changes.folderId) await requireFolder(orgId, changes.folderId);
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
  const { data } = await db()
    .entities.guide.patch({ guideId })
    .set(set)
    // The composite names the current keys: a condition that the guide is still where it was read.
    .composite({ orgId, folderId: guide.folderId })
    .go({ response: 'all_new' });
  const updated = data as Guide;
  if (updated.status === 'published') {
    const { slides } = await load(guideId);
    await SocialImage.refresh(updated, slides);
  }
  return updated;
}

/** Deletes a guide, its slides and its assets, and uncounts it. */
export async function remove(orgId: string, guideId: string): Promise<void> {
  const { slides } = await loadInOrg(orgId, guideId);
  if (slides.length > 0) await db().entities.slide.delete(slides.map((s) => ({ guideId, slideId: s.slideId }))).go();
  await db()
    .transaction.write(({ guide, organization }) => [
      guide.delete({ guideId }).commit(),
      organization.patch({ orgId }).subtract({ guideCount: 1 }).commit(),
    ])
    .go();
  await Asset.removePrefix(Asset.guidePrefix(orgId, guideId));
}

/** A copy in the same folder, with copies of its screenshots; counts against the plan like a new guide. */
export async function duplicate(orgId: string, guideId: string, createdBy: string): Promise<Guide> {
  const { guide, slides } = await loadInOrg(orgId, guideId);
  const copyId = newGuideId();
  const prefix = Asset.guidePrefix(orgId, copyId);
  const keys = new Map<string, string>();
  for (const slide of slides) {
    if (slide.screenshotKey && !keys.has(slide.screenshotKey)) keys.set(slide.screenshotKey, await Asset.copyTo(slide.screenshotKey, prefix));
    // The voiceover goes with the copy, with the timings file beside it (same name, .json).
    if (slide.audioKey && !keys.has(slide.audioKey)) {
      keys.set(slide.audioKey, await Asset.copyTo(slide.audioKey, `${prefix}audio/`));
      await Asset.copyTo(slide.audioKey.replace(/\.[a-z0-9]+$/, '.json'), `${prefix}audio/`).catch(() => undefined);
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
 * Keeps the guide's card data (step count, thumbnail) and social preview in step with its
 * slides, and bumps its recency. The count moves by an atomic delta, so slides added or removed
 * in parallel count right; the thumbnail and preview come from a fresh read after the change.
 */
async function refreshSummary(guide: Guide, countDelta: number): Promise<void> {
  const update = db().entities.guide.patch({ guideId: guide.guideId });
  await (countDelta > 0 ? update.add({ slideCount: countDelta }) : countDelta < 0 ? update.subtract({ slideCount: -countDelta }) : update.set({})).go();
  const { guide: fresh, slides } = await load(guide.guideId);
  if (!fresh) return;
  const first = slides[0];
  if (first?.screenshotKey !== fresh.thumbnailKey) {
    const thumbnail = db().entities.guide.patch({ guideId: guide.guideId });
    await (first?.screenshotKey ? thumbnail.set({ thumbnailKey: first.screenshotKey }) : thumbnail.remove(['thumbnailKey'])).go();
  }
  await SocialImage.refresh(fresh, slides);
}

/** Spreads the slides out again (0, 1, 2, …) when neighbouring orders are too close to split. */
async function renumber(guideId: string, slides: Slide[]): Promise<Slide[]> {
  const renumbered = slides.map((s, i) => ({ ...s, order: i }));
  await db().entities.slide.put(renumbered).go();
  return renumbered;
}

function tooClose(slides: Slide[]): boolean {
  for (let i = 1; i < slides.length; i++) if (slides[i]!.order - slides[i - 1]!.order < MIN_ORDER_GAP) return true;
  return false;
}

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
  const { guide, slides } = await loadInOrg(orgId, guideId);
  let size: { width: number; height: number } | undefined;
  if (input.screenshotKey) {
    if (!input.screenshotKey.startsWith(Asset.guidePrefix(orgId, guideId))) throw new AppError('not_found', 'Screenshot not found.');
    size = await Screenshot.verifyScreenshot(input.screenshotKey);
  }
  const order = input.order ?? orderBetween(slides[slides.length - 1]?.order, undefined);
  // Words the caller gives are the author's; without them the smart transcript writes them.
  const authored = input.text !== undefined || input.narration !== undefined;
  const { data } = await db()
    .entities.slide.create({
      guideId,
      slideId: newId(),
      orgId,
      order,
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.text !== undefined ? { text: input.text } : {}),
      ...(input.narration !== undefined ? { narration: input.narration } : {}),
      ...(input.screenshotKey ? { screenshotKey: input.screenshotKey } : {}),
      ...(size ? { width: size.width, height: size.height } : {}),
      ...(input.click ? { click: input.click } : {}),
      ...(input.capture ? { capture: input.capture } : {}),
      edited: authored,
    })
    .go();
  let all = [...slides, data].sort((a, b) => a.order - b.order);
  if (tooClose(all)) all = await renumber(guideId, all);
  const written = !authored || guide.titleAuto;
  if (written) await Transcript.afterSlideAdded(guideId);
  await refreshSummary(guide, 1);
  if (written) all = (await load(guideId)).slides;
  return slideDto(all.find((s) => s.slideId === data.slideId)!, guide);
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
  const { guide, slides } = await loadInOrg(orgId, guideId);
  const slide = slides.find((s) => s.slideId === slideId);
  if (!slide) throw new AppError('not_found', 'Slide not found.');
  const set: Record<string, unknown> = {};
  const removeAttrs: Array<'zoomLevel' | 'isHighlightVisible' | 'click'> = [];
  for (const field of ['title', 'text', 'narration', 'order'] as const) if (changes[field] !== undefined) set[field] = changes[field];
  // The author's own words: the transcript keeps off them, and a text they wrote needs none.
  if ((changes.text !== undefined && changes.text !== slide.text) || (changes.narration !== undefined && changes.narration !== slide.narration)) set['edited'] = true;
  if (changes.text !== undefined && changes.text !== slide.text && changes.text.trim()) set['needsText'] = false;
  for (const field of ['zoomLevel', 'isHighlightVisible', 'click'] as const) {
    if (changes[field] === null) removeAttrs.push(field);
    else if (changes[field] !== undefined) set[field] = changes[field];
  }
  let update = db().entities.slide.patch({ guideId, slideId }).set(set);
  if (removeAttrs.length > 0) update = update.remove(removeAttrs);
  const { data } = await update.go({ response: 'all_new' });
  let all = slides.map((s) => (s.slideId === slideId ? (data as Slide) : s)).sort((a, b) => a.order - b.order);
  if (changes.order !== undefined && (tooClose(all) || all.some((s, i) => i > 0 && needsRenumber(all[i - 1]!.order, s.order)))) {
    all = await renumber(guideId, all);
  }
  await refreshSummary(guide, 0);
  return slideDto(all.find((s) => s.slideId === slideId)!, guide);
}

export async function removeSlide(orgId: string, guideId: string, slideId: string): Promise<void> {
  const { guide, slides } = await loadInOrg(orgId, guideId);
  const slide = slides.find((s) => s.slideId === slideId);
  if (!slide) throw new AppError('not_found', 'Slide not found.');
  await db().entities.slide.delete({ guideId, slideId }).go();
  const rest = slides.filter((s) => s.slideId !== slideId);
  // A screenshot shared by another slide (a duplicated step) stays.
  if (slide.screenshotKey && !rest.some((s) => s.screenshotKey === slide.screenshotKey)) await Asset.removeKey(slide.screenshotKey);
  await refreshSummary(guide, -1);
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

async function requireFolder(orgId: string, folderId: string): Promise<Folder> {
  const folder = folderId === NO_FOLDER ? null : await getFolder(orgId, folderId);
  if (!folder) throw new AppError('not_found', 'Folder not found.');
  return folder;
}

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
  return data.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })).map(folderDto);
}

export async function createFolder(orgId: string, createdBy: string, name: string): Promise<FolderDto> {
  const { data } = await db().entities.folder.create({ orgId, folderId: newId(), name, createdBy }).go();
  return folderDto(data);
}

export async function renameFolder(orgId: string, folderId: string, name: string): Promise<FolderDto> {
  await requireFolder(orgId, folderId);
  const { data } = await db().entities.folder.patch({ orgId, folderId }).set({ name }).go({ response: 'all_new' });
  return folderDto(data as Folder);
}

/** Deletes a folder; its guides move to no folder. */
export async function removeFolder(orgId: string, folderId: string): Promise<void> {
  await requireFolder(orgId, folderId);
  const { data: guides } = await db().entities.guide.query.byFolder({ orgId, folderId }).go({ pages: 'all', attributes: ['guideId'] });
  for (const { guideId } of guides) {
    await db().entities.guide.patch({ guideId }).set({ folderId: NO_FOLDER }).composite({ orgId, folderId }).go();
  }
  await db().entities.folder.delete({ orgId, folderId }).go();
}
