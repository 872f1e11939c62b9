import { linkIn, waitForMail } from './mailbox';

/**
 * A browser-like API client for integration tests: keeps the session cookie it is given, and
 * sends the site's Origin on state-changing requests, as the SPA does.
 */
export class ApiClient {
  cookie: string | undefined;

  constructor(
    readonly baseUrl: string,
    readonly origin: string | null = baseUrl,
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(method !== 'GET' && this.origin ? { origin: this.origin } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const [name, value] = pair!.split('=');
      if (name?.includes('stepcast.session')) this.cookie = value ? `${name}=${value}` : undefined;
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json: json as any, text }; // eslint-disable-line @typescript-eslint/no-explicit-any -- test responses are asserted field by field
  }

  get(path: string) {
    return this.request('GET', path);
  }

  post(path: string, body: unknown = {}) {
    return this.request('POST', path, body);
  }

  /** The raw JWT in the session cookie. */
  get token(): string | undefined {
    return this.cookie?.split('=')[1];
  }
}

let counter = 0;
/** A unique address per call, so tests never collide (and rate limits per account stay apart). */
export function uniqueEmail(prefix = 'user'): string {
  counter++;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.test`;
}

/**
 * Signs up and signs in, as a person would: sign-up itself answers with no session (it must not
 * tell a new address from a taken one), so the person follows the verification link in the mail,
 * which verifies the address and signs in. With `verified: false`, or where no mail catcher is
 * known (TEST_MAIL_API_URL), they sign in with the password instead and stay unverified.
 */
export async function signUp(
  client: ApiClient,
  overrides: Partial<{ name: string; email: string; password: string; verified: boolean; mailApiUrl: string }> = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'correct horse battery';
  const response = await client.post('/api/auth/sign-up/email', { name: overrides.name ?? 'Test User', email, password });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
  const mailApiUrl = overrides.mailApiUrl ?? process.env.TEST_MAIL_API_URL;
  if (mailApiUrl && overrides.verified !== false) {
    const link = new URL(linkIn(await waitForMail(mailApiUrl, email, /Verify your email/), '/api/auth/verify-email'));
    const verified = await client.request('GET', `${link.pathname}${link.search}`, undefined, { accept: 'application/json' });
    if (verified.status !== 200) throw new Error(`verification failed: ${verified.status} ${verified.text}`);
  } else {
    const signedIn = await client.post('/api/auth/sign-in/email', { email, password });
    if (signedIn.status !== 200) throw new Error(`sign-in after sign-up failed: ${signedIn.status} ${signedIn.text}`);
  }
  return { email, password, user: response.json.user as { id: string; email: string } };
}
