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
    createdAt,
    updatedAt,
  },
  indexes: {
    // an organisation's folders, in one Query (the sidebar)
    byOrg: { pk: key('pk', ['orgId']), sk: key('sk', ['folderId']) },
  },
});
