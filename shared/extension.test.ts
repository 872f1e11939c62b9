import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEV_EXTENSION_ID, DEV_EXTENSION_PUBLIC_KEY, extensionOrigin } from './extension';

function extensionIdOf(publicKeyBase64: string): string {
  const hex = createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}

describe('the development extension id', () => {
  it('is the id Chromium derives from the manifest key', () => {
    expect(extensionIdOf(DEV_EXTENSION_PUBLIC_KEY)).toBe(DEV_EXTENSION_ID);
  });

  it('names the origin the API trusts', () => {
    expect(extensionOrigin()).toBe(`chrome-extension://${DEV_EXTENSION_ID}`);
  });
});
