import sharp, { type Metadata, type OverlayOptions } from 'sharp';
import type { Annotation, Box } from '#shared/annotation-geometry';
import { annotationsBounds, annotationsSvg } from '#shared/annotation-svg';
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
 * A slide's annotations over an image `width`×`height` as one overlay for sharp's composite: the
 * player's SVG, rasterised only over the box the annotations paint (a full-frame layer cost most
 * of a step's picture), placed where that box is; null without annotations.
 */
function annotationsOverlay(annotations: readonly Annotation[], width: number, height: number): OverlayOptions | null {
  const region = annotationsBounds(annotations, width, height);
  if (!region) return null;
  useBundledFontsWhereNoneInstalled();
  return { input: Buffer.from(annotationsSvg(annotations, width, height, { region })), left: region.x, top: region.y };
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
  // Raw RGB from step to step (a PNG between steps cost three 1080p encodes and four decodes a slide).
  const overlay = annotationsOverlay(annotations, rect.width, rect.height);
  let fitted = await sharp(screenshot).resize(rect.width, rect.height, { fit: 'fill', kernel: 'lanczos3' }).toColourspace('srgb').removeAlpha().raw().toBuffer();
  if (overlay) {
    fitted = await sharp(fitted, { raw: { width: rect.width, height: rect.height, channels: 3 } }).composite([overlay]).removeAlpha().raw().toBuffer();
  }
  // Framed, not letterboxed: behind it the same screenshot fills the frame, blurred and dimmed,
  // so a screenshot of another shape (a phone's, a tall page) sits in its own colours, not between
  // bars. Blurred small, then enlarged in a pipeline of its own (sharp keeps one resize a
  // pipeline: the small one was dropped and the blur ran over the whole frame, 200 ms a slide).
  const small = await sharp(screenshot)
    .resize(Math.max(2, Math.round(width / 8)), Math.max(2, Math.round(height / 8)), { fit: 'cover' })
    .toColourspace('srgb')
    .removeAlpha()
    .blur(6)
    .modulate({ brightness: 0.45, saturation: 0.8 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // (linear: the backdrop is blurred, and cubic enlarging cost twice as much)
  const raw = await sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: 3 } })
    .resize(width, height, { kernel: 'linear' })
    .raw()
    .toBuffer();
  // the screenshot is opaque: laid on row by row (sharp's composite blends every pixel)
  const row = rect.width * 3;
  for (let y = 0; y < rect.height; y++) fitted.copy(raw, ((rect.y + y) * width + rect.x) * 3, y * row, (y + 1) * row);
  return { raw, rect };
}

/**
 * The highlight ring (a PNG `size` wide): an accent circle with a soft glow, as the player draws
 * it; `view`, a part of its square, draws only that part.
 */
export function ringSvg(size: number, view?: Box): Buffer {
  const r = size * 0.34;
  const c = size / 2;
  const stroke = Math.max(2, size * 0.05);
  const frame = view ? `width="${view.width}" height="${view.height}" viewBox="${view.x} ${view.y} ${view.width} ${view.height}"` : `width="${size}" height="${size}"`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" ${frame}>` +
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

/** Decoded pixels, as sharp reads and writes them raw. */
export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** The size a screenshot is drawn at, no wider than `maxWidth` (read from its header), and its scale. */
async function fittedSize(screenshot: Buffer, maxWidth: number): Promise<{ scale: number; width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(screenshot).metadata();
  } catch {
    throw new RenderError('A screenshot could not be read as an image.');
  }
  const width = meta.width ?? 1;
  const height = meta.height ?? 1;
  const scale = Math.min(1, maxWidth / width);
  return { scale, width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * A screenshot no wider than `maxWidth` with its annotations drawn on and the highlight ring at
 * the click, as raw pixels: decoded once, each layer rasterised over only its box meanwhile, so
 * each picture made from it (the step's image, the PDF's zoomed crop) is encoded straight from them.
 */
export async function screenshotPixels(
  screenshot: Buffer,
  click: { x: number; y: number } | null,
  options: { maxWidth: number; annotations?: readonly Annotation[] | undefined },
): Promise<Pixels> {
  const { scale, width: outWidth, height: outHeight } = await fittedSize(screenshot, options.maxWidth);
  // the annotations, then the ring over them
  const overlays: OverlayOptions[] = [];
  const annotations = options.annotations?.length ? annotationsOverlay(options.annotations, outWidth, outHeight) : null;
  if (annotations) overlays.push(annotations);
  if (click) {
    const size = Math.max(40, Math.round(outWidth * 0.06));
    const left = Math.round(Math.min(outWidth - 1, Math.max(0, click.x * scale)) - size / 2);
    const top = Math.round(Math.min(outHeight - 1, Math.max(0, click.y * scale)) - size / 2);
    // The ring may hang over an edge: only its part inside the picture is drawn, where it falls.
    const x = Math.max(0, left);
    const y = Math.max(0, top);
    const view = { x: x - left, y: y - top, width: Math.min(outWidth, left + size) - x, height: Math.min(outHeight, top + size) - y };
    overlays.push({ input: ringSvg(size, view), left: x, top: y });
  }
  const [{ data, info }, ...layers] = await Promise.all([
    sharp(screenshot).resize(outWidth, outHeight, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true }),
    ...overlays.map((overlay) => sharp(overlay.input as Buffer).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  ]);
  const pixels: Pixels = { data, width: info.width, height: info.height, channels: info.channels };
  if (overlays.length === 0) return pixels;
  if (pixels.channels !== 3) {
    // a screenshot with transparency (or in grey): sharp's composite, which blends any kind
    const raw = { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } };
    const drawn = await sharp(data, raw).composite(overlays).raw().toBuffer({ resolveWithObject: true });
    return { data: drawn.data, width: drawn.info.width, height: drawn.info.height, channels: drawn.info.channels };
  }
  // An opaque screenshot (what the extension takes): each layer blended onto its box of pixels
  // here, where sharp's composite would blend the whole frame (twice the time of the rest).
  layers.forEach((layer, i) => blendOver(pixels, layer.data, layer.info.width, layer.info.height, overlays[i]!.left!, overlays[i]!.top!));
  return pixels;
}

/** RGBA pixels (`width`×`height`) drawn over opaque RGB ones in place, their top left at (left, top): Porter-Duff over, as sharp composites. */
function blendOver(base: Pixels, layer: Buffer, width: number, height: number, left: number, top: number): void {
  const out = base.data;
  const rows = Math.min(height, base.height - top);
  const columns = Math.min(width, base.width - left);
  for (let y = Math.max(0, -top); y < rows; y++) {
    let from = (y * width + Math.max(0, -left)) * 4;
    let to = ((top + y) * base.width + left + Math.max(0, -left)) * 3;
    for (let x = Math.max(0, -left); x < columns; x++, from += 4, to += 3) {
      const alpha = layer[from + 3]!;
      if (alpha === 0) continue;
      if (alpha === 255) {
        out[to] = layer[from]!;
        out[to + 1] = layer[from + 1]!;
        out[to + 2] = layer[from + 2]!;
        continue;
      }
      // (a·α + b·(255 − α)) / 255, rounded: + 127 then truncated is the same for whole numbers
      const rest = 255 - alpha;
      out[to] = ((layer[from]! * alpha + out[to]! * rest + 127) / 255) | 0;
      out[to + 1] = ((layer[from + 1]! * alpha + out[to + 1]! * rest + 127) / 255) | 0;
      out[to + 2] = ((layer[from + 2]! * alpha + out[to + 2]! * rest + 127) / 255) | 0;
    }
  }
}

/**
 * Pixels (or a region of them) as PNG, or as JPEG on white. `quality` is the JPEG's, 85 unless
 * given; `optimiseCoding: false` skips the second pass that shrinks its Huffman tables (the same
 * pixels, about a tenth more bytes, half the time).
 */
export async function encodePixels(
  pixels: Pixels,
  options: { format: 'png' | 'jpeg'; region?: { left: number; top: number; width: number; height: number }; quality?: number; optimiseCoding?: boolean },
): Promise<Buffer> {
  let image = sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } });
  if (options.region) image = image.extract(options.region);
  return options.format === 'png'
    ? image.png({ compressionLevel: 6 }).toBuffer()
    : image
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: options.quality ?? 85, mozjpeg: false, optimiseCoding: options.optimiseCoding ?? true })
        .toBuffer();
}

/**
 * A screenshot with its annotations and the highlight ring drawn at the click (Markdown and PDF
 * steps), as PNG or JPEG, no wider than `maxWidth`.
 */
export async function annotatedScreenshot(
  screenshot: Buffer,
  click: { x: number; y: number } | null,
  options: { maxWidth: number; format: 'png' | 'jpeg'; annotations?: readonly Annotation[] | undefined },
): Promise<{ bytes: Buffer; width: number; height: number }> {
  if (click || options.annotations?.length) {
    const pixels = await screenshotPixels(screenshot, click, options);
    return { bytes: await encodePixels(pixels, { format: options.format }), width: pixels.width, height: pixels.height };
  }
  // nothing to draw: resized and encoded in one pass, without the pixels in between
  const { width, height } = await fittedSize(screenshot, options.maxWidth);
  const image = sharp(screenshot).resize(width, height, { fit: 'fill' });
  const bytes = await (options.format === 'png' ? image.png({ compressionLevel: 6 }) : image.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: false })).toBuffer();
  return { bytes, width, height };
}
