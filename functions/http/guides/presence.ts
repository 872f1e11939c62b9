// Presence: who else has a guide open in the design view.
import { GuidePath } from '#shared/guides';
import { PresenceBody, PresencePath } from '#shared/presence';
import { Reply, defineHandler } from '../../core/http';
import { Presence } from '../../domain/guides';
import { requireMember } from '../actor';

// POST /api/guides/{id}/presence — this tab has the guide open (renewed every few seconds); answers who else has, and the guide's revision
export const renewPresence = defineHandler({ params: GuidePath, body: PresenceBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  return Presence.renew(member, params.id, body);
});

// DELETE /api/guides/{id}/presence/{clientId} — the tab closed the guide
export const leavePresence = defineHandler({ params: PresencePath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  await Presence.leave(member, params.id, params.clientId);
  return new Reply(204);
});
