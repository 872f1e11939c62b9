// Guides: list, create, read, update, delete, duplicate.
import { CreateGuideBody, GuidePath, ListGuidesQuery, UpdateGuideBody } from '#shared/guides';
import { Reply, defineHandler } from '../../core/http';
import { Guide } from '../../domain/guides';
import { Revision } from '../../domain/guide-store';
import { requireMember } from '../actor';
import { expectedRevision, revised } from '../revision';

// GET /api/guides — the active organisation's guides, most recent first, or one folder's, or a title search
export const listGuides = defineHandler({ query: ListGuidesQuery }, async ({ query, event }) => {
  const { member } = await requireMember(event);
  return Guide.list(member.orgId, query);
});

// POST /api/guides — a new draft guide with a 12-character id (plan_limit past the free plan's guides)
export const createGuide = defineHandler({ body: CreateGuideBody }, async ({ body, event }) => {
  const { member } = await requireMember(event);
  const guide = await Guide.create({ orgId: member.orgId, createdBy: member.userId, title: body.title, folderId: body.folderId, autoTitle: body.autoTitle });
  return new Reply(201, await Guide.guideDto(guide, []));
});

// GET /api/guides/{id} — the guide with all its slides in order (one Query)
export const getGuide = defineHandler({ params: GuidePath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  const guide = await Guide.detail(member.orgId, params.id);
  return revised(200, guide, guide.revision);
});

// PATCH /api/guides/{id} — title, folder, zoom and highlight defaults, visibility, status (`base`: the values it was made from, checked per field)
export const updateGuide = defineHandler({ params: GuidePath, body: UpdateGuideBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  const { base, ...changes } = body;
  const { revision } = await Revision.write(member.orgId, params.id, expectedRevision(event), () => Guide.update(member, params.id, changes, base));
  return revised(200, await Guide.detail(member.orgId, params.id), revision);
});

// DELETE /api/guides/{id} — the guide, its slides and its assets (its creator, an admin or an owner)
export const deleteGuide = defineHandler({ params: GuidePath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  await Guide.remove(member, params.id);
  return new Reply(204);
});

// POST /api/guides/{id}/duplicate — a draft copy in the same folder
export const duplicateGuide = defineHandler({ params: GuidePath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  const copy = await Guide.duplicate(member.orgId, params.id, member.userId);
  return new Reply(201, await Guide.detail(member.orgId, copy.guideId));
});
