/**
 * The pipeline's smoke test of a deployed stage: `npx tsx tests/smoke/remote.ts https://SITE`.
 * Health, then one scripted journey a stranger makes, which touches every layer that a deploy
 * could break without a unit test noticing: CloudFront and the site bucket (the landing page and
 * its script), the API through CloudFront (health: the table and the bucket), the auth function
 * (argon2's native binary, its rate limits in the table) and the share page's Lambda@Edge with
 * the share function behind it. It writes nothing but rate-limit counters. Exits 1 with a line
 * per failed check.
 */
export {};

const site = process.argv[2]?.replace(/\/$/, '');
if (!site || !/^https?:\/\//.test(site)) {
  console.error('Usage: npx tsx tests/smoke/remote.ts https://SITE');
  process.exit(2);
}

interface Check {
  name: string;
  run: () => Promise<string | undefined>;
}

async function get(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${site}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(15_000), ...init });
}

const checks: Check[] = [
  {
    name: 'health: the API answers through CloudFront, the table and the bucket are up',
    run: async () => {
      const res = await get('/api/health');
      const body = (await res.json().catch(() => ({}))) as { status?: string };
      return res.status === 200 && body.status === 'ok' ? undefined : `GET /api/health → ${res.status} ${JSON.stringify(body)}`;
    },
  },
  {
    name: 'the landing page and its script are served, with the security headers',
    run: async () => {
      const res = await get('/');
      const html = await res.text();
      const script = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
      if (res.status !== 200 || !script) return `GET / → ${res.status}, script ${script ?? 'missing'}`;
      if (!res.headers.get('content-security-policy') || !res.headers.get('strict-transport-security')) return 'GET / lacks its CSP or HSTS header';
      if (!new URL(site).hostname.startsWith('localhost') && html.includes('http://localhost')) return 'the page names localhost: the site was uploaded without its origin';
      const js = await get(script);
      return js.status === 200 ? undefined : `GET ${script} → ${js.status}`;
    },
  },
  {
    name: 'sign-in of an unknown account is refused in the API error shape (the auth function and argon2 run)',
    run: async () => {
      const res = await get('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site },
        body: JSON.stringify({ email: `smoke-${Date.now()}@example.com`, password: 'not the password at all' }),
      });
      const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
      return res.status === 401 && typeof body.error?.code === 'string' ? undefined : `POST /api/auth/sign-in/email → ${res.status} ${JSON.stringify(body)}`;
    },
  },
  {
    name: 'a missing guide gets the generic share page from the edge function, and a 404 from the share API',
    run: async () => {
      const page = await get('/share/smoke-test-aaaaaaaaaaaa');
      const html = await page.text();
      if (page.status >= 500 || !/<title>/.test(html)) return `GET /share/… → ${page.status}`;
      const api = await get('/api/share/aaaaaaaaaaaa');
      return api.status === 404 ? undefined : `GET /api/share/aaaaaaaaaaaa → ${api.status}`;
    },
  },
];

let failed = 0;
for (const check of checks) {
  const problem = await check.run().catch((error: unknown) => `threw ${error instanceof Error ? error.message : String(error)}`);
  console.log(`${problem ? '✖' : '✔'} ${check.name}${problem ? `: ${problem}` : ''}`);
  if (problem) failed++;
}
console.log(`${checks.length - failed} passed, ${failed} failed (${site})`);
process.exit(failed > 0 ? 1 : 0);
