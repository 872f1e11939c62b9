import { PRESENCE_TTL_SECONDS, type PresenceDto } from '#shared/presence';
import { isConditionFailed } from '../../db/errors';
import { db } from '../../db/service';
import type { Actor } from '../guide-store';
import { GuideRead } from '../guide-store';
import { requireUser } from '../accounts';

/**
 * Who has a guide open in the design view (shared/presence.ts): each tab renews its entry, and
 * reads the others that are still there. A guide of another organisation is simply not found.
 */
export async function renew(actor: Actor, guideId: string, tab: { clientId: string; slideId?: string | null | undefined }): Promise<PresenceDto> {
  const guide = await GuideRead.fromId({ orgId: actor.orgId, guideId });
  const now = Date.now();
  const entity = db().entities.presence;
  const { data: mine } = await entity.get({ openGuideId: guideId, clientId: tab.clientId }).go();
  // A tab id names one person's tab: another person naming it gets an entry of no one's.
  if (mine && mine.userId !== actor.userId) return { revision: guide.revision ?? 0, others: [] };
  const user = await requireUser(actor.userId);
  await entity
    .put({
      openGuideId: guideId,
      clientId: tab.clientId,
      orgId: actor.orgId,
      userId: actor.userId,
      name: user.name,
      ...(tab.slideId ? { slideId: tab.slideId } : {}),
      since: mine?.since ?? now,
      expiresAt: Math.ceil(now / 1000) + PRESENCE_TTL_SECONDS,
    })
    .go();
  const { data: open } = await entity.query.byGuide({ openGuideId: guideId }).go({ pages: 'all' });
  const nowSeconds = now / 1000;
  const others = open
    .filter((entry) => entry.clientId !== tab.clientId && entry.orgId === actor.orgId && entry.expiresAt > nowSeconds)
    .sort((a, b) => a.since - b.since)
    .map((entry) => ({ name: entry.name, you: entry.userId === actor.userId, slideId: entry.slideId ?? null }));
  return { revision: guide.revision ?? 0, others };
}

/** The tab closed the guide: its entry goes at once (only its own person's). */
export async function leave(actor: Actor, guideId: string, clientId: string): Promise<void> {
  await GuideRead.fromId({ orgId: actor.orgId, guideId });
  await db()
    .entities.presence.delete({ openGuideId: guideId, clientId })
    .where((attr, { eq }) => eq(attr.userId, actor.userId))
    .go()
    .catch((error: unknown) => {
      // Already gone (expired, or another tab's): nothing to do.
      if (!isConditionFailed(error)) throw error;
    });
}
