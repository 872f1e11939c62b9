import { describe, expect, it } from 'vitest';
import { slideZoom, zoomStyle } from './zoom';

const slide = { click: { x: 320, y: 100 }, width: 1280, height: 800, zoomLevel: 2 };

describe('slideZoom', () => {
  it('puts the origin at the click point as percentages of the screenshot', () => {
    expect(slideZoom(slide)).toEqual({ origin: { x: 25, y: 12.5 }, scale: 2 });
  });

  it('rounds the origin to three decimals', () => {
    expect(slideZoom({ ...slide, click: { x: 1181, y: 124 } }).origin).toEqual({ x: 92.266, y: 15.5 });
  });

  it.each([
    { name: 'no click point', change: { click: null } },
    { name: 'no width', change: { width: null } },
    { name: 'no height', change: { height: 0 } },
  ])('does not zoom a slide with $name', ({ change }) => {
    expect(slideZoom({ ...slide, ...change })).toEqual({ origin: { x: 50, y: 50 }, scale: 1 });
  });

  it('keeps a click outside the screenshot on its edge', () => {
    expect(slideZoom({ ...slide, click: { x: 5000, y: 900 } }).origin).toEqual({ x: 100, y: 100 });
  });

  it.each([
    { zoomLevel: 0.5, scale: 1 },
    { zoomLevel: 1, scale: 1 },
    { zoomLevel: 1.5, scale: 1.5 },
    { zoomLevel: 4, scale: 4 },
    { zoomLevel: Number.NaN, scale: 1 },
  ])('scales zoom level $zoomLevel as $scale, never below 1', ({ zoomLevel, scale }) => {
    expect(slideZoom({ ...slide, zoomLevel }).scale).toBe(scale);
  });
});

describe('zoomStyle', () => {
  it('scales around the click point when zoomed in', () => {
    expect(zoomStyle(slideZoom(slide), true)).toEqual({ transformOrigin: '25% 12.5%', transform: 'scale(2)' });
  });

  it('keeps the origin but no transform before zooming in', () => {
    expect(zoomStyle(slideZoom(slide), false)).toEqual({ transformOrigin: '25% 12.5%', transform: 'none' });
  });

  it('has no transform at scale 1', () => {
    expect(zoomStyle(slideZoom({ ...slide, zoomLevel: 1 }), true).transform).toBe('none');
  });
});
