import { describe, expect, it } from 'vitest';
import { plainText, splitBold } from './step-markup';

describe('splitBold', () => {
  it.each([
    { name: 'plain text is one plain run', text: 'Open the menu', runs: [{ text: 'Open the menu', bold: false }] },
    {
      name: 'the part between markers is bold',
      text: 'Click **Save changes**',
      runs: [
        { text: 'Click ', bold: false },
        { text: 'Save changes', bold: true },
      ],
    },
    {
      name: 'several bold parts alternate',
      text: 'Select **March** in **Month**',
      runs: [
        { text: 'Select ', bold: false },
        { text: 'March', bold: true },
        { text: ' in ', bold: false },
        { text: 'Month', bold: true },
      ],
    },
    { name: 'a text that is all bold', text: '**Done**', runs: [{ text: 'Done', bold: true }] },
    {
      name: 'an unpaired marker stays as written',
      text: 'Type **2 * 3** then **',
      runs: [
        { text: 'Type ', bold: false },
        { text: '2 * 3', bold: true },
        { text: ' then **', bold: false },
      ],
    },
    { name: 'an unpaired marker alone', text: 'a **b', runs: [{ text: 'a **b', bold: false }] },
    { name: 'empty bold runs are dropped and neighbours merge', text: 'a****b', runs: [{ text: 'ab', bold: false }] },
    { name: 'the empty text has no runs', text: '', runs: [] },
    {
      name: 'markup-looking text is only text',
      text: '**<img src=x onerror=alert(1)>**',
      runs: [{ text: '<img src=x onerror=alert(1)>', bold: true }],
    },
  ])('$name', ({ text, runs }) => {
    expect(splitBold(text)).toEqual(runs);
  });
});

describe('plainText', () => {
  it('drops the bold markers and keeps the words', () => {
    expect(plainText('Click **New contact**')).toBe('Click New contact');
  });

  it('keeps an unpaired marker', () => {
    expect(plainText('Rate it **5')).toBe('Rate it **5');
  });
});
