import type { ScreenshotContentType } from '#shared/guides';

/**
 * The queue of "new guide from screenshots" and "add slides": each file goes queued → uploading
 * → done, or → failed and back to queued on retry, without touching the others. A pure reducer
 * so that the rules are tested without a browser; `useUploadQueue` runs it.
 */
export type UploadStatus = 'queued' | 'uploading' | 'failed' | 'done';

/** Uploads run in parallel, this many at a time. */
export const UPLOAD_CONCURRENCY = 3;

export interface UploadItem<F = File> {
  id: string;
  file: F;
  name: string;
  size: number;
  contentType: ScreenshotContentType;
  /**
   * The slide's order, fixed when the file is added: parallel uploads finish in any order, and
   * each slide still lands where its file was in the list.
   */
  order: number;
  status: UploadStatus;
  /** bytes sent so far (all of them once sent: the server is then checking the image) */
  loaded: number;
  error: string | null;
  attempts: number;
}

export interface UploadQueueState<F = File> {
  items: ReadonlyArray<UploadItem<F>>;
}

export interface NewUpload<F = File> {
  id: string;
  file: F;
  name: string;
  size: number;
  contentType: ScreenshotContentType;
}

export type UploadAction<F = File> =
  /** `firstOrder`: the first file's order in an empty queue (0 by default); later files follow the last one */
  | { type: 'add'; uploads: ReadonlyArray<NewUpload<F>>; firstOrder?: number }
  | { type: 'start'; id: string }
  | { type: 'progress'; id: string; loaded: number }
  | { type: 'succeed'; id: string }
  | { type: 'fail'; id: string; error: string }
  | { type: 'retry'; id: string }
  | { type: 'retryFailed' }
  | { type: 'remove'; id: string };

export function emptyUploadQueue<F = File>(): UploadQueueState<F> {
  return { items: [] };
}

function update<F>(state: UploadQueueState<F>, id: string, from: readonly UploadStatus[], change: (item: UploadItem<F>) => UploadItem<F>): UploadQueueState<F> {
  let changed = false;
  const items = state.items.map((item) => {
    if (item.id !== id || !from.includes(item.status)) return item;
    changed = true;
    return change(item);
  });
  return changed ? { items } : state;
}

export function uploadQueueReducer<F>(state: UploadQueueState<F>, action: UploadAction<F>): UploadQueueState<F> {
  switch (action.type) {
    case 'add': {
      const last = state.items.reduce((max, item) => Math.max(max, item.order), Number.NEGATIVE_INFINITY);
      const first = Number.isFinite(last) ? last + 1 : (action.firstOrder ?? 0);
      const known = new Set(state.items.map((item) => item.id));
      const added = action.uploads
        .filter((upload) => !known.has(upload.id))
        .map<UploadItem<F>>((upload, index) => ({
          ...upload,
          order: first + index,
          status: 'queued',
          loaded: 0,
          error: null,
          attempts: 0,
        }));
      return added.length > 0 ? { items: [...state.items, ...added] } : state;
    }
    case 'start':
      return update(state, action.id, ['queued'], (item) => ({ ...item, status: 'uploading', loaded: 0, error: null, attempts: item.attempts + 1 }));
    case 'progress':
      return update(state, action.id, ['uploading'], (item) => ({ ...item, loaded: Math.min(item.size, Math.max(item.loaded, action.loaded)) }));
    case 'succeed':
      return update(state, action.id, ['uploading'], (item) => ({ ...item, status: 'done', loaded: item.size, error: null }));
    case 'fail':
      return update(state, action.id, ['uploading'], (item) => ({ ...item, status: 'failed', loaded: 0, error: action.error }));
    case 'retry':
      return update(state, action.id, ['failed'], (item) => ({ ...item, status: 'queued', error: null }));
    case 'retryFailed':
      return state.items.some((item) => item.status === 'failed')
        ? { items: state.items.map((item) => (item.status === 'failed' ? { ...item, status: 'queued', error: null } : item)) }
        : state;
    case 'remove': {
      // An upload in flight or done has a slide on its way or made: it stays.
      const items = state.items.filter((item) => item.id !== action.id || item.status === 'uploading' || item.status === 'done');
      return items.length === state.items.length ? state : { items };
    }
  }
}

/** The next items to start so that at most `limit` upload at once, in the list's order. */
export function startableUploads<F>(state: UploadQueueState<F>, limit = UPLOAD_CONCURRENCY): Array<UploadItem<F>> {
  const running = state.items.filter((item) => item.status === 'uploading').length;
  const room = Math.max(0, limit - running);
  return state.items.filter((item) => item.status === 'queued').slice(0, room);
}

export interface UploadSummary {
  total: number;
  queued: number;
  uploading: number;
  failed: number;
  done: number;
  /** 0 to 1, by bytes; failed files count as not sent */
  progress: number;
  /** nothing queued or uploading: every file is done or failed */
  settled: boolean;
  /** every file is done (and there is at least one) */
  complete: boolean;
}

export function summarizeUploads<F>(state: UploadQueueState<F>): UploadSummary {
  const count = (status: UploadStatus) => state.items.filter((item) => item.status === status).length;
  const bytes = state.items.reduce((sum, item) => sum + item.size, 0);
  const sent = state.items.reduce((sum, item) => sum + (item.status === 'done' ? item.size : item.loaded), 0);
  const summary = { total: state.items.length, queued: count('queued'), uploading: count('uploading'), failed: count('failed'), done: count('done') };
  return {
    ...summary,
    progress: bytes > 0 ? sent / bytes : 0,
    settled: summary.queued === 0 && summary.uploading === 0,
    complete: summary.total > 0 && summary.done === summary.total,
  };
}
