import { describe, expect, it } from 'vitest';
import { MAX_SCREENSHOT_BYTES } from '#shared/guides';
import { checkScreenshotFile, formatBytes, partitionScreenshotFiles } from './screenshot-files';

describe('checkScreenshotFile', () => {
  it.each([
    ['step.png', 'image/png'],
    ['step.jpg', 'image/jpeg'],
    ['step.webp', 'image/webp'],
  ])('accepts %s (%s)', (name, type) => {
    expect(checkScreenshotFile({ name, type, size: 1000 })).toEqual({ ok: true, contentType: type });
  });

  it('judges a file reported without a type by its extension', () => {
    expect(checkScreenshotFile({ name: 'STEP.JPEG', type: '', size: 1000 })).toEqual({ ok: true, contentType: 'image/jpeg' });
  });

  it.each([
    ['logo.svg', 'image/svg+xml'],
    ['anim.gif', 'image/gif'],
    ['notes.pdf', 'application/pdf'],
    ['page.html', ''],
    ['noextension', ''],
  ])('rejects %s with a message naming the file and the allowed types', (name, type) => {
    const check = checkScreenshotFile({ name, type, size: 1000 });
    expect(check).toEqual({ ok: false, reason: `${name} is not a PNG, JPEG or WebP image.` });
  });

  it('trusts the reported type over the extension', () => {
    expect(checkScreenshotFile({ name: 'fake.png', type: 'text/html', size: 10 }).ok).toBe(false);
  });

  it('accepts exactly 10 MB and rejects one byte more, saying how large it is', () => {
    expect(checkScreenshotFile({ name: 'a.png', type: 'image/png', size: MAX_SCREENSHOT_BYTES }).ok).toBe(true);
    expect(checkScreenshotFile({ name: 'big.png', type: 'image/png', size: MAX_SCREENSHOT_BYTES + 1 })).toEqual({
      ok: false,
      reason: 'big.png is 10 MB; screenshots are limited to 10 MB.',
    });
    expect(checkScreenshotFile({ name: 'huge.png', type: 'image/png', size: 12.5 * 1024 * 1024 })).toEqual({
      ok: false,
      reason: 'huge.png is 12.5 MB; screenshots are limited to 10 MB.',
    });
  });

  it('rejects an empty file', () => {
    expect(checkScreenshotFile({ name: 'a.png', type: 'image/png', size: 0 })).toEqual({ ok: false, reason: 'a.png is empty.' });
  });
});

describe('partitionScreenshotFiles', () => {
  it('keeps the accepted files in the order given and collects the reasons for the rest', () => {
    const files = [
      { name: '1.png', type: 'image/png', size: 5 },
      { name: 'x.gif', type: 'image/gif', size: 5 },
      { name: '2.webp', type: 'image/webp', size: 5 },
    ];
    const { accepted, rejected } = partitionScreenshotFiles(files);
    expect(accepted.map((a) => a.file.name)).toEqual(['1.png', '2.webp']);
    expect(rejected).toEqual(['x.gif is not a PNG, JPEG or WebP image.']);
  });
});

describe('formatBytes', () => {
  it('uses KB under a megabyte and MB above', () => {
    expect(formatBytes(850 * 1024)).toBe('850 KB');
    expect(formatBytes(200)).toBe('1 KB');
    expect(formatBytes(4.25 * 1024 * 1024)).toBe('4.3 MB');
  });
});
