import { describe, expect, it } from 'vitest';
import { apiEvent, invoke, type LambdaHandler } from '../support/api-event';
import { ApiClient, signUp } from '../support/api-client';
import { useIsolatedStack } from '../support/isolated-stack';

// The production counts (3 per account, 3 per IP) in a window long enough that no test
// straddles two windows; the window's 10 s default is what deployments use.
const stack = useIsolatedStack({ env: { RATE_LIMIT_IP_MAX: '3', RATE_LIMIT_ACCOUNT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '3600' } });

async function authHandler(): Promise<LambdaHandler> {
  return ((await import('../../functions/http/auth/index')) as { handler: LambdaHandler }).handler;
}

function signInEvent(email: string, sourceIp: string, password = 'wrong password') {
  return apiEvent({ method: 'POST', path: '/api/auth/sign-in/email', body: { email, password }, sourceIp, origin: process.env.APP_ORIGIN });
}

function signInBody(email: string) {
  return { method: 'POST', path: '/api/auth/sign-in/email', body: { email, password: 'wrong password' }, origin: process.env.APP_ORIGIN };
}

describe('sign-in rate limits', () => {
  it('hold against rotating IPs for one account', async () => {
    const { email } = await signUp(new ApiClient(stack().url));
    const handler = await authHandler();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await invoke(handler, signInEvent(email, `198.51.100.${i + 1}`))).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('refuse even the right password once the account is over the limit', async () => {
    const { email, password } = await signUp(new ApiClient(stack().url));
    const handler = await authHandler();
    for (let i = 0; i < 3; i++) await invoke(handler, signInEvent(email, `192.0.2.${i + 1}`));
    const response = await invoke(handler, signInEvent(email, '192.0.2.99', password));
    expect(response.status).toBe(429);
    expect(response.json.error.code).toBe('rate_limited');
  });

  it('hold per IP across many accounts, keyed on the source IP and never on X-Forwarded-For', async () => {
    const handler = await authHandler();
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const event = signInEvent(`nobody-${i}-${Date.now()}@example.test`, '203.0.113.77');
      event.headers['x-forwarded-for'] = `10.0.0.${i}`;
      statuses.push((await invoke(handler, event)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('key on CloudFront-Viewer-Address when the origin header verified, so viewers behind one CloudFront IP are counted apart', async () => {
    const handler = await authHandler();
    const statuses = [];
    // Every request comes from CloudFront's own address; the viewers differ.
    for (let i = 0; i < 5; i++) {
      const event = apiEvent({ ...signInBody(`viewer-${i}-${Date.now()}@example.test`), sourceIp: '198.51.100.200', viewerAddress: `192.0.2.${i + 10}:5${i}000` });
      statuses.push((await invoke(handler, event)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
  });

  it('key on the source IP, never on a forged CloudFront-Viewer-Address, when the origin header is missing or wrong', async () => {
    const handler = await authHandler();
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const event = apiEvent({
        ...signInBody(`forger-${i}-${Date.now()}@example.test`),
        sourceIp: '198.51.100.201',
        viewerAddress: `192.0.2.${i + 50}:443`,
        originVerify: 'not-the-secret-value-at-all',
      });
      statuses.push((await invoke(handler, event)).status);
    }
    // Refused before any count: the API answers only CloudFront.
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
  });

  it('let exactly one of two concurrent requests through at the limit', async () => {
    const { email } = await signUp(new ApiClient(stack().url));
    const handler = await authHandler();
    await invoke(handler, signInEvent(email, '198.18.0.1'));
    await invoke(handler, signInEvent(email, '198.18.0.2'));
    const both = await Promise.all([invoke(handler, signInEvent(email, '198.18.0.3')), invoke(handler, signInEvent(email, '198.18.0.4'))]);
    expect(both.map((r) => r.status).sort()).toEqual([401, 429]);
  });
});
