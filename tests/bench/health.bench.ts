import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { compareLoads, formatLoad, summarize, type BenchStack } from './support';
import type { HealthServerMessage } from './health-server';

/** The adapter's own cost: its throughput on a route without I/O, at least half a bare server's. */
const ADAPTER_RATIO_TARGET = 0.5;

interface ServerProcess {
  url: string;
  /** the process's CPU time so far (user + system), µs */
  cpuMicros: () => Promise<number>;
  stop: () => Promise<void>;
}

/** Starts one of health-server.ts's servers in a child process of its own, run as this one is (tsx). */
async function startServerProcess(kind: 'bare' | 'adapter', arg: string): Promise<ServerProcess> {
  // The child states its own site origin (its own port), as the bench stack's server did.
  const { APP_ORIGIN: _ownOrigin, ...env } = process.env;
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'health-server.ts'), [kind, arg], { env, execArgv: ['--import', 'tsx'] });
  // Each request to the child is answered by the next message carrying its key.
  const waiting: Array<{ key: string; resolve: (message: HealthServerMessage) => void; reject: (error: Error) => void }> = [];
  child.on('message', (message: HealthServerMessage) => {
    const i = waiting.findIndex((w) => w.key in message);
    if (i >= 0) waiting.splice(i, 1)[0]!.resolve(message);
  });
  child.once('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`health-server ${kind} exited (${code})`));
  });
  const next = <K extends 'url' | 'cpuMicros'>(key: K) =>
    new Promise<HealthServerMessage>((resolve, reject) => waiting.push({ key, resolve, reject })) as Promise<Extract<HealthServerMessage, Record<K, unknown>>>;
  const { url } = await next('url');
  return {
    url,
    cpuMicros: async () => {
      const reply = next('cpuMicros');
      child.send('cpu');
      return (await reply).cpuMicros;
    },
    stop: async () => {
      const exited = once(child, 'exit');
      child.send('stop');
      await exited;
    },
  };
}

/**
 * The local API Gateway adapter's own cost: GET /api/health/live (a route that touches no
 * dependency) through the adapter (API Gateway v2 event → the function's Lambda entry and middy
 * stack → response) against a bare node:http server answering the same JSON, in alternating
 * rounds of the same run. Each server runs alone in a child process started the same way (node
 * with tsx), and autocannon in this one, so neither server shares its thread with the load
 * generator; each line also states the server process's CPU time per request. GET /api/health,
 * which probes DynamoDB Local and s3rver on every call, is printed beside them for reference.
 */
export async function benchHealth(stack: BenchStack): Promise<void> {
  const sample = await (await fetch(`${stack.server.url}/api/health/live`)).text();
  const bare = await startServerProcess('bare', sample);
  const adapterServer = await startServerProcess('adapter', stack.webRoot);
  let results;
  try {
    results = await compareLoads(
      [
        { name: 'bare', url: `${bare.url}/`, cpuMicros: bare.cpuMicros },
        { name: 'live', url: `${adapterServer.url}/api/health/live`, cpuMicros: adapterServer.cpuMicros },
        { name: 'health', url: `${adapterServer.url}/api/health`, cpuMicros: adapterServer.cpuMicros },
      ],
      { rounds: 3, durationSeconds: 5, connections: 10 },
    );
  } finally {
    await Promise.all([bare.stop(), adapterServer.stop()]);
  }
  const [baseline, adapter, probes] = results;

  console.log('\nThe API Gateway adapter (each server in its own process; 10 connections, best of 3 alternating 5 s rounds each)');
  console.log(formatLoad('bare node:http, same JSON (baseline)', baseline!));
  console.log(formatLoad('adapter → GET /api/health/live (no I/O)', adapter!));
  console.log(formatLoad('adapter → GET /api/health (probes both)', probes!));
  const ratio = adapter!.requestsPerSecond / baseline!.requestsPerSecond;
  // autocannon reports whole milliseconds: a sub-millisecond baseline counts as 1 ms.
  console.log(
    `ratio (adapter on /api/health/live / baseline): throughput ${ratio.toFixed(3)} (target ≥ ${ADAPTER_RATIO_TARGET}: ${ratio >= ADAPTER_RATIO_TARGET ? 'met' : 'missed'}), p50 latency ${adapter!.p50} ms vs ${baseline!.p50} ms, server CPU ${adapter!.cpuMicrosPerRequest?.toFixed(1)} vs ${baseline!.cpuMicrosPerRequest?.toFixed(1)} µs/req`,
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
