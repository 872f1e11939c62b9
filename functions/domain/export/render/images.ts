import sharp, { type Metadata, type OverlayOptions } from 'sharp';
import type { Annotation } from '#shared/annotation-geometry';
import { annotationsSvg } from '#shared/annotation-svg';
import { PRODUCT_NAME } from '#shared/product';
import { isDefaultBrand, type ShownBrand } from '#shared/brand-look';
import { fontPath, RenderError, useBundledFontsWhereNoneInstalled } from './tools';

/**
 * The stills the exports are made of, drawn with sharp: a screenshot letterboxed on the brand
 * background, the highlight ring, caption boxes and the title cards. Text is set by Pango with
 * the shipped font file (Lambda has no system fonts).
 */
export const BRAND_BACKGROUND = '#1e1b4b';
export const BRAND_BACKGROUND_END = '#312e81';
/** the player's click highlight */
export const RING_COLOUR = '#fb7185';

/**
 * How the cards and the fades between segments look: Stepcast's indigo with its name, or the
 * organisation's brand (issue 32): its primary colour (checked for white text at 4.5:1 when saved)
 * darkening across the card, white words, its logo above the title, and "Made with Stepcast" only
 * when the brand shows the badge.
 */
export interface CardLook {
  background: string;
  backgroundEnd: string;
  subtitle: string;
  mark: string;
  /** the small line at the foot of the card; empty: none */
  footer: string;
  logo: Buffer | null;
}

export const STEPCAST_LOOK: CardLook = { background: BRAND_BACKGROUND, backgroundEnd: BRAND_BACKGROUND_END, subtitle: '#c7d2fe', mark: '#a5b4fc', footer: PRODUCT_NAME, logo: null };

/** A colour mixed toward black: the far end of a brand's gradient. */
export function darker(hex: string, amount = 0.35): string {
  const channel = (i: number) => Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - amount)).toString(16).padStart(2, '0');
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

export function cardLookOf(brand: ShownBrand | undefined, logo: Buffer | null | undefined): CardLook {
  if (!brand || (isDefaultBrand(brand) && brand.showBadge)) return STEPCAST_LOOK;
  return {
    background: brand.primaryColor,
    backgroundEnd: darker(brand.primaryColor),
    subtitle: '#ffffff',
    mark: '#ffffff',
    footer: brand.showBadge ? `Made with ${PRODUCT_NAME}` : '',
    logo: logo ?? null,
  };
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pango markup is XML: text goes in escaped. */
function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A block of text as a transparent PNG (Pango wraps it at `width`). */
export async function textImage(
  text: string,
  options: { size: number; width: number; colour?: string; bold?: boolean; align?: 'left' | 'centre' },
): Promise<{ png: Buffer; width: number; height: number }> {
  const weight = options.bold ? 'bold' : 'regular';
  const image = sharp({
    text: {
      text: `<span foreground="${options.colour ?? '#ffffff'}">${escapeMarkup(text)}</span>`,
      font: `DejaVu Sans${options.bold ? ' Bold' : ''} ${options.size}`,
      fontfile: fontPath(weight),
      width: Math.round(options.width),
      dpi: 72,
      align: options.align ?? 'centre',
      wrap: 'word-char',
      rgba: true,
      spacing: Math.round(options.size * 0.25),
    },
  });
  const { data, info } = await image.png().toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/**
 * A screenshot already resized to `width`×`height` with its annotations drawn on, as PNG: the
 * player's SVG, rasterised, so the video follows them through its pan and zoom as it does the screenshot.
 */
async function withAnnotations(image: Buffer, annotations: readonly Annotation[], width: number, height: number): Promise<Buffer> {
  const svg = annotationsSvg(annotations, width, height);
  if (!svg) return image;
  useBundledFontsWhereNoneInstalled();
  return sharp(image)
    .composite([{ input: Buffer.from(svg), left: 0, top: 0 }])
    .png()
    .toBuffer();
}

/** Where a screenshot of this size sits when fitted (contained) inside a frame, with a margin. */
export function fitRect(size: { width: number; height: number }, frame: { width: number; height: number }, margin: number): Rect {
  const room = { width: frame.width - 2 * margin, height: frame.height - 2 * margin };
  const scale = Math.min(room.width / size.width, room.height / size.height);
  const width = Math.max(2, Math.round(size.width * scale));
  const height = Math.max(2, Math.round(size.height * scale));
  return { x: Math.round((frame.width - width) / 2), y: Math.round((frame.height - height) / 2), width, height };
}

function gradientSvg(width: number, height: number, look: CardLook = STEPCAST_LOOK): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${look.background}"/><stop offset="1" stop-color="${look.backgroundEnd}"/></linearGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="url(#g)"/></svg>`,
  );
}

/**
 * A slide's frame: its screenshot fitted on a blurred, dimmed copy of itself (or, without one, its
 * step text on the brand gradient), as raw RGB, and where the screenshot landed.
 */
export async function slideFrame(
  screenshot: Buffer | null,
  fallbackText: string,
  frame: { width: number; height: number },
  annotations: readonly Annotation[] = [],
  look: CardLook = STEPCAST_LOOK,
): Promise<{ raw: Buffer; rect: Rect | null }> {
  const { width, height } = frame;
  if (!screenshot) {
    const text = await textImage(fallbackText || ' ', { size: Math.round(height * 0.05), width: width * 0.7, bold: true });
    const raw = await sharp(gradientSvg(width, height, look))
      .composite([{ input: text.png, left: Math.round((width - text.width) / 2), top: Math.round((height - text.height) / 2) }])
      .removeAlpha()
      .raw()
      .toBuffer();
    return { raw, rect: null };
  }
  let meta: Metadata;
  try {
    meta = await sharp(screenshot).metadata();
  } catch {
    throw new RenderError('A screenshot could not be read as an image.');
  }
  const rect = fitRect({ width: meta.width ?? width, height: meta.height ?? height }, frame, Math.round(height * 0.04));
  const resized = await sharp(screenshot).resize(rect.width, rect.height, { fit: 'fill', kernel: 'lanczos3' }).removeAlpha().png().toBuffer();
  const fitted = await withAnnotations(resized, annotations, rect.width, rect.height);
  // Framed, not letterboxed: behind it the same screenshot fills the frame, blurred and dimmed,
  // so a screenshot of another shape (a phone's, a tall page) sits in its own colours, not between bars.
  const backdrop = await sharp(screenshot)
    .resize(Math.max(2, Math.round(width / 8)), Math.max(2, Math.round(height / 8)), { fit: 'cover' })
    .removeAlpha()
    .blur(6)
    .modulate({ brightness: 0.45, saturation: 0.8 })
    .resize(width, height, { kernel: 'cubic' })
    .png()
    .toBuffer();
  const raw = await sharp(backdrop)
    .composite([{ input: fitted, left: rect.x, top: rect.y }])
    .removeAlpha()
    .raw()
    .toBuffer();
  return { raw, rect };
}

/** The highlight ring (a PNG `size` wide): an accent circle with a soft glow, as the player draws it. */
export function ringSvg(size: number): Buffer {
  const r = size * 0.34;
  const c = size / 2;
  const stroke = Math.max(2, size * 0.05);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
      `<circle cx="${c}" cy="${c}" r="${r + stroke * 1.6}" fill="none" stroke="${RING_COLOUR}" stroke-opacity="0.28" stroke-width="${stroke * 2}"/>` +
      `<circle cx="${c}" cy="${c}" r="${r}" fill="none" stroke="${RING_COLOUR}" stroke-width="${stroke}"/></svg>`,
  );
}

export async function ringImage(size: number): Promise<Buffer> {
  return sharp(ringSvg(size)).png().toBuffer();
}

/** A caption as the player shows it: white text on a dark rounded box, centred. */
export async function captionImage(text: string, frameWidth: number, frameHeight: number): Promise<{ png: Buffer; width: number; height: number }> {
  const size = Math.round(frameHeight * 0.036);
  const padX = Math.round(size * 0.7);
  const padY = Math.round(size * 0.4);
  const body = await textImage(text, { size, width: frameWidth * 0.74 });
  const width = body.width + 2 * padX;
  const height = body.height + 2 * padY;
  const box = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${Math.round(size * 0.3)}" fill="rgb(8,11,22)" fill-opacity="0.82"/></svg>`,
  );
  const png = await sharp(box)
    .composite([{ input: body.png, left: padX, top: padY }])
    .png()
    .toBuffer();
  return { png, width, height };
}

/** The intro and outro cards: the title large on the brand gradient, a line under it, the product's name (or the brand's logo and badge). */
export async function cardFrame(title: string, subtitle: string, frame: { width: number; height: number }, look: CardLook = STEPCAST_LOOK): Promise<Buffer> {
  const { width, height } = frame;
  const heading = await textImage(title, { size: Math.round(height * 0.065), width: width * 0.8, bold: true });
  const line = await textImage(subtitle, { size: Math.round(height * 0.03), width: width * 0.8, colour: look.subtitle });
  const gap = Math.round(height * 0.03);
  const top = Math.round((height - heading.height - gap - line.height) / 2);
  const layers: OverlayOptions[] = [
    { input: heading.png, left: Math.round((width - heading.width) / 2), top },
    { input: line.png, left: Math.round((width - line.width) / 2), top: top + heading.height + gap },
  ];
  if (look.footer) {
    const mark = await textImage(look.footer, { size: Math.round(height * 0.022), width: width * 0.5, colour: look.mark, bold: true });
    layers.push({ input: mark.png, left: Math.round((width - mark.width) / 2), top: height - mark.height - Math.round(height * 0.06) });
  }
  if (look.logo) {
    // Above the title, at most an eighth of the frame high and a third wide; a logo that cannot be read is left out.
    const logo = await sharp(look.logo)
      .resize(Math.round(width / 3), Math.round(height / 8), { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true })
      .catch(() => undefined);
    if (logo) layers.push({ input: logo.data, left: Math.round((width - logo.info.width) / 2), top: Math.max(0, top - logo.info.height - gap * 2) });
  }
  return sharp(gradientSvg(width, height, look))
    .composite(layers)
    .removeAlpha()
    .raw()
    .toBuffer();
}

/**
 * A screenshot with the highlight ring drawn at the click (Markdown and PDF steps), as PNG or
 * JPEG, no wider than `maxWidth`.
 */
export async function annotatedScreenshot(
  screenshot: Buffer,
  click: { x: number; y: number } | null,
  options: { maxWidth: number; format: 'png' | 'jpeg'; annotations?: readonly Annotation[] | undefined },
): Promise<{ bytes: Buffer; width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(screenshot).metadata();
  } catch {
    throw new RenderError('A screenshot could not be read as an image.');
  }
  const width = meta.width ?? 1;
  const height = meta.height ?? 1;
  const scale = Math.min(1, options.maxWidth / width);
  const outWidth = Math.round(width * scale);
  const outHeight = Math.round(height * scale);
  let image = sharp(screenshot).resize(outWidth, outHeight, { fit: 'fill' });
  if (options.annotations?.length) image = sharp(await withAnnotations(await image.png().toBuffer(), options.annotations, outWidth, outHeight));
  if (click) {
    const size = Math.max(40, Math.round(outWidth * 0.06));
    const ring = await sharp(ringSvg(size)).png().toBuffer();
    const left = Math.round(Math.min(outWidth - 1, Math.max(0, click.x * scale)) - size / 2);
    const top = Math.round(Math.min(outHeight - 1, Math.max(0, click.y * scale)) - size / 2);
    // The ring may hang over an edge: composite onto a copy padded by its size, then crop back.
    // sharp composites after every other operation of a pipeline (an extract too), so the ring
    // goes on in one pipeline and the crop happens in the next: in one, the ring lands `size` off.
    const padded = await image.extend({ top: size, bottom: size, left: size, right: size, background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
    const ringed = await sharp(padded)
      .composite([{ input: ring, left: left + size, top: top + size }])
      .png()
      .toBuffer();
    image = sharp(await sharp(ringed).extract({ left: size, top: size, width: outWidth, height: outHeight }).png().toBuffer());
  }
  const bytes = options.format === 'png' ? await image.png({ compressionLevel: 6 }).toBuffer() : await image.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: false }).toBuffer();
  return { bytes, width: outWidth, height: outHeight };
}
