import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { compareLoads, formatLoad, summarize, type BenchStack } from './support';

/** The adapter's own cost: its throughput on a route without I/O, at least half a bare server's. */
const ADAPTER_RATIO_TARGET = 0.5;

/**
 * The local API Gateway adapter's own cost: GET /api/health/live (a route that touches no
 * dependency) through the adapter (API Gateway v2 event → the function's Lambda entry and middy
 * stack → response) against a bare node:http server answering the same JSON, in alternating
 * rounds of the same run. GET /api/health, which probes DynamoDB Local and s3rver on every call,
 * is printed beside them for reference.
 */
export async function benchHealth(stack: BenchStack): Promise<void> {
  const sample = await (await fetch(`${stack.server.url}/api/health/live`)).text();
  const bare = http.createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(sample);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const barePort = (bare.address() as AddressInfo).port;

  const [baseline, adapter, probes] = await compareLoads(
    [
      { name: 'bare', url: `http://127.0.0.1:${barePort}/` },
      { name: 'live', url: `${stack.server.url}/api/health/live` },
      { name: 'health', url: `${stack.server.url}/api/health` },
    ],
    { rounds: 3, durationSeconds: 5, connections: 10 },
  );
  bare.close();

  console.log('\nThe API Gateway adapter (10 connections, best of 3 alternating 5 s rounds each)');
  console.log(formatLoad('bare node:http, same JSON (baseline)', baseline!));
  console.log(formatLoad('adapter → GET /api/health/live (no I/O)', adapter!));
  console.log(formatLoad('adapter → GET /api/health (probes both)', probes!));
  const ratio = adapter!.requestsPerSecond / baseline!.requestsPerSecond;
  // autocannon reports whole milliseconds: a sub-millisecond baseline counts as 1 ms.
  console.log(
    `ratio (adapter on /api/health/live / baseline): throughput ${ratio.toFixed(3)} (target ≥ ${ADAPTER_RATIO_TARGET}: ${ratio >= ADAPTER_RATIO_TARGET ? 'met' : 'missed'}), p50 latency ${adapter!.p50} ms vs ${baseline!.p50} ms`,
  );
  summarize({
    measure: 'Local adapter on a no-I/O route (GET /api/health/live) vs bare node:http',
    figure: `${adapter!.requestsPerSecond.toFixed(0)} req/s (ratio ${ratio.toFixed(2)})`,
    baseline: `bare node:http ${baseline!.requestsPerSecond.toFixed(0)} req/s`,
    target: `≥ ${ADAPTER_RATIO_TARGET}`,
    met: ratio >= ADAPTER_RATIO_TARGET,
  });
  for (const [name, result] of [['/api/health/live', adapter!], ['/api/health', probes!]] as const) {
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name} answered errors under load`);
  }
}
