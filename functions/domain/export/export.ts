import { AppError } from '#shared/errors';
import { EXPORT_FORMAT_LABELS, isActiveExport, type ExportDto, type ExportFormat, type ExportListDto, type ExportRequest } from '#shared/exports';
import { isConditionFailed } from '../../db/errors';
import { db } from '../../db/service';
import { Asset, newId, WorkLine } from '../platform';
import { Entitlements } from '../billing';
import { Brand } from '../brand';
import { loadPublished } from '../guide-store';
import { fingerprintOf } from './fingerprint';

/**
 * A guide's exports, always through the organisation: another organisation's guide or export is
 * simply not found. Creating one queues the work for the export worker (./job.ts); reading one
 * settles an export whose worker died as failed, so nothing stays "running" forever.
 */
export type ExportItem = NonNullable<Awaited<ReturnType<typeof get>>>;

/** A queued export not picked up by then is taken as lost (the queue retries far sooner). */
export const QUEUED_LEASE_MS = 15 * 60_000;
/** A running worker renews its lease at least this often (with its progress)… */
export const HEARTBEAT_MS = 15_000;
/** …and a lease not renewed for this long means its worker died. */
export const RUNNING_LEASE_MS = 2 * 60_000;
/** How long a download link works. */
export const DOWNLOAD_URL_SECONDS = 300;
/** How many of a guide's exports the list shows. */
export const LIST_LIMIT = 50;

export const ABANDONED_MESSAGE = 'The export stopped before it finished. Retry it.';

const NOT_FOUND = 'Export not found.';

async function get(exportId: string) {
  const { data } = await db().entities.export.get({ exportId }).go();
  return data;
}

/** Where an export's files live: its guide's download prefix, so deleting the guide deletes them. */
export function filePrefix(item: Pick<ExportItem, 'orgId' | 'guideId' | 'exportId'>): string {
  return `${Asset.downloadPrefix(item.orgId, item.guideId)}${item.exportId}/`;
}

/**
 * An active export whose lease has passed was abandoned by its worker: it becomes failed (once,
 * conditionally). A queued one still waiting in its organisation's line (or just sent from it)
 * is not abandoned, however long it has waited.
 */
async function settle(item: ExportItem, now = Date.now(), line?: Map<string, WorkLine.Place>): Promise<ExportItem> {
  if (!isActiveExport(item.state) || item.leaseUntil >= now) return item;
  if (item.state === 'queued' && (line ?? (await WorkLine.places(item.orgId, 'export'))).get(item.exportId)?.alive) return item;
  try {
    const { data } = await db()
      .entities.export.patch({ exportId: item.exportId })
      .set({ state: 'failed', error: ABANDONED_MESSAGE })
      .where((a, { eq, lt }) => `(${eq(a.state, 'queued')} OR ${eq(a.state, 'running')}) AND ${lt(a.leaseUntil, now)}`)
      .go({ response: 'all_new' });
    await releaseSlot(item);
    return data;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return (await get(item.exportId)) ?? item;
  }
}

function signedUrl(key: string, fileName: string, contentType: string): Promise<string> {
  return Asset.downloadUrl(key, fileName, contentType, DOWNLOAD_URL_SECONDS);
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  mp4: 'video/mp4',
  pdf: 'application/pdf',
  markdown: 'application/zip',
  html: 'text/html; charset=utf-8',
};

/** The SubRip copy of an export's captions sits beside its WebVTT, under the same name. */
export function srtKeyOf(subtitlesKey: string): string {
  return subtitlesKey.replace(/\.vtt$/, '.srt');
}

/** `line`: the organisation's export line, read once for a list (a queued export's place in it). */
export async function dto(item: ExportItem, line?: Map<string, WorkLine.Place>): Promise<ExportDto> {
  const done = item.state === 'done' && !!item.fileKey && !!item.fileName;
  const subtitlesName = item.fileName?.replace(/\.[^.]+$/, '.vtt') ?? 'captions.vtt';
  return {
    id: item.exportId,
    guideId: item.guideId,
    format: item.format,
    options: (item.options ?? {}) as Record<string, unknown>,
    state: item.state,
    progress: item.state === 'done' ? 1 : Math.min(1, Math.max(0, item.progress)),
    error: item.state === 'failed' ? (item.error ?? 'The export failed.') : null,
    createdAt: new Date(item.createdAt).toISOString(),
    updatedAt: new Date(item.updatedAt).toISOString(),
    bytes: done ? (item.bytes ?? null) : null,
    fileName: done ? item.fileName! : null,
    downloadUrl: done ? await signedUrl(item.fileKey!, item.fileName!, CONTENT_TYPES[item.format]) : null,
    subtitlesUrl: done && item.subtitlesKey ? await signedUrl(item.subtitlesKey, subtitlesName, 'text/vtt; charset=utf-8') : null,
    subtitlesSrtUrl: done && item.subtitlesKey ? await signedUrl(srtKeyOf(item.subtitlesKey), srtKeyOf(subtitlesName), 'application/x-subrip; charset=utf-8') : null,
    queuePosition: item.state === 'queued' ? ((line ?? (await WorkLine.places(item.orgId, 'export'))).get(item.exportId)?.position ?? null) : null,
  };
}

/** An export of this organisation, or not found (the tenancy check and the read are one). */
export async function fromId(orgId: string, exportId: string): Promise<ExportItem> {
  const item = await get(exportId);
  if (!item || item.orgId !== orgId) throw new AppError('not_found', NOT_FOUND);
  return settle(item);
}

export async function detail(orgId: string, exportId: string): Promise<ExportDto> {
  return dto(await fromId(orgId, exportId));
}

/** The organisation's export line, when a queued export needs it (one Query for a whole list). */
async function lineFor(orgId: string, items: readonly ExportItem[]): Promise<Map<string, WorkLine.Place>> {
  return items.some((item) => item.state === 'queued') ? WorkLine.places(orgId, 'export') : new Map();
}

async function guideExports(orgId: string, guideId: string): Promise<{ items: ExportItem[]; line: Map<string, WorkLine.Place> }> {
  const { data } = await db().entities.export.query.byGuide({ guideId }).go({ order: 'desc', limit: LIST_LIMIT });
  const now = Date.now();
  const line = await lineFor(orgId, data);
  return { items: await Promise.all(data.map((item) => settle(item, now, line))), line };
}

/** What an export shows: the published version while the author edits a draft (the same as the share link). */
async function guideInOrg(orgId: string, guideId: string) {
  const loaded = await loadPublished(guideId);
  if (!loaded.guide || loaded.guide.orgId !== orgId) throw new AppError('not_found', 'Guide not found.');
  return { guide: loaded.guide, slides: loaded.slides };
}

/** A guide's exports, newest first. */
export async function list(orgId: string, guideId: string): Promise<ExportListDto> {
  await guideInOrg(orgId, guideId);
  const { items, line } = await guideExports(orgId, guideId);
  return { items: await Promise.all(items.map((item) => dto(item, line))) };
}

async function releaseSlot(item: Pick<ExportItem, 'guideId' | 'format' | 'exportId'>): Promise<void> {
  try {
    await db()
      .entities.exportSlot.delete({ guideId: item.guideId, format: item.format })
      .where((a, { eq }) => eq(a.exportId, item.exportId))
      .go();
  } catch (error) {
    // Another export holds the slot now (or none does): nothing of ours to release.
    if (!isConditionFailed(error)) throw error;
  }
}

/**
 * Queues an export (Pro: `plan_limit` otherwise, a retry included), or answers the one that already stands for the same request: the same guide
 * content, format and options reuse a finished (or still rendering) export instead of rendering
 * again. Only one export per guide and format runs at a time: the slot is taken with a
 * conditional write, so of two racing requests one gets a conflict.
 */
export async function create(
  actor: { orgId: string; userId: string },
  guideId: string,
  request: ExportRequest,
): Promise<{ export: ExportDto; reused: boolean }> {
  const { guide, slides } = await guideInOrg(actor.orgId, guideId);
  if (!(await Entitlements.forOrganization(actor.orgId)).exports) {
    throw new AppError('plan_limit', 'Exports are a Pro feature. Start your Pro trial to export your guides.');
  }
  if (slides.length === 0) throw new AppError('conflict', 'This guide has no steps yet. Add a step before exporting it.');
  // Drawn in the brand its viewers see now: a new brand is a new file, not the old one reused.
  const brand = await Brand.shown(actor.orgId);
  const fingerprint = fingerprintOf(request, guide, slides, brand);
  const { items: existing } = await guideExports(actor.orgId, guideId);
  const same = existing.find((item) => item.fingerprint === fingerprint && (item.state === 'done' || isActiveExport(item.state)));
  if (same) return { export: await dto(same), reused: true };

  const { data: slot } = await db().entities.exportSlot.get({ guideId, format: request.format }).go();
  if (slot) {
    const holder = existing.find((item) => item.exportId === slot.exportId) ?? (await get(slot.exportId));
    if (holder && isActiveExport((await settle(holder)).state)) {
      throw new AppError('conflict', `A ${EXPORT_FORMAT_LABELS[request.format]} export of this guide is already running. Wait for it to finish, or delete it.`);
    }
  }
  const exportId = newId();
  const result = await db()
    .transaction.write(({ export: exports, exportSlot }) => [
      exports
        .create({
          exportId,
          guideId,
          orgId: actor.orgId,
          createdBy: actor.userId,
          format: request.format,
          options: request.options,
          fingerprint,
          brand,
          state: 'queued',
          progress: 0,
          leaseUntil: Date.now() + QUEUED_LEASE_MS,
        })
        .commit(),
      slot
        ? exportSlot
            .patch({ guideId, format: request.format })
            .set({ exportId })
            .where((a, { eq }) => eq(a.exportId, slot.exportId))
            .commit()
        : exportSlot.create({ guideId, format: request.format, exportId }).commit(),
    ])
    .go();
  if (result.canceled) throw new AppError('conflict', 'Another export of this guide just started. Try again in a moment.');
  const created = (await get(exportId))!;
  try {
    // Into the organisation's line: sent at once while it has a free slot, else told its place.
    await WorkLine.submit('export', { orgId: actor.orgId, ref: exportId, message: { exportId } });
  } catch (error) {
    await db().entities.export.patch({ exportId }).set({ state: 'failed', error: 'The export could not be queued. Retry it.' }).go();
    await releaseSlot(created);
    throw error;
  }
  return { export: await dto(created), reused: false };
}

/** A failed export again: a new export of the guide as it is now, with the same format and options; the failed one goes. */
export async function retry(actor: { orgId: string; userId: string }, exportId: string): Promise<ExportDto> {
  const item = await fromId(actor.orgId, exportId);
  if (item.state !== 'failed') throw new AppError('conflict', 'Only a failed export can be retried.');
  const request = storedRequest(item);
  const created = await create(actor, item.guideId, request);
  await removeItem(item);
  return created.export;
}

async function removeItem(item: ExportItem): Promise<void> {
  await db().entities.export.delete({ exportId: item.exportId }).go();
  await releaseSlot(item);
  // Out of the line (its slot, if it held one, goes to the next); a running one stops at its next heartbeat.
  if (isActiveExport(item.state)) await WorkLine.withdraw(item.orgId, 'export', item.exportId);
  await Asset.removePrefix(filePrefix(item));
}

/** Deletes an export and its files; a running one stops at its next heartbeat. */
export async function remove(orgId: string, exportId: string): Promise<void> {
  await removeItem(await fromId(orgId, exportId));
}

/** Every export of a guide, with the guide (its files go with the guide's prefix). */
export async function removeForGuide(guideId: string): Promise<void> {
  const { data } = await db().entities.export.query.byGuide({ guideId }).go({ pages: 'all', attributes: ['exportId', 'format', 'guideId'] });
  if (data.length > 0) await db().entities.export.delete(data.map((item) => ({ exportId: item.exportId }))).go();
  const formats = [...new Set(data.map((item) => item.format))];
  for (const format of formats) await db().entities.exportSlot.delete({ guideId, format }).go();
}

/** Deletes every export of a guide and its files (their pictures went out of date for good: a redaction). */
export async function removeAllOf(guideId: string): Promise<void> {
  const { data } = await db().entities.export.query.byGuide({ guideId }).go({ pages: 'all' });
  for (const item of data) await removeItem(item);
}

export { releaseSlot };

/**
 * The request an export was made with. Its options are stored as the schema parsed them (every
 * default filled in) in an attribute the table types as any; this is the one place that says so.
 */
export function storedRequest(item: { format: ExportFormat; options: unknown }): ExportRequest {
  return { format: item.format, options: item.options } as ExportRequest;
}
