// Drafts and versions: publish the draft, discard it, list versions, restore one as the draft.
import { GuidePath } from '#shared/guides';
import { VersionPath } from '#shared/versions';
import { defineHandler } from '../../core/http';
import { Guide, Versions } from '../../domain/guides';
import { Revision } from '../../domain/guide-store';
import { requireMember } from '../actor';
import { expectedRevision, revised } from '../revision';

// POST /api/guides/{id}/publish — the draft becomes the next version, what the link serves (If-Match: the draft's revision)
export const publishGuide = defineHandler({ params: GuidePath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  const { revision } = await Revision.write(member.orgId, params.id, expectedRevision(event), () => Versions.publish(member, params.id));
  return revised(200, await Guide.detail(member.orgId, params.id), revision);
});

// POST /api/guides/{id}/discard-draft — the published version back as the draft (If-Match: the draft's revision)
export const discardDraft = defineHandler({ params: GuidePath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  const { revision } = await Revision.write(member.orgId, params.id, expectedRevision(event), () => Versions.discardDraft(member, params.id));
  return revised(200, await Guide.detail(member.orgId, params.id), revision);
});

// GET /api/guides/{id}/versions — the guide's published versions, newest first
export const listVersions = defineHandler({ params: GuidePath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  return Versions.list(member.orgId, params.id);
});

// POST /api/guides/{id}/versions/{version}/restore — an older version as the draft, published only by Publish (If-Match)
export const restoreVersion = defineHandler({ params: VersionPath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  const { revision } = await Revision.write(member.orgId, params.id, expectedRevision(event), () => Versions.restore(member, params.id, params.version));
  return revised(200, await Guide.detail(member.orgId, params.id), revision);
});
