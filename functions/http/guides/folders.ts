// Folders of guides.
import { FolderBody, FolderPath } from '#shared/guides';
import { Reply, defineHandler } from '../../core/http';
import { Folder } from '../../domain/guides';
import { requireMember } from '../actor';

// GET /api/folders — the active organisation's folders, by name
export const listFolders = defineHandler({}, async ({ event }) => {
  const { member } = await requireMember(event);
  return Folder.listFolders(member.orgId);
});

// POST /api/folders — create { name }
export const createFolder = defineHandler({ body: FolderBody }, async ({ body, event }) => {
  const { member } = await requireMember(event);
  return new Reply(201, await Folder.createFolder(member.orgId, member.userId, body.name));
});

// PATCH /api/folders/{id} — rename
export const renameFolder = defineHandler({ params: FolderPath, body: FolderBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  return Folder.renameFolder(member.orgId, params.id, body.name);
});

// DELETE /api/folders/{id} — delete (its creator, an admin or an owner); its guides move to no folder
export const deleteFolder = defineHandler({ params: FolderPath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  await Folder.removeFolder(member, params.id);
  return new Reply(204);
});
