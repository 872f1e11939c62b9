import { storedIntro, storedOutro, type IntroCard, type OutroCard } from '#shared/guide-cards';
import { db } from '../../db/service';

/**
 * A guide's intro and outro cards (shared/guide-cards.ts), kept on the guide item: what it
 * answers for them, and their writes (a card set, or removed with null).
 */
export interface CardChanges {
  introCard?: IntroCard | null | undefined;
  outroCard?: OutroCard | null | undefined;
}

export function fromGuide(guide: { introCard?: unknown; outroCard?: unknown }): { introCard: IntroCard | null; outroCard: OutroCard | null } {
  return { introCard: storedIntro(guide.introCard), outroCard: storedOutro(guide.outroCard) };
}

export async function write(guideId: string, changes: CardChanges): Promise<void> {
  const set: Record<string, unknown> = {};
  const remove: Array<'introCard' | 'outroCard'> = [];
  for (const field of ['introCard', 'outroCard'] as const) {
    const value = changes[field];
    if (value === null) remove.push(field);
    else if (value !== undefined) set[field] = value;
  }
  if (Object.keys(set).length === 0 && remove.length === 0) return;
  let patch = db().entities.guide.patch({ guideId }).set(set);
  if (remove.length > 0) patch = patch.remove(remove);
  await patch.go();
}
