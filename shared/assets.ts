/**
 * How assets are served, by the extension of their key: the content type the product makes for
 * it, and whether a browser may show it in place (images, audio and video) or only download it
 * (everything else: exports, and anything unexpected). The stored object's own Content-Type is
 * never trusted, since an upload chose it. CloudFront's /assets/* viewer-response function, the
 * local server (the same function) and presigned URLs of private guides all answer from this table.
 */
export const ASSET_TYPES: Readonly<Record<string, { contentType: string; inline: boolean }>> = {
  png: { contentType: 'image/png', inline: true },
  jpg: { contentType: 'image/jpeg', inline: true },
  jpeg: { contentType: 'image/jpeg', inline: true },
  webp: { contentType: 'image/webp', inline: true },
  mp3: { contentType: 'audio/mpeg', inline: true },
  m4a: { contentType: 'audio/mp4', inline: true },
  ogg: { contentType: 'audio/ogg', inline: true },
  wav: { contentType: 'audio/wav', inline: true },
  mp4: { contentType: 'video/mp4', inline: true },
  webm: { contentType: 'video/webm', inline: true },
  vtt: { contentType: 'text/vtt; charset=utf-8', inline: true },
  pdf: { contentType: 'application/pdf', inline: false },
  md: { contentType: 'text/markdown; charset=utf-8', inline: false },
  html: { contentType: 'text/html; charset=utf-8', inline: false },
  zip: { contentType: 'application/zip', inline: false },
};

/** An extension the table does not know: bytes to download, never to render. */
export const UNKNOWN_ASSET_TYPE = { contentType: 'application/octet-stream', inline: false } as const;

export function assetTypeOf(key: string): { contentType: string; inline: boolean } {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return (dot > 0 && ASSET_TYPES[name.slice(dot + 1).toLowerCase()]) || UNKNOWN_ASSET_TYPE;
}

/** Uploads land here until a slide claims them; never served, deleted after a day. */
export const PENDING_UPLOAD_PREFIX = 'pending/';

/** The asset key an upload gets once a slide claims it: the same name, out of the pending prefix. */
export function claimedKey(uploadKey: string): string {
  return uploadKey.startsWith(PENDING_UPLOAD_PREFIX) ? uploadKey.slice(PENDING_UPLOAD_PREFIX.length) : uploadKey;
}

/** Unclaimed uploads are deleted after this many days (S3's lifecycle rule; the local server's sweep). */
export const PENDING_UPLOAD_EXPIRY_DAYS = 1;

/** A private guide's assets are kept here; never served at /assets/*, only by presigned URL. */
export const PRIVATE_ASSET_PREFIX = 'private/';

/** Every asset answer: nothing in it may run script, and no browser may guess another type. */
export const ASSET_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; sandbox",
  'x-content-type-options': 'nosniff',
};
