import { describe, expect, it } from 'vitest';
import { fileSize } from './file-size';

describe('fileSize', () => {
  it.each([
    [512, '512 B'],
    [1_000, '1 KB'],
    [850_400, '850 KB'],
    [12_400_000, '12.4 MB'],
    [3_000_000_000, '3 GB'],
  ])('%d bytes read as %s', (bytes, text) => {
    expect(fileSize(bytes)).toBe(text);
  });
});
