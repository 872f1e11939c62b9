import { describe, expect, it } from 'vitest';
import { VIEW_DWELL_MS, qualifiesAsView } from './events';

describe('the view rule', () => {
  it.each([
    { name: 'a viewer who leaves at once is not a view', dwellMs: 0, stepsSeen: 1, view: false },
    { name: 'just under 3 s on the first step is not a view', dwellMs: VIEW_DWELL_MS - 1, stepsSeen: 1, view: false },
    { name: '3 s on one step is a view', dwellMs: VIEW_DWELL_MS, stepsSeen: 1, view: true },
    { name: 'reaching a second step is a view at once', dwellMs: 200, stepsSeen: 2, view: true },
    { name: 'no step on screen and no time is not a view', dwellMs: 0, stepsSeen: 0, view: false },
  ])('$name', ({ dwellMs, stepsSeen, view }) => {
    expect(qualifiesAsView({ dwellMs, stepsSeen })).toBe(view);
  });
});
