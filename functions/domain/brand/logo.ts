import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { MAX_LOGO_BYTES, MAX_LOGO_SIDE, MIN_LOGO_SIDE, type LogoContentType } from '#shared/brand-look';
import { PENDING_UPLOAD_PREFIX } from '#shared/assets';
import { AppError } from '#shared/errors';
import type { UploadDto } from '#shared/guides';
import { Asset, IMAGE_EXTENSIONS, sniffImage, Storage } from '../platform';

/**
 * An organisation's logo: uploaded as screenshots are (a presigned POST of one exact type and at
 * most MAX_LOGO_BYTES to a server-chosen pending key), then checked on the server before the brand
 * names it (its stored size, its magic bytes against its type, its header's pixel size, and that it
 * decodes), and kept under the organisation's prefix by its content's hash. Logos are public
 * (viewers of every guide see them), and never SVG, which can carry script.
 */
export function logoPrefix(orgId: string): string {
  return `orgs/${orgId}/brand/`;
}

function pendingLogoPrefix(orgId: string): string {
  return `${PENDING_UPLOAD_PREFIX}${logoPrefix(orgId)}`;
}

export function isPendingLogo(orgId: string, key: string): boolean {
  return key.startsWith(pendingLogoPrefix(orgId)) && !key.slice(pendingLogoPrefix(orgId).length).includes('/');
}

/** A presigned POST for one logo: exact content type, 1 byte to 1 MB, five minutes. */
export async function presign(orgId: string, contentType: LogoContentType, contentLength: number): Promise<UploadDto> {
  const key = `${pendingLogoPrefix(orgId)}${randomBytes(16).toString('base64url')}.${IMAGE_EXTENSIONS[contentType]}`;
  const { url, fields } = await Storage.signedPost(key, {
    conditions: [
      ['content-length-range', 1, Math.min(contentLength, MAX_LOGO_BYTES)],
      ['eq', '$Content-Type', contentType],
    ],
    fields: { 'Content-Type': contentType },
    expiresIn: Asset.UPLOAD_EXPIRY_SECONDS,
  });
  return { url, fields, key };
}

/**
 * Checks a pending logo and keeps it: answers its key under the organisation's brand prefix. A bad
 * one is deleted and refused with a validation error on `logoKey` (S3's policy alone cannot hold
 * the type and size, and s3rver does not enforce it at all).
 */
export async function claim(orgId: string, pendingKey: string): Promise<string> {
  const refuse = async (message: string): Promise<never> => {
    await Storage.remove(pendingKey);
    throw new AppError('validation_failed', message, { logoKey: message });
  };
  let head;
  try {
    head = await Storage.head(pendingKey);
  } catch (error) {
    // Without list rights S3 answers a HEAD of a missing key with 403.
    if ((error as { name?: string }).name !== 'Forbidden') throw error;
  }
  if (!head) throw new AppError('validation_failed', 'The logo was not uploaded. Upload it again.', { logoKey: 'The logo was not uploaded.' });
  if ((head.contentLength ?? 0) > MAX_LOGO_BYTES) return refuse('Logos are limited to 1 MB.');
  if ((head.contentLength ?? 0) === 0) return refuse('The logo is empty.');
  const bytes = await Storage.read(pendingKey);
  if (bytes.length > MAX_LOGO_BYTES) return refuse('Logos are limited to 1 MB.');
  const sniffed = sniffImage(bytes);
  if (!sniffed) return refuse('The logo is not a PNG, JPEG or WebP image.');
  const extension = pendingKey.slice(pendingKey.lastIndexOf('.') + 1);
  if (IMAGE_EXTENSIONS[sniffed] !== extension || (head.contentType && head.contentType !== sniffed)) {
    return refuse('The logo is not the image type it was uploaded as.');
  }
  let size: { width: number; height: number };
  try {
    // The header only: nothing is decoded before the size is known to be sane.
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!metadata.width || !metadata.height) return refuse('The logo has no size.');
    size = { width: metadata.width, height: metadata.height };
  } catch {
    return refuse('The logo could not be read.');
  }
  if (size.width > MAX_LOGO_SIDE || size.height > MAX_LOGO_SIDE) {
    return refuse(`The logo is ${size.width}×${size.height} pixels; logos are limited to ${MAX_LOGO_SIDE} pixels a side.`);
  }
  if (size.width < MIN_LOGO_SIDE || size.height < MIN_LOGO_SIDE) {
    return refuse(`The logo is ${size.width}×${size.height} pixels; it needs at least ${MIN_LOGO_SIDE} pixels a side to be seen.`);
  }
  try {
    await sharp(bytes, { limitInputPixels: MAX_LOGO_SIDE * MAX_LOGO_SIDE }).raw().toBuffer();
  } catch {
    return refuse('The logo could not be read.');
  }
  const key = Asset.contentKey(logoPrefix(orgId), bytes, IMAGE_EXTENSIONS[sniffed]);
  await Storage.put(key, bytes, sniffed);
  await Storage.remove(pendingKey);
  return key;
}

/** A logo the brand no longer names (a new one replaced it). */
export async function remove(key: string): Promise<void> {
  await Asset.removeKey(key);
}
