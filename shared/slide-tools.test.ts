import { describe, expect, it } from 'vitest';
import { ScreenshotChangeBody, clampCrop, cropClick, joinWords, splitNarration } from './slide-tools';

describe('splitting a narration', () => {
  it('splits at the sentence end nearest the middle when no place is given', () => {
    expect(splitNarration('Open the menu. Then choose Billing. Download the invoice.')).toEqual(['Open the menu. Then choose Billing.', 'Download the invoice.']);
    expect(splitNarration('Click “Save.” Done!')).toEqual(['Click “Save.”', 'Done!']);
  });

  it('splits at the cursor, moved forward out of a word, and trims both parts', () => {
    expect(splitNarration('Open the menu then choose Billing', 14)).toEqual(['Open the menu', 'then choose Billing']);
    expect(splitNarration('Open the menu then choose Billing', 10)).toEqual(['Open the menu', 'then choose Billing']);
  });

  it('refuses a split that would leave a part empty', () => {
    expect(splitNarration('One sentence only')).toBeUndefined();
    expect(splitNarration('Open the menu.', 0)).toBeUndefined();
    expect(splitNarration('Open the menu.', 14)).toBeUndefined();
    expect(splitNarration('Open the', 6)).toBeUndefined();
    expect(splitNarration('', 0)).toBeUndefined();
  });
});

describe('merging words', () => {
  it('joins in order and drops empty parts', () => {
    expect(joinWords('Open **Billing**', 'Click **Pay**', '\n')).toBe('Open **Billing**\nClick **Pay**');
    expect(joinWords(null, ' Say this. ', ' ')).toBe('Say this.');
    expect(joinWords('', undefined, ' ')).toBe('');
  });
});

describe('cropping a screenshot', () => {
  const size = { width: 1280, height: 800 };
  it('keeps a crop inside the image', () => {
    expect(clampCrop({ x: 100, y: 50, width: 400, height: 300 }, size)).toEqual({ x: 100, y: 50, width: 400, height: 300 });
    expect(clampCrop({ x: 1000, y: 700, width: 600, height: 600 }, size)).toEqual({ x: 1000, y: 700, width: 280, height: 100 });
    expect(clampCrop({ x: 1280, y: 0, width: 100, height: 100 }, size)).toBeUndefined();
  });

  it('moves the click point into the crop, and clears it when the crop leaves it out', () => {
    const rect = { x: 100, y: 50, width: 400, height: 300 };
    expect(cropClick({ x: 300, y: 200 }, rect)).toEqual({ x: 200, y: 150 });
    expect(cropClick({ x: 100, y: 50 }, rect)).toEqual({ x: 0, y: 0 });
    expect(cropClick({ x: 500, y: 200 }, rect)).toBeNull();
    expect(cropClick({ x: 99, y: 200 }, rect)).toBeNull();
    expect(cropClick(null, rect)).toBeNull();
  });

  it('takes only whole pixels of at least 16 and a known kind of change', () => {
    expect(ScreenshotChangeBody.safeParse({ kind: 'crop', rect: { x: 0, y: 0, width: 8, height: 100 } }).success).toBe(false);
    expect(ScreenshotChangeBody.safeParse({ kind: 'crop', rect: { x: 0.5, y: 0, width: 100, height: 100 } }).success).toBe(false);
    expect(ScreenshotChangeBody.safeParse({ kind: 'rotate' }).success).toBe(false);
    expect(ScreenshotChangeBody.safeParse({ kind: 'replace', screenshotKey: 'k' }).success).toBe(true);
  });
});
