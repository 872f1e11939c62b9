import { describe, expect, it } from 'vitest';
import { captureScale, containsPoint, offsetPoint, toImagePoint, toImageRect } from './geometry';

describe('click scaling', () => {
  it('is the image width over the viewport width', () => {
    expect(captureScale(2560, 1280)).toBe(2);
    expect(captureScale(1280, 1280)).toBe(1);
    expect(captureScale(1920, 1280)).toBe(1.5);
  });

  it('falls back to 1 when a width is unknown', () => {
    expect(captureScale(1280, 0)).toBe(1);
    expect(captureScale(0, 1280)).toBe(1);
    expect(captureScale(Number.NaN, 1280)).toBe(1);
  });

  it('maps a click to image pixels and rounds', () => {
    expect(toImagePoint({ x: 100.4, y: 50.6 }, 2, { width: 2560, height: 1440 })).toEqual({ x: 201, y: 101 });
    expect(toImagePoint({ x: 640, y: 360 }, 1.5, { width: 1920, height: 1080 })).toEqual({ x: 960, y: 540 });
  });

  it('keeps a click on the last pixel row inside the image', () => {
    expect(toImagePoint({ x: 1280, y: 720 }, 1, { width: 1280, height: 720 })).toEqual({ x: 1279, y: 719 });
    expect(toImagePoint({ x: -3, y: -1 }, 1, { width: 1280, height: 720 })).toEqual({ x: 0, y: 0 });
  });

  it('adds the offset of a frame', () => {
    expect(offsetPoint({ x: 10, y: 20 }, { x: 100, y: 200 })).toEqual({ x: 110, y: 220 });
  });
});

describe('redaction rectangles', () => {
  const image = { width: 2560, height: 1440 };

  it('scales outwards to whole pixels and pads', () => {
    expect(toImageRect({ x: 10.2, y: 20.7, width: 100.1, height: 30 }, 2, image)).toEqual({ x: 20, y: 41, width: 201, height: 61 });
    expect(toImageRect({ x: 10, y: 20, width: 100, height: 30 }, 1, image, 2)).toEqual({ x: 8, y: 18, width: 104, height: 34 });
  });

  it('clips to the image', () => {
    expect(toImageRect({ x: -50, y: 1400, width: 100, height: 100 }, 1, image)).toEqual({ x: 0, y: 1400, width: 50, height: 40 });
  });

  it('drops what is off screen or empty', () => {
    expect(toImageRect({ x: 3000, y: 10, width: 100, height: 10 }, 1, image)).toBeUndefined();
    expect(toImageRect({ x: 10, y: 10, width: 0, height: 10 }, 1, image, 4)).toBeUndefined();
  });

  it('tells whether a point is inside a box, edges included', () => {
    const box = { x: 10, y: 10, width: 20, height: 10 };
    expect(containsPoint(box, { x: 10, y: 20 })).toBe(true);
    expect(containsPoint(box, { x: 31, y: 15 })).toBe(false);
  });
});
