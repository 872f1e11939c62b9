import { afterEach, describe, expect, it, vi } from 'vitest';

describe('the site origin', () => {
  afterEach(() => {
    delete process.env.APP_ORIGIN;
    vi.resetModules();
  });

  it('fails an API function at cold start, naming APP_ORIGIN, when it is not configured', async () => {
    delete process.env.APP_ORIGIN;
    vi.resetModules();
    await expect(import('../http/health/index')).rejects.toThrow(/APP_ORIGIN \(is required/);
  });

  it('refuses an APP_ORIGIN with a path', async () => {
    process.env.APP_ORIGIN = 'https://app.example.test/somewhere';
    vi.resetModules();
    await expect(import('../http/health/index')).rejects.toThrow(/APP_ORIGIN \(must be an origin only/);
  });

  it('comes from configuration alone, whatever Host the request names', async () => {
    process.env.APP_ORIGIN = 'https://app.example.test';
    vi.resetModules();
    const { siteOrigin, trustedOrigins } = await import('./origin');
    expect(siteOrigin()).toBe('https://app.example.test');
    expect([...trustedOrigins()]).toEqual(['https://app.example.test']);
  });
});
