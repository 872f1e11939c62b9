import { createHash, randomBytes } from 'node:crypto';
import { ASSET_TYPES, PENDING_UPLOAD_PREFIX, PRIVATE_ASSET_PREFIX, assetTypeOf, claimedKey } from '#shared/assets';
import { MAX_SCREENSHOT_BYTES, type ScreenshotContentType, type UploadDto } from '#shared/guides';
import { db } from '../../db/service';
import * as Storage from './storage';

export const IMAGE_EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
export type ImageContentType = keyof typeof IMAGE_EXTENSIONS;

/** A presigned upload is good for this long: enough for a slow connection, not for reuse. */
export const UPLOAD_EXPIRY_SECONDS = 300;

/**
 * How long a private guide's asset URL works: long enough to watch a guide, short enough that a
 * forwarded link soon stops working. The answers that carry them are never cached.
 */
export const PRIVATE_URL_SECONDS = 900;

export type Visibility = 'public' | 'private';

/**
 * Guide assets (screenshots, social previews, voiceover audio, exports) are named by a key under
 * their guide's prefix, `orgs/{org}/guides/{guide}/…`, which is what the table stores. Where the
 * bytes are follows the guide's visibility: a public guide's at the key itself, served by
 * CloudFront at /assets/{key} and cached for a year; a private guide's under PRIVATE_ASSET_PREFIX,
 * which /assets/* never serves, reached only through short-lived presigned URLs handed to members.
 * Turning a guide private moves its objects there, so every URL it had stops working at the
 * origin. Uploads land under PENDING_UPLOAD_PREFIX, never served, and are deleted after a day
 * unless a slide claims them. Code outside this module reads and writes assets through put, read
 * and urlFor, never by key alone.
 */
export function guidePrefix(orgId: string, guideId: string): string {
  return `orgs/${orgId}/guides/${guideId}/`;
}

/** The guide a key belongs to, from its prefix. */
export function guideOfKey(key: string): { orgId: string; guideId: string } | undefined {
  const match = /^orgs\/([^/]+)\/guides\/([^/]+)\//.exec(key);
  return match ? { orgId: match[1]!, guideId: match[2]! } : undefined;
}

/** Where an asset's bytes are for a guide of this visibility. */
export function objectKey(key: string, visibility: Visibility): string {
  return visibility === 'private' ? `${PRIVATE_ASSET_PREFIX}${key}` : key;
}

/** A content-addressed key: the same bytes always get the same key, so URLs cache forever. */
export function contentKey(prefix: string, body: Uint8Array, extension: string): string {
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  return `${prefix}${digest}.${extension}`;
}

/** The public URL of a public guide's asset: same origin, under /assets (product-spec.md §3). */
export function assetUrl(key: string): string {
  return `/assets/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * The one way to get an asset's URL for a guide: /assets/{key} while the guide is public; for a
 * private guide a presigned GET of its private copy, good for PRIVATE_URL_SECONDS, whose answer
 * carries the type of the key's extension (an attachment unless it is an image, audio or video
 * the product makes). Only answers that check membership may carry it.
 */
export async function urlFor(guide: { visibility: Visibility }, key: string): Promise<string> {
  if (guide.visibility !== 'private') return assetUrl(key);
  const type = assetTypeOf(key);
  return Storage.signedGetUrl(objectKey(key, 'private'), {
    contentType: type.contentType,
    cacheControl: 'private, no-store',
    ...(type.inline ? {} : { disposition: 'attachment' }),
    expiresIn: PRIVATE_URL_SECONDS,
  });
}

async function visibilityOfKey(key: string): Promise<Visibility> {
  const owner = guideOfKey(key);
  if (!owner) return 'public';
  const { data } = await db().entities.guide.get({ guideId: owner.guideId }).go({ attributes: ['visibility'] });
  return data?.visibility ?? 'public';
}

/**
 * Stores an asset of a guide where its visibility says. A guide that changed visibility while the
 * bytes were written is read again afterwards and the object moved: either the move of the
 * visibility change saw it, or this read sees the new visibility.
 */
export async function put(key: string, body: Uint8Array, contentType: string): Promise<void> {
  const visibility = await visibilityOfKey(key);
  await Storage.put(objectKey(key, visibility), body, contentType);
  const now = await visibilityOfKey(key);
  if (now !== visibility) await moveObject(key, visibility, now);
}

/** An asset's bytes, wherever its guide's visibility has put them. */
export async function read(key: string): Promise<Uint8Array> {
  for (const visibility of ['public', 'private'] as const) {
    try {
      return await Storage.read(objectKey(key, visibility));
    } catch (error) {
      if ((error as { name?: string }).name !== 'NoSuchKey') throw error;
    }
  }
  const missing = new Error(`Asset ${key} not found`);
  missing.name = 'NoSuchKey';
  throw missing;
}

/**
 * Files made for download (exports) sit under their guide's prefix, so the guide's deletion takes
 * them, but always in the private place whatever the guide's visibility: /assets/* never serves
 * them, only a short-lived presigned URL handed to a member does.
 */
export function downloadPrefix(orgId: string, guideId: string): string {
  return `${guidePrefix(orgId, guideId)}exports/`;
}

function isDownloadKey(key: string): boolean {
  const owner = guideOfKey(key);
  return owner !== undefined && key.startsWith(downloadPrefix(owner.orgId, owner.guideId));
}

/** Stores a file made for download (see downloadPrefix). */
export async function putDownload(key: string, body: Uint8Array, contentType: string): Promise<void> {
  if (!isDownloadKey(key)) throw new Error(`${key} is not under a guide's download prefix`);
  await Storage.put(objectKey(key, 'private'), body, contentType);
}

/** A presigned GET of a download file that saves it under this name, good for this many seconds. */
export async function downloadUrl(key: string, fileName: string, contentType: string, expiresIn: number): Promise<string> {
  return Storage.signedGetUrl(objectKey(key, 'private'), {
    contentType,
    disposition: `attachment; filename="${fileName.replace(/["\\\r\n]/g, '')}"`,
    cacheControl: 'private, no-store',
    expiresIn,
  });
}

/** Whether an asset is stored, wherever its guide's visibility has put it (no bytes read). */
export async function exists(key: string): Promise<boolean> {
  for (const visibility of ['public', 'private'] as const) {
    if (await Storage.head(objectKey(key, visibility))) return true;
  }
  return false;
}

/** Where a pending upload of this guide is: never served, deleted after a day unless claimed. */
export function pendingPrefix(orgId: string, guideId: string): string {
  return `${PENDING_UPLOAD_PREFIX}${guidePrefix(orgId, guideId)}`;
}

/**
 * A presigned POST for one screenshot straight from the browser to S3: exact content type,
 * 1 byte to 10 MB, one server-chosen key under the guide's pending prefix (never reused, so it
 * caches forever like a content hash once claimed), five minutes to use it.
 */
export async function presignScreenshot(orgId: string, guideId: string, contentType: ScreenshotContentType, contentLength: number): Promise<UploadDto> {
  const key = `${pendingPrefix(orgId, guideId)}${randomBytes(16).toString('base64url')}.${IMAGE_EXTENSIONS[contentType]}`;
  const { url, fields } = await Storage.signedPost(key, {
    conditions: [
      ['content-length-range', 1, Math.min(contentLength, MAX_SCREENSHOT_BYTES)],
      ['eq', '$Content-Type', contentType],
    ],
    fields: { 'Content-Type': contentType },
    expiresIn: UPLOAD_EXPIRY_SECONDS,
  });
  return { url, fields, key };
}

/** Moves a checked pending upload to its guide's asset key (where the guide's visibility says); answers the key. */
export async function claimPending(pendingKey: string, visibility: Visibility): Promise<string> {
  const key = claimedKey(pendingKey);
  await Storage.copy(pendingKey, objectKey(key, visibility));
  await Storage.remove(pendingKey);
  return key;
}

/** Deletes every object under a prefix, in both places (a guide's or an organisation's assets). */
export async function removePrefix(prefix: string): Promise<void> {
  for (const root of ['', PRIVATE_ASSET_PREFIX, PENDING_UPLOAD_PREFIX]) await Storage.removePrefix(`${root}${prefix}`);
}

/** Deletes an asset wherever it is. */
export async function removeKey(key: string): Promise<void> {
  await Storage.remove(objectKey(key, 'public'));
  await Storage.remove(objectKey(key, 'private'));
}

/**
 * Deletes an asset and any parked copy of it (a picture replaced for good, such as a redacted
 * screenshot's original): no place keeps its bytes afterwards.
 */
export async function purge(key: string): Promise<void> {
  await removeKey(key);
  await Storage.remove(`${PENDING_UPLOAD_PREFIX}${key}`);
}

async function moveObject(key: string, from: Visibility, to: Visibility): Promise<void> {
  if (from === to) return;
  try {
    await Storage.copy(objectKey(key, from), objectKey(key, to));
  } catch (error) {
    // Already moved by the other side of a race.
    if ((error as { name?: string }).name === 'NoSuchKey') return;
    throw error;
  }
  await Storage.remove(objectKey(key, from));
}

/**
 * Moves every asset of a guide to where its new visibility says: made private, its objects leave
 * the public keys CloudFront serves (each URL it had stops working at the origin, and its new
 * ones are presigned); made public, they come back.
 */
export async function moveGuide(orgId: string, guideId: string, to: Visibility): Promise<void> {
  const from: Visibility = to === 'private' ? 'public' : 'private';
  const sourcePrefix = objectKey(guidePrefix(orgId, guideId), from);
  const root = from === 'private' ? PRIVATE_ASSET_PREFIX : '';
  for (const stored of await Storage.listKeys(sourcePrefix)) {
    const key = stored.slice(root.length);
    if (!isDownloadKey(key)) await moveObject(key, from, to);
  }
}

/**
 * Moves an asset of a deleted slide out of reach: to the uploads' area, which nothing serves and
 * storage empties by itself after PENDING_UPLOAD_EXPIRY_DAYS, so an undo within that time finds
 * it again and the bytes are gone for good afterwards.
 */
export async function park(key: string, visibility: Visibility): Promise<void> {
  try {
    await Storage.copy(objectKey(key, visibility), `${PENDING_UPLOAD_PREFIX}${key}`);
  } catch (error) {
    if (Storage.isMissing(error)) return;
    throw error;
  }
  await removeKey(key);
}

/** Puts a parked asset back where its guide's visibility says; false when it is no longer there. */
export async function unpark(key: string, visibility: Visibility): Promise<boolean> {
  try {
    await Storage.copy(`${PENDING_UPLOAD_PREFIX}${key}`, objectKey(key, visibility));
  } catch (error) {
    if (Storage.isMissing(error)) return false;
    throw error;
  }
  await Storage.remove(`${PENDING_UPLOAD_PREFIX}${key}`);
  return true;
}

/** Copies an asset to a new guide's prefix (duplicating a guide), keeping its file name and visibility. */
export async function copyTo(key: string, prefix: string, visibility: Visibility): Promise<string> {
  const target = `${prefix}${key.slice(key.lastIndexOf('/') + 1)}`;
  await Storage.copy(objectKey(key, visibility), objectKey(target, visibility));
  return target;
}

export { ASSET_TYPES };
