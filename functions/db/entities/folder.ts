import { Entity } from 'electrodb';
import { SERVICE, createdAt, key, updatedAt } from './common';

/** A folder of guides inside an organisation. */
export const FolderEntity = new Entity({
  model: { entity: 'folder', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    folderId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    createdBy: { type: 'string', required: true, readOnly: true },
    /**
     * set by the first step of a delete: from then on no guide may move in (moves check it in
     * their transaction), so the delete's sweep of the folder's guides cannot miss one
     */
    deleting: { type: 'boolean' },
    createdAt,
    updatedAt,
  },
  indexes: {
    // an organisation's folders, in one Query (the sidebar)
    byOrg: { pk: key('pk', ['orgId']), sk: key('sk', ['folderId']) },
  },
});

/**
 * Claims a folder name in an organisation (trimmed, NFC, case-folded), created in the same
 * transaction as the folder or its rename: two folders of one parent never share a name.
 */
export const FolderNameEntity = new Entity({
  model: { entity: 'folderName', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    nameKey: { type: 'string', required: true, readOnly: true },
    folderId: { type: 'string', required: true },
    createdAt,
  },
  indexes: {
    byName: { pk: key('pk', ['orgId']), sk: key('sk', ['nameKey']) },
  },
});
