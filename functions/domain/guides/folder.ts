import { AppError } from '#shared/errors';
import type { FolderDto } from '#shared/guides';
import { normalizeText } from '#shared/text';
import { sleep } from '../../core/sleep';
import { NO_FOLDER } from '../../db/entities/guide';
import { isConditionFailed } from '../../db/errors';
import { db, type TxEntities } from '../../db/service';
import { requireDeleteRight, type Actor } from '../guide-store';
import { newId } from '../platform';

/** Folders of an organisation's guides; a folder's name is unique in its organisation. */
type Folder = NonNullable<Awaited<ReturnType<typeof getFolder>>>;

async function getFolder(orgId: string, folderId: string) {
  const { data } = await db().entities.folder.get({ orgId, folderId }).go();
  return data;
}

/** A folder of this organisation that is not being deleted, or not found. */
export async function requireFolder(orgId: string, folderId: string): Promise<Folder> {
  const folder = folderId === NO_FOLDER ? null : await getFolder(orgId, folderId);
  if (!folder || folder.deleting) throw new AppError('not_found', 'Folder not found.');
  return folder;
}

/** In a transaction: the folder exists and no delete has begun (see removeFolder). */
export function folderOpen(folder: TxEntities['folder'], orgId: string, folderId: string) {
  return folder
    .check({ orgId, folderId })
    .where((attr, { exists, notExists }) => `${exists(attr.name)} AND ${notExists(attr.deleting)}`)
    .commit();
}

/** A folder name as its uniqueness is judged: trimmed, NFC, case-folded. */
export function folderNameKey(name: string): string {
  return normalizeText(name).trim().toLocaleLowerCase('en');
}

const FOLDER_NAME_TAKEN = 'A folder with this name already exists. Choose another name.';

export function folderDto(folder: Folder): FolderDto {
  return {
    id: folder.folderId,
    name: folder.name,
    createdAt: new Date(folder.createdAt).toISOString(),
    updatedAt: new Date(folder.updatedAt).toISOString(),
  };
}

export async function listFolders(orgId: string): Promise<FolderDto[]> {
  const { data } = await db().entities.folder.query.byOrg({ orgId }).go({ pages: 'all' });
  return data
    .filter((f) => !f.deleting)
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
    .map(folderDto);
}

/** Folders made before names were claimed have no claim: they are compared by a read. */
async function assertNameFree(orgId: string, name: string, except?: string): Promise<void> {
  const key = folderNameKey(name);
  const { data } = await db().entities.folder.query.byOrg({ orgId }).go({ pages: 'all' });
  if (data.some((f) => f.folderId !== except && !f.deleting && folderNameKey(f.name) === key)) throw new AppError('conflict', FOLDER_NAME_TAKEN);
}

/** Creates a folder; its name is claimed in the same transaction, so two folders never share one. */
export async function createFolder(orgId: string, createdBy: string, name: string): Promise<FolderDto> {
  await assertNameFree(orgId, name);
  const folderId = newId();
  const result = await db()
    .transaction.write(({ folder, folderName }) => [
      folderName.create({ orgId, nameKey: folderNameKey(name), folderId }).commit(),
      folder.create({ orgId, folderId, name, createdBy }).commit(),
    ])
    .go();
  if (result.canceled) throw new AppError('conflict', FOLDER_NAME_TAKEN);
  return folderDto((await getFolder(orgId, folderId))!);
}

export async function renameFolder(orgId: string, folderId: string, name: string): Promise<FolderDto> {
  const folder = await requireFolder(orgId, folderId);
  const oldKey = folderNameKey(folder.name);
  const newKey = folderNameKey(name);
  if (oldKey !== newKey) {
    await assertNameFree(orgId, name, folderId);
    const result = await db()
      .transaction.write(({ folder: folders, folderName }) => [
        folderName.create({ orgId, nameKey: newKey, folderId }).commit(),
        folderName.delete({ orgId, nameKey: oldKey }).commit(),
        folders.patch({ orgId, folderId }).set({ name }).where((attr, { notExists }) => notExists(attr.deleting)).commit(),
      ])
      .go();
    if (result.canceled) {
      if (result.data[2]?.code === 'ConditionalCheckFailed') throw new AppError('not_found', 'Folder not found.');
      throw new AppError('conflict', FOLDER_NAME_TAKEN);
    }
  } else {
    await db().entities.folder.patch({ orgId, folderId }).set({ name }).go();
  }
  return folderDto((await getFolder(orgId, folderId))!);
}

/** How often a folder's delete sweeps its guides before it gives up (an index lags its table briefly). */
const FOLDER_SWEEPS = 5;

/**
 * Deletes a folder (its creator, an admin or an owner); its guides move to no folder. First the
 * folder is marked as being deleted, which every move into it checks in its own transaction; then
 * its guides are moved out until a sweep finds none; then it goes. A guide can therefore never be
 * left in a deleted folder, and a delete that stops half-way is finished by the next one.
 */
export async function removeFolder(actor: Actor, folderId: string): Promise<void> {
  const { orgId } = actor;
  const folder = await getFolder(orgId, folderId);
  if (!folder || folderId === NO_FOLDER) throw new AppError('not_found', 'Folder not found.');
  requireDeleteRight(actor, folder, 'folder');
  if (!folder.deleting) {
    await db().entities.folder.patch({ orgId, folderId }).set({ deleting: true }).go();
  }
  for (let sweep = 0; ; sweep++) {
    const { data: guides } = await db().entities.guide.query.byFolder({ orgId, folderId }).go({ pages: 'all', attributes: ['guideId'] });
    for (const { guideId } of guides) {
      await db()
        .entities.guide.patch({ guideId })
        .set({ folderId: NO_FOLDER })
        .composite({ orgId, folderId })
        .where((attr, { eq }) => eq(attr.folderId, folderId))
        .go()
        .catch((error: unknown) => {
          // Moved or deleted meanwhile: nothing left to do for it.
          if (!isConditionFailed(error)) throw error;
        });
    }
    if (guides.length === 0 && sweep > 0) break;
    if (sweep >= FOLDER_SWEEPS) throw new AppError('conflict', 'The folder is still being emptied. Please try again.');
    if (guides.length === 0) await sleep(50);
  }
  await db()
    .transaction.write(({ folder: folders, folderName }) => [
      folders.delete({ orgId, folderId }).commit(),
      folderName.delete({ orgId, nameKey: folderNameKey(folder.name) }).commit(),
    ])
    .go();
}
