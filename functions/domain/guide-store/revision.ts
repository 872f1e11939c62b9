import { AppError } from '#shared/errors';
import { FIELD_CHANGED_MESSAGE, GUIDE_CHANGED_MESSAGE, STALE_GUIDE_MESSAGE, STEP_CHANGED_MESSAGE, changedSince } from '#shared/revision';
import { isConditionFailed } from '../../db/errors';
import { db } from '../../db/service';

/**
 * Guide revisions (shared/revision.ts). A write of the author's content first claims the next
 * revision, on the condition that the guide still is at the one the writer read (when it says
 * which): of two writes made from the same copy only the first goes through, the other is
 * refused with 412 before it changes anything. A write that fails after its claim gives the
 * revision back, unless another write has claimed one since.
 */
export async function claim(orgId: string, guideId: string, expected: number | undefined): Promise<number> {
  try {
    const { data } = await db()
      .entities.guide.patch({ guideId })
      .add({ revision: 1 })
      .where((attr, { eq, notExists }) => {
        const mine = eq(attr.orgId, orgId);
        if (expected === undefined) return mine;
        // A guide made before revisions has none: it is at revision 0.
        return expected === 0 ? `${mine} AND (${notExists(attr.revision)} OR ${eq(attr.revision, 0)})` : `${mine} AND ${eq(attr.revision, expected)}`;
      })
      .go({ response: 'all_new' });
    return data.revision ?? 1;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const { data: guide } = await db().entities.guide.get({ guideId }).go({ attributes: ['orgId'] });
    if (!guide || guide.orgId !== orgId) throw new AppError('not_found', 'Guide not found.');
    throw new AppError('precondition_failed', STALE_GUIDE_MESSAGE);
  }
}

/** Gives a claimed revision back (its write failed), if it still is the guide's latest. */
export async function release(guideId: string, claimed: number): Promise<void> {
  try {
    await db()
      .entities.guide.patch({ guideId })
      .subtract({ revision: 1 })
      .where((attr, { eq }) => eq(attr.revision, claimed))
      .go();
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/** Runs a write of a guide's content under a claimed revision; answers its result and the new revision. */
export async function write<T>(orgId: string, guideId: string, expected: number | undefined, run: () => Promise<T>): Promise<{ result: T; revision: number }> {
  const revision = await claim(orgId, guideId, expected);
  try {
    return { result: await run(), revision };
  } catch (error) {
    await release(guideId, revision);
    throw error;
  }
}

/**
 * Refuses an edit whose base (the values it was made from) names a field someone else changed
 * since: 412 with that field's value now, so the editor keeps the author's text and shows both.
 * Fields the base does not name are not checked: another step, another field of the same step.
 */
export function refuseChanged(what: 'step' | 'guide', base: Record<string, unknown> | undefined, now: Record<string, unknown>): void {
  if (!base) return;
  const changed = changedSince(base, now);
  if (changed.length === 0) return;
  throw new AppError(
    'precondition_failed',
    what === 'step' ? STEP_CHANGED_MESSAGE : GUIDE_CHANGED_MESSAGE,
    Object.fromEntries(changed.map((field) => [field, FIELD_CHANGED_MESSAGE])),
    { current: Object.fromEntries(changed.map((field) => [field, now[field] ?? null])) },
  );
}

/** How often a checked edit reads again when another write lands between its read and its write. */
export const FIELD_WRITE_ATTEMPTS = 6;
