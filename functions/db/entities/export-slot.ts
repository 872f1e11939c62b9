import { Entity } from 'electrodb';
import { EXPORT_FORMATS } from '#shared/exports';
import { SERVICE, createdAt, key, updatedAt } from './common';

/**
 * At most one export per guide and format renders at a time: this item names the export that
 * holds the slot. A new export takes it with a conditional write (absent, or still naming the
 * holder that was read as finished), so two requests racing for it cannot both win.
 */
export const ExportSlotEntity = new Entity({
  model: { entity: 'exportSlot', version: '1', service: SERVICE },
  attributes: {
    guideId: { type: 'string', required: true, readOnly: true },
    format: { type: EXPORT_FORMATS, required: true, readOnly: true },
    exportId: { type: 'string', required: true },
    createdAt,
    updatedAt,
  },
  indexes: {
    byGuideFormat: { pk: key('pk', ['guideId', 'format']), sk: key('sk', []) },
  },
});
