import type { ScreenshotContentType } from '#shared/guides';
import { api } from '#web/lib/api-client';
import { Upload } from './guide-schemas';

/**
 * POST /api/guides/{id}/uploads: a presigned POST for one screenshot, `{ url, fields, key }`.
 * The file then goes straight to the bucket (`postToBucket`) and becomes a slide (`addSlide`).
 */
export function createUpload({ guideId, contentType, contentLength }: { guideId: string; contentType: ScreenshotContentType; contentLength: number }) {
  return api.post(`/api/guides/${encodeURIComponent(guideId)}/uploads`, { contentType, contentLength }, Upload);
}

/** A refused or failed bucket upload; `status` 0 when the request never got an answer. */
export class BucketUploadError extends Error {
  readonly status: number;

  constructor(status: number) {
    super(
      status === 0
        ? 'The upload could not reach the storage service. Check your connection and retry.'
        : `The storage service refused the upload (HTTP ${status}). Retry, or pick the file again.`,
    );
    this.name = 'BucketUploadError';
    this.status = status;
  }
}

/**
 * POSTs the file to the presigned URL as a multipart form: every field of the policy first,
 * the file last (S3 ignores fields after it). XMLHttpRequest rather than fetch, for upload
 * progress events.
 */
export function postToBucket(
  upload: { url: string; fields: Record<string, string> },
  file: Blob,
  { onProgress, signal }: { onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', file);

    const xhr = new XMLHttpRequest();
    xhr.open('POST', upload.url);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new BucketUploadError(xhr.status))));
    xhr.addEventListener('error', () => reject(new BucketUploadError(0)));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
