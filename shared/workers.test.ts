import { describe, expect, it } from 'vitest';
import { placeInLine } from './workers';

describe("a job's place in its organisation's line", () => {
  it.each([
    [1, 'Waiting · 1st in line'],
    [2, 'Waiting · 2nd in line'],
    [3, 'Waiting · 3rd in line'],
    [4, 'Waiting · 4th in line'],
    [11, 'Waiting · 11th in line'],
    [12, 'Waiting · 12th in line'],
    [13, 'Waiting · 13th in line'],
    [21, 'Waiting · 21st in line'],
    [102, 'Waiting · 102nd in line'],
    [111, 'Waiting · 111th in line'],
  ])('says %i as %s', (position, label) => {
    expect(placeInLine(position)).toBe(label);
  });

  it('says nothing once the job is on its way', () => {
    expect(placeInLine(null)).toBeUndefined();
    expect(placeInLine(undefined)).toBeUndefined();
  });
});
