import { AppError } from '#shared/errors';
import type { SlideDto } from '#shared/guides';
import { needsRenumber, orderBetween } from '#shared/order';
import { mayDeleteContent } from '#shared/permissions';
import { db } from '../../db/service';
import type { Actor } from '../guide-store';
import { GuideRead, loadGuide } from '../guide-store';
import * as Slide from './slide';
import { slideDto } from './slide-dto';
import * as SlideTrash from './slide-trash';

type Slide = Awaited<ReturnType<typeof loadGuide>>['slides'][number];

const NOTHING_TO_RESTORE = 'This step was not deleted, or was deleted too long ago to bring back.';

/**
 * Brings a deleted slide back whole (the design view's undo of a delete): its words, settings,
 * screenshot and voiceover, after `afterSlideId` (null: first; absent: at its old order). Who
 * may delete a step may bring it back. A slide already back is answered as it is.
 */
export async function restore(actor: Actor, guideId: string, slideId: string, afterSlideId: string | null | undefined): Promise<SlideDto> {
  const guide = await GuideRead.fromId({ orgId: actor.orgId, guideId });
  if (!mayDeleteContent(actor, guide)) throw new AppError('forbidden', "Only the guide's creator, an admin or an owner can bring back its steps.");
  const { data: kept } = await db().entities.deletedSlide.get({ guideId, slideId }).go();
  if (!kept) {
    const { slides } = await loadGuide(guideId);
    const present = slides.find((s) => s.slideId === slideId);
    if (present) return slideDto(guide, present);
    throw new AppError('not_found', NOTHING_TO_RESTORE);
  }
  // The table's TTL removes items some time after they expire: the window is what counts.
  if (kept.expiresAt * 1000 < Date.now()) throw new AppError('gone', NOTHING_TO_RESTORE);
  const item = kept.slide as Slide;
  await SlideTrash.unpark(guide, kept.parkedKeys ?? []);
  await Slide.writeOrdered(actor.orgId, guideId, ({ slides }) => {
    const order = placeFor(slides, item.order, afterSlideId);
    return {
      countDelta: 1,
      items: (tx) => [tx.slide.create({ ...item, guideId, slideId, orgId: actor.orgId, order }).commit()],
      result: () => order,
    };
  });
  await db().entities.deletedSlide.delete({ guideId, slideId }).go();
  await Slide.refreshSummary(guideId);
  const { guide: fresh, slides } = await loadGuide(guideId);
  const stored = slides.find((s) => s.slideId === slideId);
  if (!fresh || !stored) throw new AppError('not_found', 'Slide not found.');
  return slideDto(fresh, stored);
}

/** The order the slide goes back to: right after the slide named, first for null, else its own. */
function placeFor(slides: readonly Slide[], own: number, afterSlideId: string | null | undefined): number {
  if (afterSlideId === undefined) return Slide.freeOrder([...slides], own);
  const index = afterSlideId === null ? -1 : slides.findIndex((s) => s.slideId === afterSlideId);
  // The slide it followed is gone too: its old order is the best guess.
  if (afterSlideId !== null && index < 0) return Slide.freeOrder([...slides], own);
  const previous = slides[index]?.order;
  const next = slides[index + 1]?.order;
  if (needsRenumber(previous, next)) throw new Slide.RenumberFirst();
  return orderBetween(previous, next);
}
