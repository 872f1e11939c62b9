import { AppError } from '#shared/errors';
import { mayDeleteContent } from '#shared/permissions';
import { joinWords, type MergeSlideDto } from '#shared/slide-tools';
import { db } from '../../db/service';
import type { Actor } from '../guide-store';
import { keptAssetKeys, loadGuide, loadInOrg } from '../guide-store';
import * as Slide from './slide';
import { slideDto } from './slide-dto';
import * as SlideTrash from './slide-trash';

/**
 * Merges a slide with the next one: its text and narration followed by the next's (each on its
 * own line, the narration as one paragraph), then the next slide removed as a delete removes it
 * (kept for an undo, its screenshot parked unless another slide shows it). The edit, the removal,
 * the count and the kept copy are one conditional transaction with the guide's order lock, so a
 * concurrent move or delete makes it fail rather than merge the wrong neighbour.
 */
export async function merge(actor: Actor, guideId: string, slideId: string): Promise<MergeSlideDto> {
  const { guide, slides } = await loadInOrg(actor.orgId, guideId);
  const index = slides.findIndex((s) => s.slideId === slideId);
  const first = slides[index];
  if (!first) throw new AppError('not_found', 'Slide not found.');
  const second = slides[index + 1];
  if (!second) throw new AppError('validation_failed', 'The last step has no next step to merge with.', { slideId: 'The last step has no next step.' });
  if (!mayDeleteContent(actor, guide)) throw new AppError('forbidden', "Only the guide's creator, an admin or an owner can merge its steps (a step is removed).");
  const text = joinWords(first.text, second.text, '\n');
  const narration = joinWords(first.narration, second.narration, ' ');
  const parked = SlideTrash.keysToPark(second, slides, await keptAssetKeys(guide));
  const version = guide.orderVersion;
  const result = await db()
    .transaction.write((tx) => [
      tx.guide
        .patch({ guideId })
        .subtract({ slideCount: 1 })
        .add({ orderVersion: 1 })
        .where((attr, { eq, notExists }) => (version === undefined ? notExists(attr.orderVersion) : eq(attr.orderVersion, version)))
        .commit(),
      tx.slide
        .patch({ guideId, slideId })
        .set({ text, narration, edited: true, ...(text.trim() ? { needsText: false } : {}) })
        .commit(),
      tx.slide.remove({ guideId, slideId: second.slideId }).commit(),
      tx.deletedSlide.put(SlideTrash.entry(second, parked)).commit(),
    ])
    .go();
  if (result.canceled) throw new AppError('conflict', 'The steps changed while they were being merged. Please try again.');
  await SlideTrash.park(guide, parked);
  await Slide.refreshSummary(guideId);
  const { guide: fresh, slides: after } = await loadGuide(guideId);
  const merged = after.find((s) => s.slideId === slideId);
  if (!fresh || !merged) throw new AppError('not_found', 'Slide not found.');
  return { slide: await slideDto(fresh, merged), removedSlideId: second.slideId };
}
