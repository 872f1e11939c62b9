import sharp from 'sharp';
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from '#shared/share/shared-guide';
import { MAX_SCREENSHOT_PIXELS } from '#shared/guides';
import { db } from '../../db/service';
import { Asset } from '../platform';

/**
 * The social preview (og:image) of a published guide: 1200×630, made with sharp from the second
 * slide's screenshot (the first when there is one slide), stored as a content-addressed asset.
 * It is remade only when its source screenshot changes. Shapes only, no text: nothing here
 * depends on the fonts a Lambda has.
 */
const MARGIN = 48;
const BACKGROUND = { r: 30, g: 27, b: 75 };

/** Which screenshot a guide's preview is made from. */
export function sourceSlide<T extends { screenshotKey?: string | undefined }>(slides: T[]): T | undefined {
  const withShots = slides.filter((s) => s.screenshotKey);
  return withShots[1] ?? withShots[0];
}

export async function render(screenshot: Uint8Array): Promise<Buffer> {
  const innerWidth = SOCIAL_IMAGE_WIDTH - MARGIN * 2;
  const innerHeight = SOCIAL_IMAGE_HEIGHT - MARGIN * 2;
  const shot = await sharp(screenshot, { limitInputPixels: MAX_SCREENSHOT_PIXELS }).resize(innerWidth, innerHeight, { fit: 'cover', position: 'top' }).png().toBuffer();
  const radius = 18;
  const mask = Buffer.from(`<svg width="${innerWidth}" height="${innerHeight}"><rect width="${innerWidth}" height="${innerHeight}" rx="${radius}" ry="${radius}"/></svg>`);
  const rounded = await sharp(shot).composite([{ input: mask, blend: 'dest-in' }]).png().toBuffer();
  const glow = Buffer.from(
    `<svg width="${SOCIAL_IMAGE_WIDTH}" height="${SOCIAL_IMAGE_HEIGHT}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#1e1b4b"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  return sharp({ create: { width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT, channels: 3, background: BACKGROUND } })
    .composite([
      { input: glow, top: 0, left: 0 },
      { input: rounded, top: MARGIN, left: MARGIN },
    ])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

interface GuideState {
  guideId: string;
  orgId: string;
  status: 'draft' | 'published';
  visibility: 'public' | 'private';
  socialImageKey?: string | undefined;
  socialImageSourceKey?: string | undefined;
}

/**
 * Makes (or keeps) a published guide's preview to match its current source screenshot; `slides`
 * in order. Cheap when nothing changed: no read, no render.
 */
export async function refresh(guide: GuideState, slides: Array<{ screenshotKey?: string | undefined }>): Promise<void> {
  const guideId = guide.guideId;
  if (guide.status !== 'published') return;
  // A private guide has no preview: the edge gives it the generic tags of a missing guide.
  if (guide.visibility === 'private') return forget(guide);
  const source = sourceSlide(slides);
  if (!source?.screenshotKey) {
    if (guide.socialImageKey) await db().entities.guide.patch({ guideId }).remove(['socialImageKey', 'socialImageSourceKey']).go();
    return;
  }
  if (guide.socialImageSourceKey === source.screenshotKey && guide.socialImageKey) return;
  const image = await render(await Asset.read(source.screenshotKey));
  const key = Asset.contentKey(`${Asset.guidePrefix(guide.orgId, guideId)}social-`, image, 'png');
  await Asset.put(key, image, 'image/png');
  await db().entities.guide.patch({ guideId }).set({ socialImageKey: key, socialImageSourceKey: source.screenshotKey }).go();
}

/** Drops a guide's preview (made private): the record and the object. */
export async function forget(guide: { guideId: string; socialImageKey?: string | undefined }): Promise<void> {
  if (!guide.socialImageKey) return;
  await db().entities.guide.patch({ guideId: guide.guideId }).remove(['socialImageKey', 'socialImageSourceKey']).go();
  await Asset.removeKey(guide.socialImageKey);
}
