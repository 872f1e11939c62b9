import { NO_FOLDER } from '../../functions/db/entities/guide';
import { db } from '../../functions/db/service';
import { ApiClient, signUp } from '../support/api-client';
import { countDynamoRequests } from '../support/dynamo-counter';
import { compareLoads, formatLoad, type BenchStack } from './support';

async function orgOf(client: ApiClient): Promise<{ orgId: string; userId: string }> {
  const session = (await client.get('/api/auth/get-session')).json;
  return { orgId: session.session.activeOrganizationId, userId: session.user.id };
}

/** Writes guides straight into the table (the API's plan limit is not what is measured here). */
async function insertGuides(orgId: string, userId: string, count: number, folderId: string) {
  const now = Date.now();
  const items = Array.from({ length: count }, (_, i) => ({
    guideId: `b${String(i).padStart(11, '0')}`.slice(0, 12),
    orgId,
    createdBy: userId,
    title: `Guide number ${i}`,
    folderId: i % 2 === 0 ? folderId : NO_FOLDER,
    status: 'published' as const,
    slideCount: 5,
  }));
  for (let i = 0; i < items.length; i += 25) {
    await db().entities.guide.put(items.slice(i, i + 25).map((item, j) => ({ ...item, guideId: `${orgId.slice(0, 4)}${String(i + j).padStart(8, '0')}` }))).go();
  }
  return now;
}

/**
 * The recents and a folder's first page with 10,000 guides in an organisation against 10 (the
 * same Query with a limit, so the size of the organisation must not matter), and the DynamoDB
 * requests behind GET /api/guides/{id} of a 50-slide guide.
 */
export async function benchGuides(stack: BenchStack): Promise<void> {
  const small = new ApiClient(stack.server.url);
  const large = new ApiClient(stack.server.url);
  await signUp(small);
  await signUp(large);
  const smallOrg = await orgOf(small);
  const largeOrg = await orgOf(large);
  const smallFolder = (await small.post('/api/folders', { name: 'Half' })).json.id;
  const largeFolder = (await large.post('/api/folders', { name: 'Half' })).json.id;
  const t0 = performance.now();
  await insertGuides(smallOrg.orgId, smallOrg.userId, 20, smallFolder);
  await insertGuides(largeOrg.orgId, largeOrg.userId, 10_000, largeFolder);
  console.log(`\nGuides: inserted 10,020 guides in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // Pages of 10 everywhere, so only the organisation's size differs.
  const cases: Array<[string, ApiClient, string]> = [
    ['recents, 20 guides', small, '/api/guides?limit=10'],
    ['recents, 10,000 guides', large, '/api/guides?limit=10'],
    ['folder, 10 guides', small, `/api/guides?limit=10&folderId=${smallFolder}`],
    ['folder, 5,000 guides', large, `/api/guides?limit=10&folderId=${largeFolder}`],
  ];
  const measured = await compareLoads(cases.map(([name, client, path]) => ({ name, url: `${stack.server.url}${path}`, headers: { cookie: client.cookie! } })));
  const results: Record<string, (typeof measured)[number]> = {};
  console.log('first pages of 10, one connection, best of 2 alternating 3 s rounds:');
  for (const [i, [name]] of cases.entries()) {
    results[name] = measured[i]!;
    console.log(formatLoad(`first page: ${name}`, measured[i]!));
  }
  const ratio = (a: string, b: string) => (results[b]!.mean / results[a]!.mean).toFixed(2);
  console.log(
    `mean latency ratio large / small: recents ${ratio('recents, 20 guides', 'recents, 10,000 guides')}, folder ${ratio('folder, 10 guides', 'folder, 5,000 guides')} (target ≤ 1.2)`,
  );

  const guide = (await small.post('/api/guides', { title: 'Fifty slides' })).json;
  for (let i = 0; i < 50; i++) await small.post(`/api/guides/${guide.id}/slides`, { text: `Step ${i + 1}` });
  const counter = countDynamoRequests();
  counter.reset();
  const detail = (await small.get(`/api/guides/${guide.id}`)).json;
  const counts = counter.snapshot();
  console.log(
    `GET /api/guides/{id} with ${detail.slides.length} slides: ${counter.total()} DynamoDB requests ${JSON.stringify(counts)} — the guide and its slides in ${counts.QueryCommand ?? 0} Query; the rest is the session and membership check`,
  );
}
