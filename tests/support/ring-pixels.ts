import sharp from 'sharp';

/**
 * Reading the highlight ring back from an export's pixels: the test screenshots carry a black
 * square at the click, and every ring drawn must be centred on one (within 2 px).
 */

/** Pixels of the highlight ring's solid stroke (#fb7185), also after H.264; not its faint glow. */
const isRing = (r: number, g: number, b: number) => r > 190 && g < 160 && b < 190 && r - g > 70 && r - b > 50;
/** Pixels of the black marker drawn at the click in the test's screenshots (not the navy brand fill). */
const isMarker = (r: number, g: number, b: number) => r < 70 && g < 70 && b < 70 && Math.abs(r - b) < 25;

export type Picture = Buffer | { raw: Buffer; width: number; height: number };

/** The centres of the separate patches of pixels that match (pixels within 60 px of a patch join it), in the image's pixels. */
async function patchesOf(image: Picture, match: (r: number, g: number, b: number) => boolean) {
  const { data, info } = Buffer.isBuffer(image)
    ? await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })
    : { data: image.raw, info: { width: image.width, height: image.height, channels: 3 } };
  const patches: Array<{ sx: number; sy: number; n: number }> = [];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      if (!match(data[i]!, data[i + 1]!, data[i + 2]!)) continue;
      let patch = patches.find((p) => Math.hypot(p.sx / p.n - x, p.sy / p.n - y) < 60);
      if (!patch) patches.push((patch = { sx: 0, sy: 0, n: 0 }));
      patch.sx += x + 0.5;
      patch.sy += y + 0.5;
      patch.n++;
    }
  }
  return patches.filter((p) => p.n > 20).map((p) => ({ x: p.sx / p.n, y: p.sy / p.n }));
}

/** Each ring in the picture and how far its centre is from the nearest click marker's, in the picture's pixels. */
export async function ringOffsets(image: Picture): Promise<Array<{ x: number; y: number; offset: number }>> {
  const rings = await patchesOf(image, isRing);
  const markers = await patchesOf(image, isMarker);
  return rings.map((ring) => ({ ...ring, offset: Math.min(Infinity, ...markers.map((m) => Math.hypot(ring.x - m.x, ring.y - m.y))) }));
}

/** Clicks of the ring test: the middle of the screen, and near its right and bottom edges. */
export const CLICKS = [
  { x: 640, y: 400 },
  { x: 1230, y: 690 },
];

/** A light 1280×800 screen with a black square marking the click, and nothing else dark or pink. */
export async function markedScreen(click: { x: number; y: number }): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800"><rect width="1280" height="800" fill="#f1f5f9"/>
    <rect x="80" y="80" width="400" height="40" fill="#cbd5e1"/><rect x="${click.x - 7}" y="${click.y - 7}" width="14" height="14" fill="#000000"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
