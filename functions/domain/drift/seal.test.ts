import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { open, seal } from './seal';

describe('sealed sign-ins (local key)', () => {
  beforeAll(() => {
    process.env.SITE_SESSION_KEY = randomBytes(32).toString('base64url');
  });

  it('open what they sealed, and the stored form shows none of it', async () => {
    const secret = Buffer.from('{"cookies":[{"name":"sid","value":"s3cr3t-token"}]}');
    const sealed = await seal(secret, 'org1#abc');
    expect(sealed.sealed).not.toContain('s3cr3t');
    expect(Buffer.from(sealed.sealed, 'base64').includes(Buffer.from('s3cr3t'))).toBe(false);
    expect(sealed.wrappedKey).toMatch(/^local:/);
    expect((await open(sealed, 'org1#abc')).toString()).toBe(secret.toString());
  });

  it('refuse a value moved to another record or altered', async () => {
    const sealed = await seal(Buffer.from('x'.repeat(40)), 'org1#abc');
    await expect(open(sealed, 'org2#abc')).rejects.toThrow();
    const bytes = Buffer.from(sealed.sealed, 'base64');
    bytes[14] = bytes[14]! ^ 1;
    await expect(open({ ...sealed, sealed: bytes.toString('base64') }, 'org1#abc')).rejects.toThrow();
  });

  it('use a fresh data key for every value', async () => {
    const a = await seal(Buffer.from('same'), 'c');
    const b = await seal(Buffer.from('same'), 'c');
    expect(a.wrappedKey).not.toBe(b.wrappedKey);
    expect(a.sealed).not.toBe(b.sealed);
  });
});
