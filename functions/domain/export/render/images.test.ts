import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { slideFrame } from './images';

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
