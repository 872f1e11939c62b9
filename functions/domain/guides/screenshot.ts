import sharp from 'sharp';
import { AppError } from '#shared/errors';
import { MAX_SCREENSHOT_BYTES, MAX_SCREENSHOT_PIXELS, MAX_SCREENSHOT_SIDE } from '#shared/guides';
import { Asset, IMAGE_EXTENSIONS, sniffImage, Storage, type ImageContentType } from '../platform';

/** Checking uploaded screenshots: with social-image.ts and the brand's logo check, the places that need sharp. */

/**
 * Checks an uploaded screenshot after the fact, as S3's policy alone cannot (and s3rver does not
 * enforce it at all): its real size, its magic bytes against its declared type, and that it
 * decodes; answers its pixel size. A bad upload is deleted and refused.
 */
export async function verifyScreenshot(key: string): Promise<{ width: number; height: number; contentType: ImageContentType }> {
  let head;
  try {
    head = await Storage.head(key);
  } catch (error) {
    // Without list rights S3 answers a HEAD of a missing key with 403.
    if ((error as { name?: string }).name !== 'Forbidden') throw error;
  }
  if (!head) throw new AppError('not_found', 'The screenshot was not uploaded.');
  const refuse = async (message: string): Promise<never> => {
    await Asset.removeKey(key);
    throw new AppError('validation_failed', message, { screenshotKey: message });
  };
  if ((head.contentLength ?? 0) > MAX_SCREENSHOT_BYTES) return refuse('Screenshots are limited to 10 MB.');
  if ((head.contentLength ?? 0) === 0) return refuse('The screenshot is empty.');
  const bytes = await Storage.read(key);
  if (bytes.length > MAX_SCREENSHOT_BYTES) return refuse('Screenshots are limited to 10 MB.');
  const sniffed = sniffImage(bytes);
  if (!sniffed) return refuse('The file is not a PNG, JPEG or WebP image.');
  const extension = key.slice(key.lastIndexOf('.') + 1);
  if (IMAGE_EXTENSIONS[sniffed] !== extension || (head.contentType && head.contentType !== sniffed)) {
    return refuse('The file is not the image type it was uploaded as.');
  }
  let size: { width: number; height: number };
  try {
    // The header only: nothing is decoded before the size is known to be sane.
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!metadata.width || !metadata.height) return refuse('The image has no size.');
    size = { width: metadata.width, height: metadata.height };
  } catch {
    return refuse('The image could not be read.');
  }
  if (size.width > MAX_SCREENSHOT_SIDE || size.height > MAX_SCREENSHOT_SIDE || size.width * size.height > MAX_SCREENSHOT_PIXELS) {
    return refuse(
      `The image is ${size.width}×${size.height} pixels; screenshots are limited to ${MAX_SCREENSHOT_PIXELS / 1_000_000} megapixels and ${MAX_SCREENSHOT_SIDE} pixels a side.`,
    );
  }
  try {
    // Now that it is known to be small enough: it must decode, all of it.
    await sharp(bytes, { limitInputPixels: MAX_SCREENSHOT_PIXELS }).raw().toBuffer();
  } catch {
    return refuse('The image could not be read.');
  }
  return { ...size, contentType: sniffed };
}

