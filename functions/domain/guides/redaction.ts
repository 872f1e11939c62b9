import sharp from 'sharp';
import { AppError } from '#shared/errors';
import { MAX_SCREENSHOT_PIXELS } from '#shared/guides';
import { REDACTION_FILL } from '#shared/redaction';
import { appliedBoxesOf, boxProblems, MAX_REMEMBERED_BOXES, withoutCoveredBox, type RedactionBox, type RedactSlideResponse } from '#shared/redaction-boxes';
import { isConditionFailed } from '../../db/errors';
import { db } from '../../db/service';
import { Asset, ShareCache, sniffImage } from '../platform';
import { Export } from '../export';
import { loadInOrg, type Guide } from '../guide-store';
import * as Slide from './slide';
import * as SlideScreenshot from './slide-screenshot';
import { slideDto } from './slide-dto';
import * as SocialImage from './social-image';
import * as Versions from './versions';

/**
 * Redacting a slide's screenshot: the author's boxes are baked into a new image (blur, pixelate
 * or a solid fill), every slide that showed the picture is pointed at the new one, and the
 * original object is deleted with everything made from it (the social preview, exports), so no
 * URL of the unredacted picture answers any more. There is no way back: that is the point.
 */

const STALE_SCREENSHOT = "This step's screenshot changed meanwhile. Reload the guide and draw the boxes again.";
/** DynamoDB's limit on one transaction's items: the slides that share one screenshot are written together. */
const TRANSACTION_ITEMS = 100;

/** Strong enough that no letter of a line of text survives, whatever the box's size. */
function blurSigma(box: RedactionBox): number {
  return Math.min(200, Math.max(12, Math.max(box.width, box.height) / 4));
}

/** The side of a pixelation block: about six blocks across the box's short side, at least 8 pixels. */
function pixelBlock(box: RedactionBox): number {
  return Math.max(8, Math.round(Math.min(box.width, box.height) / 6));
}

async function coverFor(image: Uint8Array, box: RedactionBox, channels: number): Promise<Buffer> {
  const region = { left: box.x, top: box.y, width: box.width, height: box.height };
  if (box.style === 'solid') {
    return sharp({ create: { width: box.width, height: box.height, channels: 3, background: REDACTION_FILL } })
      .png()
      .toBuffer();
  }
  // The region on its own first: sharp runs a pipeline's operations in its own order, not the calls'.
  const cut = await sharp(image, { limitInputPixels: MAX_SCREENSHOT_PIXELS }).extract(region).png().toBuffer();
  if (box.style === 'blur') return sharp(cut).blur(blurSigma(box)).png().toBuffer();
  const block = pixelBlock(box);
  const small = await sharp(cut)
    .resize(Math.max(1, Math.ceil(box.width / block)), Math.max(1, Math.ceil(box.height / block)), { fit: 'fill', kernel: 'cubic' })
    .png()
    .toBuffer();
  const big = sharp(small).resize(box.width, box.height, { fit: 'fill', kernel: 'nearest' });
  return (channels === 4 ? big.ensureAlpha() : big).png().toBuffer();
}

/**
 * The screenshot with the boxes baked in, in the original's format; boxes must lie inside it
 * (bad_request otherwise). Each cover is made from the original pixels, later boxes on top.
 */
export async function bake(image: Uint8Array, boxes: readonly RedactionBox[]): Promise<{ bytes: Buffer; contentType: Asset.ImageContentType; width: number; height: number }> {
  const contentType = sniffImage(image);
  if (!contentType) throw new AppError('conflict', 'The screenshot is not an image this editor can change.');
  const meta = await sharp(image, { limitInputPixels: MAX_SCREENSHOT_PIXELS }).metadata();
  const size = { width: meta.width ?? 0, height: meta.height ?? 0 };
  const problems = boxProblems(boxes, size);
  if (problems) throw new AppError('validation_failed', 'Every box must be inside the screenshot and have a size.', problems);
  const covers = await Promise.all(boxes.map(async (box) => ({ input: await coverFor(image, box, meta.channels ?? 3), left: box.x, top: box.y })));
  const out = sharp(image, { limitInputPixels: MAX_SCREENSHOT_PIXELS }).composite(covers);
  const encoded = contentType === 'image/png' ? out.png() : contentType === 'image/jpeg' ? out.jpeg({ quality: 90 }) : out.webp({ quality: 90 });
  return { bytes: await encoded.toBuffer(), contentType, ...size };
}

/**
 * Applies the boxes to a slide's screenshot. Slides sharing the picture (a duplicated step) are
 * redacted with it: leaving one on the original would keep it reachable. Answers every slide
 * that now shows the redacted picture, the asked-for one first.
 */
export async function apply(orgId: string, guideId: string, slideId: string, boxes: readonly RedactionBox[]): Promise<RedactSlideResponse> {
  const { guide, slides } = await loadInOrg(orgId, guideId);
  const slide = slides.find((s) => s.slideId === slideId);
  if (!slide) throw new AppError('not_found', 'Slide not found.');
  const oldKey = slide.screenshotKey;
  if (!oldKey) throw new AppError('validation_failed', 'This step has no screenshot to redact.', { slideId: 'This step has no screenshot.' });
  const sharing = slides.filter((s) => s.screenshotKey === oldKey);
  if (sharing.length > TRANSACTION_ITEMS) throw new AppError('conflict', `${sharing.length} steps show this screenshot; redact works on at most ${TRANSACTION_ITEMS}.`);

  let original: Uint8Array;
  try {
    original = await Asset.read(oldKey);
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') throw new AppError('conflict', STALE_SCREENSHOT);
    throw error;
  }
  const baked = await bake(original, boxes);
  const newKey = Asset.contentKey(Asset.guidePrefix(orgId, guideId), baked.bytes, Asset.IMAGE_EXTENSIONS[baked.contentType]);
  await Asset.put(newKey, baked.bytes, baked.contentType);

  // All sharing slides move together, and only if they still show the picture that was baked.
  const result = await db()
    .transaction.write((tx) =>
      sharing.map((s) => {
        // The slide remembers the boxes: what they cover no longer finds the step's element (shared/locator.ts), and drift checks cover the same places.
        const capture = withoutCoveredBox(s.capture, boxes);
        const remembered = [...appliedBoxesOf(s.redactedBoxes), ...boxes.map(({ x, y, width, height }) => ({ x, y, width, height, imageWidth: baked.width, imageHeight: baked.height }))].slice(-MAX_REMEMBERED_BOXES);
        return tx.slide
          .patch({ guideId, slideId: s.slideId })
          .set({ screenshotKey: newKey, width: baked.width, height: baked.height, redactedBoxes: remembered, ...(capture !== s.capture ? { capture } : {}) })
          .where((attr, { eq }) => eq(attr.screenshotKey, oldKey))
          .commit();
      }),
    )
    .go();
  if (result.canceled) {
    const { slides: now } = await loadInOrg(orgId, guideId);
    // Another apply of the very same boxes may have stored the same bytes under the same key.
    if (!now.some((s) => s.screenshotKey === newKey)) await Asset.removeKey(newKey);
    throw new AppError('conflict', STALE_SCREENSHOT);
  }

  // A step duplicated since the read shows the original too: it follows before the original goes.
  const { slides: late } = await loadInOrg(orgId, guideId);
  for (const s of late.filter((item) => item.screenshotKey === oldKey)) {
    try {
      await db()
        .entities.slide.patch({ guideId, slideId: s.slideId })
        .set({ screenshotKey: newKey, width: baked.width, height: baked.height })
        .where((attr, { eq }) => eq(attr.screenshotKey, oldKey))
        .go();
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
  // The original goes first: whatever fails after, the unredacted picture is not served.
  await Asset.purge(oldKey);
  await onScreenshotReplaced(guide, oldKey, newKey);
  await Slide.refreshSummary(guideId);

  const { guide: fresh, slides: after } = await loadInOrg(orgId, guideId);
  const shown = after.filter((s) => s.screenshotKey === newKey).sort((a, b) => Number(b.slideId === slideId) - Number(a.slideId === slideId));
  if (shown[0]?.slideId !== slideId) throw new AppError('conflict', STALE_SCREENSHOT);
  return { slides: await Promise.all(shown.map((s) => slideDto(fresh, s))) };
}

/**
 * Everything that still names or was made from a screenshot that was replaced by a redacted one,
 * brought in line with it: the slides' earlier screenshots (a crop's uncropped original), deleted
 * slides kept for an undo (so restoring one never brings the original back, nor a missing
 * picture), the social preview made from it, exports, whose files may show it, and the guide's
 * published versions, which the share link serves: they show the redacted picture at once,
 * without waiting for the next Publish.
 */
export async function onScreenshotReplaced(guide: Guide, oldKey: string, newKey: string): Promise<void> {
  const { data: trash } = await db().entities.deletedSlide.query.byGuide({ guideId: guide.guideId }).go({ pages: 'all' });
  for (const kept of trash) {
    const item = kept.slide as { screenshotKey?: string };
    if (item.screenshotKey !== oldKey) continue;
    await db()
      .entities.deletedSlide.patch({ guideId: kept.guideId, slideId: kept.slideId })
      .set({ slide: { ...item, screenshotKey: newKey }, parkedKeys: (kept.parkedKeys ?? []).filter((key) => key !== oldKey) })
      .go();
  }
  await Versions.replaceAssetKey(guide.guideId, oldKey, newKey);
  await SlideScreenshot.forgetHistoryOf(guide.guideId, newKey);
  if (SocialImage.screenshotOf(guide.socialImageSourceKey) === oldKey) {
    await SocialImage.forget(guide);
    // A published guide's preview is made from its published version (Slide.refreshSummary leaves it).
    if (guide.publishedVersion !== undefined) await Versions.refreshSocialImage(guide.guideId);
  }
  await Export.removeAllOf(guide.guideId);
  // The link shows the redacted picture at once, CloudFront's copy included.
  if (guide.status === 'published') await ShareCache.clearShared([guide.guideId]);
}
