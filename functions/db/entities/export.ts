import { Entity } from 'electrodb';
import { EXPORT_FORMATS, EXPORT_STATES } from '#shared/exports';
import { SERVICE, createdAt, key, updatedAt } from './common';

/**
 * One export of a guide to a file (MP4, PDF, Markdown zip, HTML): its request, its progress and,
 * once done, where its file is. The worker owns it while `running` and proves it is alive by
 * pushing `leaseUntil` forward; an active export whose lease has passed was abandoned (its worker
 * died) and reads as failed.
 */
export const ExportEntity = new Entity({
  model: { entity: 'export', version: '1', service: SERVICE },
  attributes: {
    exportId: { type: 'string', required: true, readOnly: true },
    guideId: { type: 'string', required: true, readOnly: true },
    orgId: { type: 'string', required: true, readOnly: true },
    createdBy: { type: 'string', required: true, readOnly: true },
    format: { type: EXPORT_FORMATS, required: true, readOnly: true },
    /** the parsed options, every default filled in */
    options: { type: 'any', required: true, readOnly: true },
    /** hash of format, options and everything of the guide the file shows: equal means the same file */
    fingerprint: { type: 'string', required: true, readOnly: true },
    /**
     * the organisation's brand as its viewers saw it when the export was asked for
     * (shared/brand-look.ts ShownBrand), which the file is drawn in; absent in exports made before
     * brands: Stepcast's look
     */
    brand: { type: 'any', readOnly: true },
    state: { type: EXPORT_STATES, required: true, default: 'queued' },
    /** 0..1 */
    progress: { type: 'number', required: true, default: 0 },
    error: { type: 'string' },
    /** epoch ms; past it, a queued or running export has been abandoned */
    leaseUntil: { type: 'number', required: true },
    /** deliveries of its queue message that started rendering */
    attempts: { type: 'number', required: true, default: 0 },
    fileKey: { type: 'string' },
    fileName: { type: 'string' },
    bytes: { type: 'number' },
    subtitlesKey: { type: 'string' },
    /** the rendered video's length */
    durationMs: { type: 'number' },
    createdAt,
    updatedAt,
  },
  indexes: {
    byId: { pk: key('pk', ['exportId']), sk: key('sk', []) },
    // a guide's exports, newest first (the exports panel; reuse of a finished one)
    byGuide: { index: 'gsi1', pk: key('gsi1pk', ['guideId']), sk: key('gsi1sk', ['createdAt', 'exportId']) },
  },
});
