import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Annotation } from '#shared/annotation-geometry';
import { annotationsSvg } from '#shared/annotation-svg';
import { annotatedScreenshot, encodePixels, ringSvg, screenshotPixels, slideFrame } from './images';
import { useBundledFontsWhereNoneInstalled } from './tools';

/** The mean colour of a column band of a raw RGB frame. */
function meanOf(raw: Buffer, frame: { width: number; height: number }, x0: number, x1: number) {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = 0; y < frame.height; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * frame.width + x) * 3;
      for (let c = 0; c < 3; c++) sum[c]! += raw[i + c]!;
      n++;
    }
  }
  return sum.map((v) => v / n);
}

describe('a slide frame', () => {
  it('frames a screenshot of another shape on a blurred, dimmed copy of itself, not between plain brand bars', async () => {
    // a tall, mostly green screenshot (a phone's) in a 16:9 frame
    const tall = await sharp({ create: { width: 400, height: 800, channels: 3, background: '#16a34a' } }).png().toBuffer();
    const frame = { width: 640, height: 360 };
    const { raw, rect } = await slideFrame(tall, '', frame);
    expect(rect!.width).toBeLessThan(frame.width / 2);
    const side = meanOf(raw, frame, 0, Math.floor(rect!.x / 2));
    // the bars take the screenshot's hue (green above red and blue), darker than it
    expect(side[1]!).toBeGreaterThan(side[0]! + 20);
    expect(side[1]!).toBeGreaterThan(side[2]! + 20);
    expect(side[1]!).toBeLessThan(0xa3);
  });
});

/**
 * The exports draw annotations over only the box they cover, in one pipeline with the ring. The
 * reference here is the way they were drawn before, one full-frame layer per step, so a
 * shortcut that loses or moves a stroke shows as pixels that differ.
 */
describe('an annotated screenshot', () => {
  const SCREENSHOT = path.resolve(import.meta.dirname, '../../../../infra/local/seed/guides/acme-crm/step-02.png');
  // every kind, at the edges too: a label pushed in from the right, a badge in a corner, an arrow to the border
  const annotations: Annotation[] = [
    { id: 'a', kind: 'arrow', colour: 'rose', from: { x: 0.1, y: 0.6 }, to: { x: 0.35, y: 0.32 } },
    { id: 'e', kind: 'arrow', colour: 'amber', from: { x: 0.8, y: 0.9 }, to: { x: 1, y: 1 } },
    { id: 'l', kind: 'label', colour: 'indigo', x: 0.05, y: 0.62, text: 'Step 2 goes here' },
    { id: 'w', kind: 'label', colour: 'ink', x: 0.97, y: 0.02, text: 'WWWWWWWWWW at the edge' },
    { id: 'r', kind: 'rect', colour: 'emerald', x: 0.5, y: 0.1, width: 0.5, height: 0.3 },
    { id: 'b', kind: 'badge', colour: 'rose', x: 0, y: 1 },
    { id: 'c', kind: 'badge', colour: 'indigo', x: 0.6, y: 0.7 },
  ];

  /** The former drawing: resized, the whole frame's annotation layer composited, the ring padded on and cropped back. */
  async function fullFrame(screenshot: Buffer, click: { x: number; y: number } | null, maxWidth: number, list: readonly Annotation[]) {
    useBundledFontsWhereNoneInstalled();
    const meta = await sharp(screenshot).metadata();
    const scale = Math.min(1, maxWidth / meta.width);
    const width = Math.round(meta.width * scale);
    const height = Math.round(meta.height * scale);
    let image = await sharp(screenshot).resize(width, height, { fit: 'fill' }).png().toBuffer();
    image = await sharp(image)
      .composite([{ input: Buffer.from(annotationsSvg(list, width, height)), left: 0, top: 0 }])
      .png()
      .toBuffer();
    if (click) {
      const size = Math.max(40, Math.round(width * 0.06));
      const left = Math.round(Math.min(width - 1, Math.max(0, click.x * scale)) - size / 2);
      const top = Math.round(Math.min(height - 1, Math.max(0, click.y * scale)) - size / 2);
      const padded = await sharp(image).extend({ top: size, bottom: size, left: size, right: size, background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
      const ringed = await sharp(padded)
        .composite([{ input: ringSvg(size), left: left + size, top: top + size }])
        .png()
        .toBuffer();
      image = await sharp(ringed).extract({ left: size, top: size, width, height }).png().toBuffer();
    }
    return image;
  }

  const rgb = (image: Buffer) => sharp(image).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });

  /**
   * How far `image` is from `reference`: on average over every pixel and over the pixels the
   * drawing changed in the plain screenshot, and the most any pixel's channel differs.
   */
  async function difference(image: Buffer, reference: Buffer, plain: Buffer) {
    const [a, b, p] = await Promise.all([rgb(image), rgb(reference), rgb(plain)]);
    expect([a.info.width, a.info.height]).toEqual([b.info.width, b.info.height]);
    let all = 0;
    let drawn = 0;
    let drawnCount = 0;
    let most = 0;
    for (let i = 0; i < a.data.length; i += 3) {
      let d = 0;
      let changed = 0;
      for (let c = 0; c < 3; c++) {
        d += Math.abs(a.data[i + c]! - b.data[i + c]!);
        changed += Math.abs(b.data[i + c]! - p.data[i + c]!);
        most = Math.max(most, Math.abs(a.data[i + c]! - b.data[i + c]!));
      }
      all += d / 3;
      if (changed / 3 > 40) {
        drawn += d / 3;
        drawnCount++;
      }
    }
    return { all: all / (a.data.length / 3), drawn: drawn / drawnCount, drawnCount, most };
  }

  // one shape alone: the box drawn is its own, not the union of shapes spread over the picture
  const arrow: Annotation[] = [{ id: 'a', kind: 'arrow', colour: 'rose', from: { x: 0.4, y: 0.6 }, to: { x: 0.6, y: 0.4 } }];
  // its text wider than the estimate its box is drawn to (DejaVu Sans Bold's % is near 1 em, estimated at 0.62)
  const label: Annotation[] = [{ id: 'l', kind: 'label', colour: 'ink', x: 0.3, y: 0.5, text: '%%%%%%%%%%%%%%%% off' }];
  const badge: Annotation[] = [{ id: 'b', kind: 'badge', colour: 'amber', x: 0.5, y: 0.5 }];

  it.each([
    ['as PNG (Markdown), the size it was taken, with the ring in a corner', 'png', 1600, { x: 1275, y: 4 }, false, annotations],
    ['as PNG, made smaller, with the ring near the left edge', 'png', 900, { x: 10, y: 400 }, false, annotations],
    ["as the PDF's pixels, before its two JPEGs are encoded from them", 'pixels', 1600, null, false, annotations],
    ['from a screenshot with an alpha channel', 'png', 1600, { x: 640, y: 400 }, true, annotations],
    ['for an arrow alone', 'pixels', 1600, null, false, arrow],
    ['for a label alone', 'pixels', 1600, null, false, label],
    ['for a badge alone', 'pixels', 1600, null, false, badge],
  ] as const)('draws the annotations as one full-frame layer did, %s', async (_, made, maxWidth, click, alpha, annotations) => {
    const screenshot = alpha ? await sharp(readFileSync(SCREENSHOT)).ensureAlpha().png().toBuffer() : readFileSync(SCREENSHOT);
    let image: Buffer;
    if (made === 'png') image = (await annotatedScreenshot(screenshot, click, { maxWidth, format: 'png', annotations })).bytes;
    else image = await encodePixels(await screenshotPixels(screenshot, click, { maxWidth, annotations }), { format: 'png' });
    const { width, height } = await sharp(image).metadata();
    const plain = await sharp(screenshot).resize(width, height, { fit: 'fill' }).png().toBuffer();
    const diff = await difference(image, await fullFrame(screenshot, click, maxWidth, annotations), plain);
    // the drawing covers a good part of the picture, and the same pixels within rounding
    expect(diff.drawnCount).toBeGreaterThan(500);
    expect(diff.drawn).toBeLessThan(0.5);
    expect(diff.all).toBeLessThan(0.01);
    // not a stroke's edge nor a halo cut off anywhere
    expect(diff.most).toBeLessThanOrEqual(4);
  });
});
