import { AppError } from '#shared/errors';
import { needsRenumber, orderBetween } from '#shared/order';
import { splitNarration, type SplitSlideDto } from '#shared/slide-tools';
import { copyableFields, loadGuide } from '../guide-store';
import { newId } from '../platform';
import * as Slide from './slide';
import { slideDto } from './slide-dto';

/**
 * Splits a slide's narration into two slides: the slide keeps the first part, a new slide right
 * after it takes the second, with the same screenshot, words, click and settings (one screenshot
 * shown twice, as a duplicate shows it). Neither keeps the voiceover's audio of the whole
 * narration: the first's is out of date (a voiceover run redoes it), the second has none yet.
 * One transaction with the guide's order lock.
 */
export async function split(orgId: string, guideId: string, slideId: string, at: number | undefined): Promise<SplitSlideDto> {
  const secondId = newId();
  await Slide.writeOrdered(orgId, guideId, ({ slides }) => {
    const index = slides.findIndex((s) => s.slideId === slideId);
    const source = slides[index];
    if (!source) throw new AppError('not_found', 'Slide not found.');
    const parts = splitNarration(source.narration ?? '', at);
    if (!parts) {
      const message = 'Put the cursor between two words of the narration, with words on both sides.';
      throw new AppError('validation_failed', message, { at: message });
    }
    const next = slides[index + 1]?.order;
    if (needsRenumber(source.order, next)) throw new Slide.RenumberFirst();
    const order = orderBetween(source.order, next);
    const {
      createdAt: _created,
      updatedAt: _updated,
      audioKey: _audio,
      audioDurationMs: _duration,
      words: _words,
      audioNarration: _said,
      audioVoiceId: _voice,
      audioRate: _rate,
      ...fields
    } = copyableFields(source);
    return {
      countDelta: 1,
      items: (tx) => [
        tx.slide.patch({ guideId, slideId }).set({ narration: parts[0], edited: true }).commit(),
        tx.slide.create({ ...fields, slideId: secondId, order, narration: parts[1], edited: true }).commit(),
      ],
      result: () => order,
    };
  });
  await Slide.refreshSummary(guideId);
  const { guide, slides } = await loadGuide(guideId);
  const first = slides.find((s) => s.slideId === slideId);
  const second = slides.find((s) => s.slideId === secondId);
  if (!guide || !first || !second) throw new AppError('not_found', 'Slide not found.');
  return { first: await slideDto(guide, first), second: await slideDto(guide, second) };
}
