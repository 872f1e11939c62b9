import { entitlements, type Entitlements } from '#shared/plan';
import { keptReads } from '../../core/kept-reads';
import { db } from '../../db/service';
import { isOwner } from '../members';

/**
 * What an organisation may do: Pro when any of its owners has an active or trialing
 * subscription, or when it has Pro without one (the demo organisation: grantComplimentaryPro).
 * Read where a gated action happens (creating a guide, making one private, voiceover,
 * translation, export, analytics), never cached across requests. The one exception is
 * `mayEmbed`, read for every view of a public guide: see there.
 */
export async function forOrganization(orgId: string): Promise<Entitlements> {
  const [{ data: members }, { data: organization }] = await Promise.all([
    db().entities.member.query.byOrg({ orgId }).go({ pages: 'all' }),
    db().entities.organization.get({ orgId }).go({ attributes: ['complimentaryPlan'] }),
  ]);
  if (organization?.complimentaryPlan === 'Pro') return entitlements('active');
  const owners = members.filter((m) => isOwner(m.role)).map((m) => ({ userId: m.userId }));
  if (owners.length === 0) return entitlements(null);
  const { data: subscriptions } = await db().entities.subscription.get(owners).go();
  const pro = subscriptions.find((s) => s.status === 'active' || s.status === 'trialing');
  return entitlements(pro?.status ?? null);
}

/**
 * How long this function instance trusts an organisation's embed right. CloudFront keeps the share
 * answer that carries it longer (s-maxage 3600), until a plan that starts or ends clears it
 * (billing.ts), so a plan change reaches embeds within about a minute either way.
 */
export const EMBED_CACHE_MS = 60_000;
const EMBED_CACHE_SIZE = 1_000;
const planRights = keptReads<Entitlements>(EMBED_CACHE_MS, EMBED_CACHE_SIZE);

/** An organisation's entitlements as this instance last read them, for at most EMBED_CACHE_MS. */
function keptEntitlements(orgId: string, now: number): Promise<Entitlements> {
  return planRights.read(orgId, now, () => forOrganization(orgId));
}

/**
 * Whether an organisation's guides may be embedded: the share answer says so, and the edge
 * answers a free organisation's embed with 402. Read on every view of a public guide, so it is
 * kept per function instance for EMBED_CACHE_MS (the share read stays one GetItem and one Query).
 */
export async function mayEmbed(orgId: string, now = Date.now()): Promise<boolean> {
  return (await keptEntitlements(orgId, now)).embed;
}

/** Whether viewers see the organisation's brand (Pro), kept as mayEmbed is: read with it on every share answer. */
export async function mayBrand(orgId: string, now = Date.now()): Promise<boolean> {
  return (await keptEntitlements(orgId, now)).brand;
}

/** A subscription changed: this instance reads embed and brand rights afresh (other instances within EMBED_CACHE_MS). */
export function forgetEmbedRights(): void {
  planRights.clear();
}

/**
 * Gives an organisation Pro without a subscription: the seed's demo organisation, whose guides
 * the gallery and the landing page embed. No route calls it.
 */
export async function grantComplimentaryPro(orgId: string): Promise<void> {
  await db().entities.organization.patch({ orgId }).set({ complimentaryPlan: 'Pro' }).go();
  planRights.forget(orgId);
}
