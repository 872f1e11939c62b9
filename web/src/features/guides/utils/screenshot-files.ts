import { MAX_SCREENSHOT_BYTES, SCREENSHOT_CONTENT_TYPES, type ScreenshotContentType } from '#shared/guides';

/** What the file picker offers; the check below is what counts. */
export const SCREENSHOT_ACCEPT = SCREENSHOT_CONTENT_TYPES.join(',');

export interface FileLike {
  name: string;
  size: number;
  type: string;
}

export type ScreenshotCheck =
  | { ok: true; contentType: ScreenshotContentType }
  | { ok: false; reason: string };

const EXTENSION_TYPES: Record<string, ScreenshotContentType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

function isScreenshotType(type: string): type is ScreenshotContentType {
  return (SCREENSHOT_CONTENT_TYPES as readonly string[]).includes(type);
}

/** '4.2 MB', '850 KB' */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Whether a file can become a slide: PNG, JPEG or WebP, at most 10 MB, not empty (the upload's
 * own rules, `UploadBody`). A file some systems report without a type is judged by its
 * extension; the server still checks the real bytes.
 */
export function checkScreenshotFile(file: FileLike): ScreenshotCheck {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  const contentType = file.type ? file.type.toLowerCase() : extension ? EXTENSION_TYPES[extension] : undefined;
  if (!contentType || !isScreenshotType(contentType)) {
    return { ok: false, reason: `${file.name} is not a PNG, JPEG or WebP image.` };
  }
  if (file.size <= 0) return { ok: false, reason: `${file.name} is empty.` };
  if (file.size > MAX_SCREENSHOT_BYTES) {
    return { ok: false, reason: `${file.name} is ${formatBytes(file.size)}; screenshots are limited to ${formatBytes(MAX_SCREENSHOT_BYTES)}.` };
  }
  return { ok: true, contentType };
}

/** Splits picked or dropped files into those to upload, in the order given, and the reasons for the others. */
export function partitionScreenshotFiles<F extends FileLike>(files: readonly F[]): { accepted: Array<{ file: F; contentType: ScreenshotContentType }>; rejected: string[] } {
  const accepted: Array<{ file: F; contentType: ScreenshotContentType }> = [];
  const rejected: string[] = [];
  for (const file of files) {
    const check = checkScreenshotFile(file);
    if (check.ok) accepted.push({ file, contentType: check.contentType });
    else rejected.push(check.reason);
  }
  return { accepted, rejected };
}
