import { AppError } from '#shared/errors';
import type { SlideDto } from '#shared/guides';
import { needsRenumber, orderBetween } from '#shared/order';
import * as Slide from './slide';
import { slideDto } from './slide-dto';
import { copyableFields, loadGuide } from '../guide-store';
import { newId } from '../platform';

/**
 * A copy of a slide right after it: its words, settings, click, what capture recorded and its
 * voiceover, showing the same screenshot and audio (a deleted copy leaves them to the original,
 * see slide-trash.ts). Answers the copy.
 */
export async function duplicate(orgId: string, guideId: string, slideId: string): Promise<SlideDto> {
  const copyId = newId();
  await Slide.writeOrdered(orgId, guideId, ({ slides }) => {
    const index = slides.findIndex((s) => s.slideId === slideId);
    const source = slides[index];
    if (!source) throw new AppError('not_found', 'Slide not found.');
    const next = slides[index + 1]?.order;
    if (needsRenumber(source.order, next)) throw new Slide.RenumberFirst();
    const order = orderBetween(source.order, next);
    const { createdAt: _created, updatedAt: _updated, ...fields } = copyableFields(source);
    return {
      countDelta: 1,
      items: (tx) => [tx.slide.create({ ...fields, slideId: copyId, order }).commit()],
      result: () => order,
    };
  });
  await Slide.refreshSummary(guideId);
  const { guide, slides } = await loadGuide(guideId);
  const copy = slides.find((s) => s.slideId === copyId);
  if (!guide || !copy) throw new AppError('not_found', 'Slide not found.');
  return slideDto(guide, copy);
}
