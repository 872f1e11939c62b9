import { hashPassword } from '../../functions/domain/accounts/password';
import { countDynamoRequests } from '../support/dynamo-counter';
import { compareLoads, formatLoad, type BenchStack, verifiedAuthor } from './support';

/**
 * Password hashes per second (argon2id, m = 19 MiB, t = 2, p = 1), and what the session check
 * adds to a request: the same public route with and without a session cookie, in one run.
 */
export async function benchAuth(stack: BenchStack): Promise<void> {
  const started = performance.now();
  let hashes = 0;
  while (performance.now() - started < 3_000) {
    await hashPassword(`bench-password-${hashes}`);
    hashes++;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log('\nPasswords (argon2id, 19 MiB, t=2, p=1)');
  console.log(`hashes per second: ${(hashes / seconds).toFixed(1)} (${hashes} in ${seconds.toFixed(1)} s, one at a time)`);

  const { client } = await verifiedAuthor(stack.server.url);
  const guide = (await client.post('/api/guides', { title: 'Session bench' })).json;
  await client.post(`/api/guides/${guide.id}/slides`, { text: 'Click **Save**' });
  await client.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' });
  const url = `${stack.server.url}/api/share/${guide.id}`;

  const counter = countDynamoRequests();
  counter.reset();
  await fetch(url);
  const anonymousReads = counter.total();
  counter.reset();
  await fetch(url, { headers: { cookie: client.cookie! } });
  const withSessionReads = counter.total();
  const byCommand = counter.snapshot();

  const [anonymous, authenticated] = await compareLoads([
    { name: 'anonymous', url },
    { name: 'session', url, headers: { cookie: client.cookie! } },
  ]);
  console.log('\nSession check: GET /api/share/{id}, one connection, best of 2 alternating 3 s rounds');
  console.log(formatLoad('without a session cookie (baseline)', anonymous!));
  console.log(formatLoad('with a session cookie', authenticated!));
  console.log(
    `added by the check: mean ${(authenticated!.mean - anonymous!.mean).toFixed(2)} ms, p50 ${authenticated!.p50 - anonymous!.p50} ms, p99 ${authenticated!.p99 - anonymous!.p99} ms (target: one read, under 5 ms p50)`,
  );
  console.log(`DynamoDB requests per request: ${anonymousReads} without, ${withSessionReads} with (${JSON.stringify(byCommand)}) → the check costs ${withSessionReads - anonymousReads}`);
}
