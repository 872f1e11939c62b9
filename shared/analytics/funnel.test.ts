import { describe, expect, it } from 'vitest';
import { biggestDropOff, completionRate, funnel, ratio } from './funnel';

describe('the funnel maths', () => {
  it('counts who reached each step, what share of the viewers that is, and who left before the next', () => {
    const steps = funnel({ 1: 10, 2: 8, 3: 4, 4: 4 }, 4, 10);
    expect(steps).toEqual([
      { step: 1, viewers: 10, reachRate: 1, dropOff: 2, dropOffRate: 0.2 },
      { step: 2, viewers: 8, reachRate: 0.8, dropOff: 4, dropOffRate: 0.5 },
      { step: 3, viewers: 4, reachRate: 0.4, dropOff: 0, dropOffRate: 0 },
      { step: 4, viewers: 4, reachRate: 0.4, dropOff: 0, dropOffRate: 0 },
    ]);
    expect(biggestDropOff(steps)?.step).toBe(2);
  });

  it('lists every step of the guide, those nobody reached as zeros', () => {
    expect(funnel(new Map([[1, 3]]), 3, 3).map((s) => [s.step, s.viewers, s.dropOff])).toEqual([
      [1, 3, 3],
      [2, 0, 0],
      [3, 0, 0],
    ]);
  });

  it('never drops below zero when a later step has more viewers (deep links, jumps in the step list)', () => {
    const steps = funnel({ 1: 2, 2: 5, 3: 5 }, 3, 5);
    expect(steps.map((s) => s.dropOff)).toEqual([0, 0, 0]);
    expect(steps[0]!.reachRate).toBe(0.4);
    expect(biggestDropOff(steps)).toBeUndefined();
  });

  it('measures reach against the busiest step when it has more viewers than were counted', () => {
    expect(funnel({ 1: 4 }, 1, 2)[0]!.reachRate).toBe(1);
  });

  it('of a guide nobody watched is all zeros, with no division by zero', () => {
    expect(funnel({}, 2, 0)).toEqual([
      { step: 1, viewers: 0, reachRate: 0, dropOff: 0, dropOffRate: 0 },
      { step: 2, viewers: 0, reachRate: 0, dropOff: 0, dropOffRate: 0 },
    ]);
  });

  it('gives the completion rate as completions per unique viewer, 0 without viewers, never above 1', () => {
    expect(completionRate(3, 4)).toBe(0.75);
    expect(completionRate(0, 0)).toBe(0);
    expect(completionRate(5, 4)).toBe(1);
    expect(ratio(-1, 4)).toBe(0);
  });
});
