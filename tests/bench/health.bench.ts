import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatLoad, load, type BenchStack } from './support';

/**
 * GET /api/health through the local adapter (API Gateway event → middy stack → DynamoDB Local
 * and s3rver probes → response), against a bare node:http server answering the same JSON, in
 * the same run and on the same machine.
 */
export async function benchHealth(stack: BenchStack): Promise<void> {
  const sample = await (await fetch(`${stack.server.url}/api/health`)).text();
  const bare = http.createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(sample);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const barePort = (bare.address() as AddressInfo).port;

  // Warm both (module loading, JIT, connection pools) before measuring.
  await load(`${stack.server.url}/api/health`, { durationSeconds: 1 });
  await load(`http://127.0.0.1:${barePort}/`, { durationSeconds: 1 });

  const baseline = await load(`http://127.0.0.1:${barePort}/`);
  const adapter = await load(`${stack.server.url}/api/health`);
  bare.close();

  console.log('\nGET /api/health (10 connections, 5 s each)');
  console.log(formatLoad('bare node:http, same JSON (baseline)', baseline));
  console.log(formatLoad('local adapter → health handler', adapter));
  // autocannon reports whole milliseconds: a sub-millisecond baseline counts as 1 ms.
  console.log(
    `ratio (adapter / baseline): throughput ${(adapter.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)}, p50 latency ≥ ${(adapter.p50 / Math.max(baseline.p50, 1)).toFixed(0)}x`,
  );
  if (adapter.non2xx > 0 || adapter.errors > 0) throw new Error('the health route answered errors under load');
}
