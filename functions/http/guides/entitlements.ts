// GET /api/entitlements — what the active organisation's plan unlocks, for every member
import { entitlementsDto } from '#shared/plan-contracts';
import { defineHandler } from '../../core/http';
import { Entitlements } from '../../domain/billing';
import { requireMember } from '../actor';

export const getEntitlements = defineHandler({}, async ({ event }) => {
  const { member } = await requireMember(event);
  return entitlementsDto(await Entitlements.forOrganization(member.orgId));
});
