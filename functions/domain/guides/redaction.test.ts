import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '#shared/errors';
import { REDACTION_FILL } from '#shared/redaction';
import { bake } from './redaction';

const WIDTH = 120;
const HEIGHT = 80;

/** Every pixel its own colour, so a cover shows wherever it is. */
async function busy(format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  const image = sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

async function pixels(bytes: Uint8Array) {
  return (await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })).data;
}

const at = (data: Buffer, x: number, y: number) => [...data.subarray((y * WIDTH + x) * 3, (y * WIDTH + x) * 3 + 3)];

describe('baking redaction boxes (sharp)', () => {
  it('fills a solid box with the redaction colour and leaves every other pixel as it was', async () => {
    const image = await busy();
    const baked = await bake(image, [{ x: 10, y: 10, width: 20, height: 10, style: 'solid' }]);
    expect(baked).toMatchObject({ contentType: 'image/png', width: WIDTH, height: HEIGHT });
    const [was, now] = await Promise.all([pixels(image), pixels(baked.bytes)]);
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const inside = x >= 10 && x < 30 && y >= 10 && y < 20;
        expect(at(now, x, y)).toEqual(inside ? [REDACTION_FILL.r, REDACTION_FILL.g, REDACTION_FILL.b] : at(was, x, y));
      }
    }
  });

  it('pixelates in blocks of one colour, at least 8 pixels a side', async () => {
    const baked = await bake(await busy(), [{ x: 0, y: 0, width: 48, height: 48, style: 'pixelate' }]);
    const now = await pixels(baked.bytes);
    // 48 / 6 = 8-pixel blocks: the first block is one colour, the next differs.
    for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) expect(at(now, x, y)).toEqual(at(now, 0, 0));
    expect(at(now, 8, 0)).not.toEqual(at(now, 0, 0));
  });

  it('blurs so strongly that neighbouring pixels are close to the same', async () => {
    const image = await busy();
    const baked = await bake(image, [{ x: 20, y: 20, width: 60, height: 40, style: 'blur' }]);
    const [was, now] = await Promise.all([pixels(image), pixels(baked.bytes)]);
    const spread = (data: Buffer) => Math.max(...[0, 1, 2].map((c) => Math.abs(at(data, 50, 40)[c]! - at(data, 51, 40)[c]!)));
    expect(spread(was)).toBeGreaterThan(20);
    expect(spread(now)).toBeLessThanOrEqual(3);
  });

  it('keeps a JPEG a JPEG', async () => {
    const baked = await bake(await busy('jpeg'), [{ x: 0, y: 0, width: 10, height: 10, style: 'solid' }]);
    expect(baked.contentType).toBe('image/jpeg');
    expect((await sharp(baked.bytes).metadata()).format).toBe('jpeg');
  });

  it('refuses a box outside the picture with validation_failed, naming the box', async () => {
    const attempt = bake(await busy(), [
      { x: 0, y: 0, width: 10, height: 10, style: 'solid' },
      { x: 115, y: 0, width: 10, height: 10, style: 'blur' },
    ]);
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'validation_failed', details: { 'boxes.1': 'The box reaches outside the 120×80 screenshot.' } });
  });
});
