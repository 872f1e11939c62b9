import { Asset } from '../domain/platform';
import { SocialImage } from '../domain/guides';
import { db } from '../db/service';

/**
 * Moves the assets of guides that were made private before private guides' assets had a place of
 * their own (under `private/`, never served at /assets/*) to that place, and drops their social
 * previews. Idempotent: a guide already moved has nothing left to move. A Scan, off every request
 * path: run once per stage after the deploy that brings private assets (README, Deploying), and by
 * the local stack at each start.
 */
export async function movePrivateGuidesAssets(): Promise<number> {
  const { data } = await db()
    .entities.guide.scan.where(({ visibility }, { eq }) => eq(visibility, 'private'))
    .go({ pages: 'all', attributes: ['guideId', 'orgId', 'socialImageKey'] });
  for (const guide of data) {
    await Asset.moveGuide(guide.orgId, guide.guideId, 'private');
    await SocialImage.forget(guide);
  }
  return data.length;
}
