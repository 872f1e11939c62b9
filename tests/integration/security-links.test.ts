import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { send } from '../../functions/domain/platform/mail';
import { ApiClient, signUp } from '../support/api-client';
import { linkIn, waitForMail } from '../support/mailbox';
import { useIsolatedStack } from '../support/isolated-stack';

const stack = useIsolatedStack();

/** A POST with a Host and X-Forwarded-Host of the caller's choosing (fetch will not forge Host). */
function postWithHost(url: string, path: string, body: unknown, host: string): Promise<number> {
  const target = new URL(path, url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          host,
          'x-forwarded-host': host,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('absolute links', () => {
  it('in a password-reset mail come from APP_ORIGIN, never from a forged Host or X-Forwarded-Host', async () => {
    const { email } = await signUp(new ApiClient(stack().url));
    // No Origin and no cookie: nothing for the origin check to refuse, so the Host is all there is.
    expect(await postWithHost(stack().url, '/api/auth/request-password-reset', { email }, 'evil.example')).toBe(200);
    const mail = await waitForMail(stack().mailApiUrl, email, /Reset your/);
    expect(new URL(linkIn(mail, 'mode=reset')).origin).toBe(process.env.APP_ORIGIN);
    expect(mail.text).not.toContain('evil.example');
  });
});

describe('malformed input', () => {
  it.each([
    ['/api/guides/%00', 422],
    ['/api/guides/abc%00defghijk', 422],
    ['/api/guides/%E0%A4%A', 422],
    ['/api/share/%00', 422],
    ['/api/%00', 404],
  ])('answers GET %s with %s in the error shape, never a 5xx', async (path, status) => {
    const response = await new ApiClient(stack().url).get(path);
    expect(response.status).toBe(status);
    expect(response.json.error.code).toBeTruthy();
  });

  it('sends a mail whose subject held a line break on one line, with no header of its own (SMTP to the catcher)', async () => {
    const to = `header-${Date.now()}@example.test`;
    await send({ to, subject: 'Join Evil\r\nBcc: victim@example.test\r\nX-Injected: yes', text: 'x', html: '<p>x</p>' });
    const mail = await waitForMail(stack().mailApiUrl, to, /Join Evil/);
    expect(mail.subject).toBe('Join Evil Bcc: victim@example.test X-Injected: yes');
    const headers = (mail as unknown as { headers: Record<string, string> }).headers;
    expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain('x-injected');
    expect(Object.keys(headers).map((h) => h.toLowerCase())).not.toContain('bcc');
  });
});
