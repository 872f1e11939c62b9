import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiEvent } from './http';

function event(headers: Record<string, string>, sourceIp = '198.51.100.1'): ApiEvent {
  return { headers, requestContext: { http: { sourceIp, method: 'GET' } } } as unknown as ApiEvent;
}

async function load(env: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  vi.resetModules();
  return import('./viewer');
}

const SECRET = 'origin-verify-value-0123456789';

describe('requests through CloudFront', () => {
  afterEach(() => {
    delete process.env.ORIGIN_VERIFY_SECRET;
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
  });

  it.each([
    ['without the origin header', {}],
    ['with a wrong origin header', { 'x-origin-verify': 'origin-verify-value-0123456780' }],
    ['with a prefix of the secret', { 'x-origin-verify': SECRET.slice(0, 10) }],
  ])('are refused with 403 %s once the secret is configured', async (_name, headers) => {
    const viewer = await load({ ORIGIN_VERIFY_SECRET: SECRET });
    await expect(viewer.assertFromCloudFront(event(headers))).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('key per-IP limits on CloudFront-Viewer-Address when the origin header verified', async () => {
    const viewer = await load({ ORIGIN_VERIFY_SECRET: SECRET });
    const verified = event({ 'x-origin-verify': SECRET, 'cloudfront-viewer-address': '203.0.113.9:51234' });
    await viewer.assertFromCloudFront(verified);
    expect(viewer.clientIp(verified)).toBe('203.0.113.9');
    const ipv6 = event({ 'x-origin-verify': SECRET, 'cloudfront-viewer-address': '2001:db8::7:443' });
    await viewer.assertFromCloudFront(ipv6);
    expect(viewer.clientIp(ipv6)).toBe('2001:db8::7');
  });

  it('key on the source IP, never on a viewer address the caller wrote, when no origin header verified', async () => {
    const viewer = await load({ ORIGIN_VERIFY_SECRET: undefined, ORIGIN_VERIFY_SECRET_ARN: undefined });
    const direct = event({ 'cloudfront-viewer-address': '203.0.113.9:443', 'x-forwarded-for': '203.0.113.10' });
    await viewer.assertFromCloudFront(direct);
    expect(viewer.clientIp(direct)).toBe('198.51.100.1');
  });

  it('fall back to the source IP when the viewer address is not an address', async () => {
    const viewer = await load({ ORIGIN_VERIFY_SECRET: SECRET });
    const odd = event({ 'x-origin-verify': SECRET, 'cloudfront-viewer-address': 'not-an-ip:443' });
    await viewer.assertFromCloudFront(odd);
    expect(viewer.clientIp(odd)).toBe('198.51.100.1');
  });

  it('fail closed (503) when the secret cannot be read (Secrets Manager mocked: AWS only)', async () => {
    vi.doMock('@aws-sdk/client-secrets-manager', () => ({
      SecretsManagerClient: class {
        send() {
          return Promise.reject(new Error('AccessDenied'));
        }
      },
      GetSecretValueCommand: class {},
    }));
    const viewer = await load({ ORIGIN_VERIFY_SECRET: undefined, ORIGIN_VERIFY_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:111111111111:secret:x' });
    await expect(viewer.assertFromCloudFront(event({ 'x-origin-verify': SECRET }))).rejects.toMatchObject({ code: 'service_unavailable' });
    vi.doUnmock('@aws-sdk/client-secrets-manager');
  });

  it('read the secret from Secrets Manager once per warm container (Secrets Manager mocked: AWS only)', async () => {
    const send = vi.fn(() => Promise.resolve({ SecretString: SECRET }));
    vi.doMock('@aws-sdk/client-secrets-manager', () => ({
      SecretsManagerClient: class {
        send = send;
      },
      GetSecretValueCommand: class {},
    }));
    const viewer = await load({ ORIGIN_VERIFY_SECRET: undefined, ORIGIN_VERIFY_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:111111111111:secret:x' });
    for (let i = 0; i < 3; i++) await viewer.assertFromCloudFront(event({ 'x-origin-verify': SECRET }));
    expect(send).toHaveBeenCalledTimes(1);
    vi.doUnmock('@aws-sdk/client-secrets-manager');
  });
});
