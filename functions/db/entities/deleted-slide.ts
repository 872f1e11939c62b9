import { Entity } from 'electrodb';
import { SERVICE, createdAt, key } from './common';

/**
 * A slide deleted from a guide, kept so that an undo brings it back whole (its words, settings,
 * screenshot and voiceover keys); the table's TTL removes it when the restore window ends.
 */
export const DeletedSlideEntity = new Entity({
  model: { entity: 'deletedslide', version: '1', service: SERVICE },
  attributes: {
    guideId: { type: 'string', required: true, readOnly: true },
    slideId: { type: 'string', required: true, readOnly: true },
    /** the slide item as it was */
    slide: { type: 'any', required: true },
    /** the assets moved out of reach while the slide is deleted (not those another slide still shows) */
    parkedKeys: { type: 'list', items: { type: 'string' } },
    /** epoch seconds; the table's TTL attribute */
    expiresAt: { type: 'number', required: true },
    createdAt,
  },
  indexes: {
    byGuide: { pk: key('pk', ['guideId']), sk: key('sk', ['slideId']) },
  },
});
