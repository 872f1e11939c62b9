import autocannon from 'autocannon';
import type { EventBatch, GuideAnalytics, GuideStatsList, ViewerEvent, WorkspaceAnalytics } from '#shared/analytics/contracts';
import { dayOf } from '#shared/analytics/days';
import { db } from '../../functions/db/service';
import type { ApiClient } from '../support/api-client';
import { formatLoad, load, summarize, type BenchStack, verifiedAuthor } from './support';

/**
 * Viewer analytics. (1) `POST /api/events` under load: events per second and latency with the
 * player's batching (a whole watch of a 10-step guide per request) against the same run's
 * baseline of one event per request, each request a new viewer, so that every one of them does
 * the full work (rate limits, the viewer's day, four rollups). Targets: ≥ 2,000 events/s with
 * batching, p99 ≤ 50 ms. (2) Exactness: simulated viewers with known paths, sent concurrently
 * (some batches twice at once, bots and the author's own views among them); the dashboard's
 * numbers must equal the counts worked out here, exactly.
 */

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const EVENTS_TARGET = 2_000;
const P99_TARGET_MS = 50;
const CONNECTIONS = 10;
const DURATION_SECONDS = 8;
/** The longest batch the API takes is 50 events: a view, 48 steps and the completion. */
const LOAD_STEPS = 48;

async function makeProAuthor(baseUrl: string) {
  const { client, userId } = await verifiedAuthor(baseUrl);
  await db().entities.subscription.put({ userId, stripeCustomerId: `cus_${userId}`, status: 'active', stripeUpdatedAt: 1 }).go();
  return client;
}

/** Slides without screenshots: analytics counts steps, whatever they show. */
async function publishGuide(client: ApiClient, title: string, slides: number): Promise<string> {
  const guide = (await client.post('/api/guides', { title })).json as { id: string };
  for (let i = 0; i < slides; i++) await client.post(`/api/guides/${guide.id}/slides`, { text: `Step ${i + 1}` });
  const published = await client.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' });
  if (published.status !== 200) throw new Error(`publishing failed: ${published.status} ${published.text}`);
  return guide.id;
}

interface Throughput {
  requestsPerSecond: number;
  eventsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

let viewerSerial = 0;
const freshViewer = (tag: string) => `${tag}-${process.pid.toString(36)}-${(viewerSerial++).toString(36).padStart(12, '0')}`;

async function loadEvents(baseUrl: string, guideId: string, events: ViewerEvent[], tag: string, seconds: number): Promise<Throughput> {
  const body = () => JSON.stringify({ guideId, viewerId: freshViewer(tag), load: 1, embed: false, referrer: 'help.example.com', events } satisfies EventBatch);
  const result = await autocannon({
    url: `${baseUrl}/api/events`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: baseUrl, 'user-agent': BROWSER },
        setupRequest: (request) => ({ ...request, body: body() }),

      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    eventsPerSecond: result.requests.average * events.length,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const format = (name: string, r: Throughput) =>
  `${name.padEnd(46)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s ${r.eventsPerSecond.toFixed(0).padStart(7)} events/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;

const watchOf = (steps: number): ViewerEvent[] => [{ type: 'view' }, ...Array.from({ length: steps }, (_, i) => ({ type: 'step' as const, step: i + 1 })), { type: 'complete' }];

async function throughput(stack: BenchStack): Promise<void> {
  const author = await makeProAuthor(stack.server.url);
  const guideId = await publishGuide(author, 'Throughput', LOAD_STEPS);
  const variants: Array<{ name: string; events: ViewerEvent[] }> = [
    { name: 'one event per request (baseline)', events: [{ type: 'view' }] },
    // What the player sends first: the view with the steps seen so far.
    { name: "the player's first batch, 3 events", events: [{ type: 'view' }, { type: 'step', step: 1 }, { type: 'step', step: 2 }] },
    { name: 'a whole watch of a 10-step guide, 12 events', events: watchOf(10) },
    { name: 'a full batch, 50 events', events: watchOf(LOAD_STEPS) },
  ];

  // Warm up (module loading, the guide's facts, connection pools), then alternate so that no
  // variant gains from running later.
  await loadEvents(stack.server.url, guideId, variants[0]!.events, 'warm', 1);
  const best: Array<Throughput | undefined> = variants.map(() => undefined);
  for (let round = 0; round < 2; round++) {
    for (const [i, variant] of variants.entries()) {
      const result = await loadEvents(stack.server.url, guideId, variant.events, `r${round}v${i}`, DURATION_SECONDS / 2);
      if (!best[i] || result.eventsPerSecond > best[i].eventsPerSecond) best[i] = result;
    }
  }

  // How busy the machine is right now: the health route, two DynamoDB and S3 reads a request.
  const health = await load(`${stack.server.url}/api/health`, { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS / 2 });

  console.log(`\nPOST /api/events (${CONNECTIONS} connections, ${DURATION_SECONDS / 2} s rounds, best of 2 alternating; each request a new viewer)`);
  for (const [i, variant] of variants.entries()) console.log(format(variant.name, best[i]!));
  console.log(`for reference, the machine's state: ${formatLoad('GET /api/health, same connections', health).trim()}`);
  const baseline = best[0]!;
  const batched = best[2]!;
  console.log(
    `batching (12 events a request): ${(batched.eventsPerSecond / baseline.eventsPerSecond).toFixed(1)}x the events per second of one a request; targets ≥ ${EVENTS_TARGET} events/s (${batched.eventsPerSecond >= EVENTS_TARGET ? 'met' : 'missed'}), p99 ≤ ${P99_TARGET_MS} ms (${batched.p99 <= P99_TARGET_MS ? 'met' : 'missed'})`,
  );
  summarize({
    measure: 'Events ingest, 12 events a request',
    figure: `${batched.eventsPerSecond.toFixed(0)} events/s, p99 ${batched.p99} ms (${(batched.p99 / Math.max(1, health.p99)).toFixed(2)}× the health route's)`,
    baseline: `GET /api/health p99 ${health.p99} ms; one event a request ${baseline.eventsPerSecond.toFixed(0)} events/s`,
    target: `≥ ${EVENTS_TARGET} events/s, p99 ≤ 1.2× the health route's`,
    met: batched.eventsPerSecond >= EVENTS_TARGET && batched.p99 <= 1.2 * Math.max(1, health.p99),
  });
  if (best.some((r) => r!.non2xx > 0 || r!.errors > 0)) throw new Error('POST /api/events answered errors under load');
}

/** A small seeded generator (mulberry32), so that every run simulates the same viewers. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Expected {
  views: number;
  uniqueViewers: number;
  completions: number;
  ctaClicks: number;
  embedViews: number;
  linkViews: number;
  steps: number[];
  referrers: Map<string, number>;
}

const STEPS = 6;
const VIEWERS = 400;
const REFERRERS = ['', 'help.example.com', 'docs.example.org', 'news.example.net'];

/**
 * What each simulated viewer does, as the player would report it: per page load, bounce (nothing
 * sent), or a view and the steps reached from where the link opened, the last one as
 * `complete`, sometimes a CTA click; split into the batches the player would send. The expected
 * numbers follow the product's rules, worked out here without the server's code: a view per
 * page load, a unique viewer and each step and completion once per viewer and day.
 */
function simulate(guideId: string) {
  const next = random(19);
  const viewers: EventBatch[][] = [];
  const expected: Expected = { views: 0, uniqueViewers: 0, completions: 0, ctaClicks: 0, embedViews: 0, linkViews: 0, steps: Array(STEPS).fill(0), referrers: new Map() };
  for (let v = 0; v < VIEWERS; v++) {
    const viewerId = `exact${v.toString().padStart(6, '0')}${Math.floor(next() * 1e9).toString(36).padStart(6, '0')}`;
    const batches: EventBatch[] = [];
    const reached = new Set<number>();
    const loads = next() < 0.2 ? 2 : 1;
    for (let load = 1; load <= loads; load++) {
      if (next() < 0.15) continue; // bounced: under 3 s on one step, the player sends nothing
      const embed = next() < 0.4;
      const referrer = REFERRERS[Math.floor(next() * REFERRERS.length)]!;
      const first = next() < 0.1 ? 2 : 0;
      const last = first + Math.floor(next() * (STEPS - first));
      const events: ViewerEvent[] = [{ type: 'view' }];
      for (let step = first; step <= last; step++) {
        events.push({ type: 'step', step: step + 1 });
        reached.add(step);
        if (step === STEPS - 1) events.push({ type: 'complete' });
      }
      const cta = next() < 0.1;
      if (cta) events.push({ type: 'cta' });
      // The player's batches: the view at once, the rest every couple of seconds.
      const parts = 1 + Math.floor(next() * 3);
      const size = Math.ceil(events.length / parts);
      for (let i = 0; i < events.length; i += size) batches.push({ guideId, viewerId, load, embed, referrer, events: events.slice(i, i + size) });
      expected.views++;
      if (embed) expected.embedViews++;
      else expected.linkViews++;
      if (cta) expected.ctaClicks++;
      expected.referrers.set(referrer, (expected.referrers.get(referrer) ?? 0) + 1);
    }
    if (batches.length > 0) expected.uniqueViewers++;
    for (const step of reached) expected.steps[step]!++;
    if (reached.has(STEPS - 1)) expected.completions++;
    viewers.push(batches);
  }
  return { viewers, expected };
}

/** The first answer of each refusal, to say why. */
const refusals = new Map<number, string>();

async function post(baseUrl: string, batch: EventBatch, opts: { userAgent?: string; cookie?: string } = {}): Promise<number> {
  const response = await fetch(`${baseUrl}/api/events`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: baseUrl, 'user-agent': opts.userAgent ?? BROWSER, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    body: JSON.stringify(batch),
  });
  const text = await response.text();
  if (response.status !== 202 && !refusals.has(response.status)) refusals.set(response.status, text.slice(0, 300));
  return response.status;
}

/** Runs `tasks` with at most `limit` at once. */
async function pool(tasks: Array<() => Promise<void>>, limit: number): Promise<void> {
  let index = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (index < tasks.length) await tasks[index++]!();
    }),
  );
}

async function exactness(stack: BenchStack): Promise<void> {
  const baseUrl = stack.server.url;
  const author = await makeProAuthor(baseUrl);
  const guideId = await publishGuide(author, 'Exactness', STEPS);
  const { viewers, expected } = simulate(guideId);
  const next = random(7);

  const statuses: number[] = [];
  const send = async (batch: EventBatch, opts?: { userAgent?: string; cookie?: string }) => void statuses.push(await post(baseUrl, batch, opts));
  const tasks: Array<() => Promise<void>> = viewers.map((batches) => async () => {
    // One viewer's batches in the order the player sends them; some sent twice at once.
    for (const batch of batches) await (next() < 0.1 ? Promise.all([send(batch), send(batch)]) : send(batch));
  });
  // Crawlers and the author watching their own guide, mixed in: none of it may count.
  const fullWatch: ViewerEvent[] = [{ type: 'view' }, ...Array.from({ length: STEPS }, (_, i) => ({ type: 'step' as const, step: i + 1 })), { type: 'complete' }];
  for (let i = 0; i < 20; i++) tasks.push(() => send({ guideId, viewerId: `bot${i.toString().padStart(14, '0')}`, load: 1, embed: false, referrer: '', events: fullWatch }, { userAgent: BOT }));
  for (let i = 0; i < 5; i++) tasks.push(() => send({ guideId, viewerId: `own${i.toString().padStart(14, '0')}`, load: 1, embed: false, referrer: '', events: fullWatch }, { cookie: author.cookie }));
  tasks.sort(() => next() - 0.5);

  const started = performance.now();
  await pool(tasks, 32);
  const seconds = (performance.now() - started) / 1000;

  const today = dayOf(Date.now());
  const guide = (await author.get(`/api/guides/${guideId}/analytics?from=${today}&to=${today}`)).json as GuideAnalytics;
  const workspace = (await author.get(`/api/analytics?from=${today}&to=${today}`)).json as WorkspaceAnalytics;
  const card = ((await author.get(`/api/analytics/guides?ids=${guideId}`)).json as GuideStatsList).items[0];

  const rows: Array<[string, number, number | undefined]> = [
    ['views', expected.views, guide.totals.views],
    ['unique viewers', expected.uniqueViewers, guide.totals.uniqueViewers],
    ['completions', expected.completions, guide.totals.completions],
    ['CTA clicks', expected.ctaClicks, guide.totals.ctaClicks],
    ['embed views', expected.embedViews, guide.totals.embedViews],
    ['link views', expected.linkViews, guide.totals.linkViews],
    ...expected.steps.map((n, i): [string, number, number | undefined] => [`reached step ${i + 1}`, n, guide.funnel[i]?.viewers]),
    ...[...expected.referrers].map(([host, n]): [string, number, number | undefined] => [`views from "${host}"`, n, guide.referrers.find((r) => r.host === host)?.views]),
    ['workspace views', expected.views, workspace.totals.views],
    ['workspace unique viewers', expected.uniqueViewers, workspace.totals.uniqueViewers],
    ['card views (all time)', expected.views, card?.views],
    ['card completions (all time)', expected.completions, card?.completions],
  ];
  const sent = statuses.length;
  console.log(`\nExactness: ${VIEWERS} simulated viewers of a ${STEPS}-step guide, ${sent} batches (about 10% sent twice at once, 20 from a crawler, 5 from its author) in ${seconds.toFixed(1)} s, 32 at a time`);
  console.log(`${'number'.padEnd(30)} ${'expected'.padStart(9)} ${'dashboard'.padStart(10)}`);
  for (const [name, want, got] of rows) console.log(`${name.padEnd(30)} ${String(want).padStart(9)} ${String(got).padStart(10)}${want === got ? '' : '   ✗'}`);
  const wrong = rows.filter(([, want, got]) => want !== got);
  const refused = statuses.filter((status) => status !== 202);
  console.log(
    wrong.length === 0 && refused.length === 0
      ? 'every number equals the expected count exactly'
      : `${wrong.length} numbers differ; ${refused.length} batches refused (${[...new Set(refused)].map((status) => `${status} ×${refused.filter((s) => s === status).length}`).join(', ')})`,
  );
  for (const [status, body] of refusals) console.log(`  first ${status}: ${body}`);
  if (wrong.length > 0 || refused.length > 0) throw new Error('the dashboard does not match the simulated viewers');
}

export async function benchEvents(stack: BenchStack): Promise<void> {
  await throughput(stack);
  await exactness(stack);
}
