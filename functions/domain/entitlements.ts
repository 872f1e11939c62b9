import { entitlements, type Entitlements } from '#shared/plan';
import { db } from '../db/service';
import { isOwner } from './membership';

/**
 * What an organisation may do: Pro when any of its owners has an active or trialing
 * subscription. Read where a gated action happens (creating a guide, making one private,
 * embedding, voiceover, export), never cached across requests.
 */
export async function forOrganization(orgId: string): Promise<Entitlements> {
  const { data: members } = await db().entities.member.query.byOrg({ orgId }).go({ pages: 'all' });
  const owners = members.filter((m) => isOwner(m.role)).map((m) => ({ userId: m.userId }));
  if (owners.length === 0) return entitlements(null);
  const { data: subscriptions } = await db().entities.subscription.get(owners).go();
  const pro = subscriptions.find((s) => s.status === 'active' || s.status === 'trialing');
  return entitlements(pro?.status ?? null);
}
