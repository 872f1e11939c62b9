// Sign-ins saved for drift checks of apps behind a sign-in: sealed at rest, never answered back.
import { SaveSiteSessionBody, SiteSessionPath } from '#shared/drift';
import { Reply, defineHandler } from '../../core/http';
import { SiteSession } from '../../domain/drift';
import { requireMember } from '../actor';

// POST /api/site-sessions — save (or replace) the sign-in of an origin: 201 SiteSession
export const saveSiteSession = defineHandler({ body: SaveSiteSessionBody }, async ({ body, event }) => {
  const { member } = await requireMember(event);
  return new Reply(201, await SiteSession.save(member.orgId, member.userId, body));
});

// GET /api/site-sessions — the organisation's saved sign-ins
export const listSiteSessions = defineHandler({}, async ({ event }) => {
  const { member } = await requireMember(event);
  return SiteSession.list(member.orgId);
});

// DELETE /api/site-sessions/{id} — delete a saved sign-in: 204
export const deleteSiteSession = defineHandler({ params: SiteSessionPath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  await SiteSession.remove(member.orgId, params.id);
  return new Reply(204);
});
