import { AppError } from '#shared/errors';
import type { SlideBase } from '#shared/revision';
import type { ScreenshotContentType, SlideDto, UploadDto } from '#shared/guides';
import type { Annotation } from '#shared/annotation-geometry';
import { withKeptPageUrl, type CaptureMeta } from '#shared/capture';
import { MIN_ORDER_GAP, needsRenumber, orderBetween } from '#shared/order';
import { mayDeleteContent } from '#shared/permissions';
import { sleep } from '../../core/sleep';
import { isConditionFailed } from '../../db/errors';
import { db, type TxEntities } from '../../db/service';
import { Asset, newId } from '../platform';
import type { Actor } from '../guide-store';
import { type Guide, GuideRead, keptAssetKeys, loadInOrg, Revision, type Slide } from '../guide-store';
import * as Screenshot from './screenshot';
import * as SlideTrash from './slide-trash';
import * as SocialImage from './social-image';
import * as Transcript from './transcript';
import { editableSlideFields, slideDto } from './slide-dto';

/**
 * A guide's slides: their answers, and adding, editing, moving and removing them. Every order
 * change is one transaction with the guide's order lock, so no two slides ever share an order.
 */
/**
 * Keeps the guide's card data (thumbnail) and social preview in step with its slides. The count
 * itself moves in the same transaction as the slide write (see writeOrdered); the thumbnail and
 * preview come from a fresh read after the change.
 */
export async function refreshSummary(guideId: string): Promise<void> {
  const { guide: fresh, slides } = await GuideRead.load(guideId);
  if (!fresh) return;
  const first = slides[0];
  if (first?.screenshotKey !== fresh.thumbnailKey) {
    const thumbnail = db().entities.guide.patch({ guideId });
    await (first?.screenshotKey ? thumbnail.set({ thumbnailKey: first.screenshotKey }) : thumbnail.remove(['thumbnailKey'])).go();
  }
  // A guide with a published version shows viewers that version: its preview changes when it is published.
  if (fresh.publishedVersion === undefined) await SocialImage.refresh(fresh, slides);
}

/** How often an order change is tried again when another one committed first; each retry reads afresh. */
const ORDER_RETRIES = 40;
/** DynamoDB's limit on the items of one transaction, less the guide's own. */
const TRANSACTION_SLIDES = 99;

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
  const guide = await GuideRead.fromId({ orgId, guideId });
  let size: { width: number; height: number } | undefined;
  let screenshotKey: string | undefined;
  if (input.screenshotKey?.startsWith(Asset.pendingPrefix(orgId, guideId))) {
    // A fresh upload: checked, then moved out of the pending prefix (which expires) to the guide's assets.
    size = await Screenshot.verifyScreenshot(input.screenshotKey);
    screenshotKey = await Asset.claimPending(input.screenshotKey, guide.visibility);
  } else if (input.screenshotKey) {
    // A screenshot this guide already shows (a repeated step): checked when it was uploaded.
    const { slides } = await GuideRead.load(guideId);
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
      // The page's URL without its query and fragment, whatever the client sent (shared/capture.ts).
      ...(input.capture ? { capture: withKeptPageUrl(input.capture) } : {}),
      edited: authored,
    };
    return { countDelta: 1, items: (tx) => [tx.slide.create(item).commit()], result: () => item };
  });
  if (!authored || guide.titleAuto) await Transcript.afterSlideAdded(guideId);
  await refreshSummary(guideId);
  const { guide: fresh, slides } = await GuideRead.load(guideId);
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
    /** the whole list, already checked by its schema (shared/annotations.ts) */
    annotations?: Annotation[] | undefined;
    /** another screenshot of the guide's own (a drift check's fresh one) */
    screenshot?: { key: string; width: number; height: number } | undefined;
  },
  /** the values the edit was made from: a field someone else changed since refuses it (Revision.refuseChanged) */
  base?: SlideBase,
): Promise<SlideDto> {
  for (let attempt = 1; ; attempt++) {
    const { slides: before } = await loadInOrg(orgId, guideId);
    const slide = before.find((s) => s.slideId === slideId);
    if (!slide) throw new AppError('not_found', 'Slide not found.');
    Revision.refuseChanged('step', base, editableSlideFields(slide));
    const set: Record<string, unknown> = {};
    const removeAttrs: Array<'zoomLevel' | 'isHighlightVisible' | 'click'> = [];
    for (const field of ['title', 'text', 'narration'] as const) if (changes[field] !== undefined) set[field] = changes[field];
    if (changes.annotations !== undefined) set['annotations'] = changes.annotations;
    if (changes.screenshot) Object.assign(set, { screenshotKey: changes.screenshot.key, width: changes.screenshot.width, height: changes.screenshot.height });
    // The author's own words: the transcript keeps off them, and a text they wrote needs none.
    if ((changes.text !== undefined && changes.text !== slide.text) || (changes.narration !== undefined && changes.narration !== slide.narration)) set['edited'] = true;
    if (changes.text !== undefined && changes.text !== slide.text && changes.text.trim()) set['needsText'] = false;
    for (const field of ['zoomLevel', 'isHighlightVisible', 'click'] as const) {
      if (changes[field] === null) removeAttrs.push(field);
      else if (changes[field] !== undefined) set[field] = changes[field];
    }
    if (changes.order !== undefined) {
      // A move: under the guide's order lock, to a free order (the lock reads the slides afresh).
      const wanted = changes.order;
      await writeOrdered(orgId, guideId, ({ slides }) => {
        const current = slides.find((s) => s.slideId === slideId);
        if (!current) throw new AppError('not_found', 'Slide not found.');
        Revision.refuseChanged('step', base, editableSlideFields(current));
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
      try {
        // A checked edit writes only over the slide it compared: any write since moved updatedAt on.
        await (base ? update.where((attr, { eq }) => eq(attr.updatedAt, slide.updatedAt)) : update).go();
      } catch (error) {
        if (!base || !isConditionFailed(error)) throw error;
        if (attempt >= Revision.FIELD_WRITE_ATTEMPTS) throw new AppError('conflict', 'The step is being changed by someone else. Please try again.');
        continue;
      }
    }
    break;
  }
  await refreshSummary(guideId);
  const { guide: fresh, slides } = await GuideRead.load(guideId);
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
  const parked = SlideTrash.keysToPark(slide, slides, await keptAssetKeys(guide));
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
  await GuideRead.fromId({ orgId, guideId });
  return Asset.presignScreenshot(orgId, guideId, contentType, contentLength);
}

// Folders
