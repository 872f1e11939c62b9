import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '#shared/errors';
import { EXPORT_EXTENSIONS } from '#shared/exports';
import type { ExportRequest } from '#shared/exports';
import { slugifyTitle } from '#shared/share/link';
import { assetTypeOf } from '#shared/assets';
import { toAppError } from '../../core/http';
import { logger } from '../../core/logger';
import { isConditionFailed } from '../../db/errors';
import { db } from '../../db/service';
import { Asset } from '../platform';
import { Brand } from '../brand';
import { SharedBrand } from '#shared/share/shared-guide';
import { CONTENT_TYPES, HEARTBEAT_MS, QUEUED_LEASE_MS, RUNNING_LEASE_MS, filePrefix, releaseSlot, srtKeyOf, storedRequest } from './export';
import { renderHtml } from './render/html';
import { renderMarkdown } from './render/markdown';
import { renderMp4 } from './render/mp4';
import { renderPdf } from './render/pdf';
import { RenderError } from './render/tools';
import type { RenderContext, RenderResult } from './render/types';
import { loadExportGuide, type ExportGuide } from './source';

/**
 * The export worker's job: claim the export (a conditional write, so a redelivered message never
 * renders twice at once), read the guide and its assets, render, upload, finish. Progress doubles
 * as a heartbeat that renews the lease; an export deleted meanwhile stops the render. A failure
 * that may pass (a dependency unavailable) goes back to the queue while deliveries remain; any
 * other leaves the export `failed` with a message and nothing to download.
 */
export type JobOutcome = 'done' | 'failed' | 'retry' | 'skipped';

export interface Delivery {
  /** this message's delivery count (SQS ApproximateReceiveCount) */
  receiveCount: number;
  maxReceiveCount: number;
  /** the time the worker has left (Lambda's getRemainingTimeInMillis) */
  remainingMs?: () => number;
}

/** What is left of the worker's time when it gives up, to record the failure and clean up. */
export const SAFETY_MARGIN_MS = 20_000;

const TIMED_OUT = 'The export took longer than the export worker may run. Shorter guides export faster; try a 720p video.';

class Cancelled extends Error {
  override readonly name = 'Cancelled';
}

async function claim(exportId: string, now: number) {
  try {
    const { data } = await db()
      .entities.export.patch({ exportId })
      .set({ state: 'running', progress: 0, leaseUntil: now + RUNNING_LEASE_MS })
      .add({ attempts: 1 })
      .where((a, { eq, lt }) => `${eq(a.state, 'queued')} OR (${eq(a.state, 'running')} AND ${lt(a.leaseUntil, now)})`)
      .go({ response: 'all_new' });
    return data;
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

async function render(guide: ExportGuide, request: ExportRequest, ctx: RenderContext): Promise<RenderResult> {
  switch (request.format) {
    case 'mp4':
      return renderMp4(guide, request.options, ctx);
    case 'pdf':
      return renderPdf(guide, request.options, ctx);
    case 'markdown':
      return renderMarkdown(guide, ctx);
    case 'html':
      return renderHtml(guide, request.options, ctx);
  }
}

export async function run(exportId: string, delivery: Delivery): Promise<JobOutcome> {
  const item = await claim(exportId, Date.now());
  if (!item) return 'skipped';
  const attempts = item.attempts;
  const request = storedRequest(item);
  const controller = new AbortController();
  const workDir = await mkdtemp(path.join(os.tmpdir(), `stepcast-export-${exportId}-`));
  let uploaded: string[] = [];

  // Progress is written at most every second (and at least every HEARTBEAT_MS, as the lease
  // needs); a write that finds the export gone or taken over stops the render.
  let progress = 0;
  let written = -1;
  let writing: Promise<void> = Promise.resolve();
  let lastWrite = 0;
  const write = (force = false) => {
    const now = Date.now();
    if (!force && now - lastWrite < 1_000) return;
    if (!force && progress - written < 0.01 && now - lastWrite < HEARTBEAT_MS) return;
    lastWrite = now;
    const value = Math.round(progress * 1000) / 1000;
    written = value;
    writing = writing.then(async () => {
      try {
        await db()
          .entities.export.patch({ exportId })
          .set({ progress: value, leaseUntil: Date.now() + RUNNING_LEASE_MS })
          .where((a, { eq }) => `${eq(a.state, 'running')} AND ${eq(a.attempts, attempts)}`)
          .go();
      } catch (error) {
        if (isConditionFailed(error)) controller.abort(new Cancelled('The export was deleted or taken over.'));
        else logger.warn('export progress not saved', { exportId, error: error as Error });
      }
    });
  };
  const heartbeat = setInterval(() => write(true), HEARTBEAT_MS);
  const remaining = delivery.remainingMs;
  const deadline = remaining ? setTimeout(() => controller.abort(new RenderError(TIMED_OUT)), Math.max(0, remaining() - SAFETY_MARGIN_MS)) : undefined;

  try {
    const guide = await loadExportGuide(item.guideId, {
      audio: request.format === 'mp4' || (request.format === 'html' && request.options.audio),
      onSlide: (done, total) => {
        progress = 0.1 * (done / total);
        write();
      },
    });
    if (!guide || guide.slides.length === 0) throw new RenderError('The guide was deleted, or has no steps left.');
    // The brand it was asked in (the job's input), with its logo as it is stored now.
    const brand = item.brand === undefined ? undefined : SharedBrand.safeParse(item.brand).data;
    if (brand) {
      guide.brand = brand;
      const logo = await Brand.logoBytes(brand);
      guide.logo = logo ? { bytes: Buffer.from(logo), contentType: assetTypeOf(brand.logoUrl!).contentType } : null;
    }
    const result = await render(guide, request, {
      workDir,
      signal: controller.signal,
      onProgress: (value) => {
        progress = 0.1 + 0.85 * Math.min(1, Math.max(0, value));
        write();
      },
    });
    if (controller.signal.aborted) throw controller.signal.reason;

    const fileName = `${slugifyTitle(guide.title) || 'guide'}.${EXPORT_EXTENSIONS[item.format]}`;
    const prefix = filePrefix(item);
    const fileKey = `${prefix}${fileName}`;
    const bytes = (await stat(result.file)).size;
    await Asset.putDownload(fileKey, await readFile(result.file), CONTENT_TYPES[item.format]);
    uploaded = [fileKey];
    let subtitlesKey: string | undefined;
    if (result.subtitles) {
      subtitlesKey = `${prefix}${fileName.replace(/\.[^.]+$/, '.vtt')}`;
      await Asset.putDownload(subtitlesKey, await readFile(result.subtitles), 'text/vtt; charset=utf-8');
      uploaded.push(subtitlesKey);
      if (result.subtitlesSrt) {
        const srtKey = srtKeyOf(subtitlesKey);
        await Asset.putDownload(srtKey, await readFile(result.subtitlesSrt), 'application/x-subrip; charset=utf-8');
        uploaded.push(srtKey);
      }
    }
    clearInterval(heartbeat);
    await writing;
    try {
      await db()
        .entities.export.patch({ exportId })
        .set({
          state: 'done',
          progress: 1,
          fileKey,
          fileName,
          bytes,
          ...(subtitlesKey ? { subtitlesKey } : {}),
          ...(result.durationMs !== undefined ? { durationMs: Math.round(result.durationMs) } : {}),
        })
        .remove(['error'])
        .where((a, { eq }) => `${eq(a.state, 'running')} AND ${eq(a.attempts, attempts)}`)
        .go();
    } catch (error) {
      if (isConditionFailed(error)) throw new Cancelled('The export was deleted or taken over.');
      throw error;
    }
    await releaseSlot(item);
    return 'done';
  } catch (thrown) {
    clearInterval(heartbeat);
    await writing;
    const error: unknown = controller.signal.aborted && !(thrown instanceof RenderError) ? controller.signal.reason : thrown;
    for (const key of uploaded) await Asset.removeKey(key).catch(() => undefined);
    if (error instanceof Cancelled) {
      // Deleted (its files go with it) or taken over by a newer delivery: nothing more to do here.
      await Asset.removePrefix(filePrefix(item)).catch(() => undefined);
      return 'skipped';
    }
    const mayPass = !(error instanceof RenderError) && toAppError(error).code === 'service_unavailable';
    if (mayPass && delivery.receiveCount < delivery.maxReceiveCount) {
      logger.warn('export will be retried', { exportId, error: error as Error });
      await settle(exportId, attempts, { state: 'queued', progress: 0, leaseUntil: Date.now() + QUEUED_LEASE_MS });
      return 'retry';
    }
    logger.error('export failed', { exportId, error: error as Error });
    const message =
      error instanceof RenderError
        ? `The export failed: ${error.message}`
        : error instanceof AppError
          ? error.message
          : 'The export failed. Retry it; if it fails again, contact support.';
    await settle(exportId, attempts, { state: 'failed', error: message.slice(0, 500) });
    await releaseSlot(item);
    return 'failed';
  } finally {
    clearInterval(heartbeat);
    if (deadline) clearTimeout(deadline);
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Records how the attempt ended, unless the export was deleted or taken over meanwhile. */
async function settle(
  exportId: string,
  attempts: number,
  set: { state: 'queued' | 'failed'; progress?: number; leaseUntil?: number; error?: string },
): Promise<void> {
  try {
    await db()
      .entities.export.patch({ exportId })
      .set(set)
      .where((a, { eq }) => `${eq(a.state, 'running')} AND ${eq(a.attempts, attempts)}`)
      .go();
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}
