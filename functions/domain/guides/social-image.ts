import { createHash } from 'node:crypto';
import sharp, { type OverlayOptions } from 'sharp';
import { isDefaultBrand, type ShownBrand } from '#shared/brand-look';
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from '#shared/share/shared-guide';
import { MAX_SCREENSHOT_PIXELS } from '#shared/guides';
import { db } from '../../db/service';
import { Asset } from '../platform';
import { Brand } from '../brand';

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

/**
 * An organisation's brand on the preview (issue 32): its primary colour for the glow (darkening to
 * the far corner) and its logo in the top left corner over the margin; Stepcast's indigo otherwise.
 */
interface PreviewLook {
  from: string;
  to: string;
  logo: Uint8Array | null;
}

const STEPCAST_PREVIEW: PreviewLook = { from: '#4f46e5', to: '#1e1b4b', logo: null };

function darker(hex: string): string {
  const channel = (i: number) => Math.round(parseInt(hex.slice(i, i + 2), 16) * 0.45).toString(16).padStart(2, '0');
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

/** The screenshot a preview was made from (its stored source key, without the brand's part). */
export function screenshotOf(sourceKey: string | undefined): string | undefined {
  return sourceKey?.split('#brand-')[0];
}

/** What a preview of this brand is made from, beside its screenshot: remade when it changes. */
function brandKey(brand: ShownBrand): string {
  return isDefaultBrand(brand) ? '' : `#brand-${createHash('sha256').update(JSON.stringify([brand.primaryColor, brand.logoUrl])).digest('base64url').slice(0, 12)}`;
}

export async function render(screenshot: Uint8Array, look: PreviewLook = STEPCAST_PREVIEW): Promise<Buffer> {
  const innerWidth = SOCIAL_IMAGE_WIDTH - MARGIN * 2;
  const innerHeight = SOCIAL_IMAGE_HEIGHT - MARGIN * 2;
  const shot = await sharp(screenshot, { limitInputPixels: MAX_SCREENSHOT_PIXELS }).resize(innerWidth, innerHeight, { fit: 'cover', position: 'top' }).png().toBuffer();
  const radius = 18;
  const mask = Buffer.from(`<svg width="${innerWidth}" height="${innerHeight}"><rect width="${innerWidth}" height="${innerHeight}" rx="${radius}" ry="${radius}"/></svg>`);
  const rounded = await sharp(shot).composite([{ input: mask, blend: 'dest-in' }]).png().toBuffer();
  const glow = Buffer.from(
    `<svg width="${SOCIAL_IMAGE_WIDTH}" height="${SOCIAL_IMAGE_HEIGHT}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${look.from}"/><stop offset="1" stop-color="${look.to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const layers: OverlayOptions[] = [
    { input: glow, top: 0, left: 0 },
    { input: rounded, top: MARGIN, left: MARGIN },
  ];
  if (look.logo) {
    // On a white rounded plate over the screenshot's corner, so any logo reads on any screenshot.
    const logo = await sharp(look.logo).resize(220, 64, { fit: 'inside', withoutEnlargement: true }).png().toBuffer({ resolveWithObject: true }).catch(() => undefined);
    if (logo) {
      const pad = 12;
      const plate = Buffer.from(`<svg width="${logo.info.width + 2 * pad}" height="${logo.info.height + 2 * pad}"><rect width="100%" height="100%" rx="10" fill="#ffffff"/></svg>`);
      layers.push({ input: plate, top: MARGIN + 16, left: MARGIN + 16 }, { input: logo.data, top: MARGIN + 16 + pad, left: MARGIN + 16 + pad });
    }
  }
  return sharp({ create: { width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT, channels: 3, background: BACKGROUND } })
    .composite(layers)
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
  // Made from the screenshot and the brand its viewers see (Stepcast's keeps the screenshot's key alone).
  const brand = await Brand.shown(guide.orgId);
  const sourceKey = `${source.screenshotKey}${brandKey(brand)}`;
  if (guide.socialImageSourceKey === sourceKey && guide.socialImageKey) return;
  const logo = brand.logoUrl ? await Brand.logoBytes(brand) : undefined;
  const look = isDefaultBrand(brand) ? STEPCAST_PREVIEW : { from: brand.primaryColor, to: darker(brand.primaryColor), logo: logo ?? null };
  const image = await render(await Asset.read(source.screenshotKey), look);
  const key = Asset.contentKey(`${Asset.guidePrefix(guide.orgId, guideId)}social-`, image, 'png');
  await Asset.put(key, image, 'image/png');
  await db().entities.guide.patch({ guideId }).set({ socialImageKey: key, socialImageSourceKey: sourceKey }).go();
}

/** Drops a guide's preview (made private): the record and the object. */
export async function forget(guide: { guideId: string; socialImageKey?: string | undefined }): Promise<void> {
  if (!guide.socialImageKey) return;
  await db().entities.guide.patch({ guideId: guide.guideId }).remove(['socialImageKey', 'socialImageSourceKey']).go();
  await Asset.removeKey(guide.socialImageKey);
}
