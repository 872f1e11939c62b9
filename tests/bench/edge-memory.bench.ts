import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { sharePath } from '#shared/share/link';
import { edgeBuildOptions } from '../../infra/cdk/constructs/edge-code';
import { EDGE_ENTRY, SHARE_FRAME_RENDERER } from '../../infra/cdk/paths';
import { publishGuide } from './share.bench';
import type { BenchStack } from './support';

/**
 * How long the share page's Lambda@Edge takes at each memory size it could have. Lambda gives a
 * function CPU in proportion to its memory (one vCPU at 1,769 MB), so each size is played by the
 * very bundle CDK deploys (the edge handler composed with the web build's frame renderer) in a
 * Node process held to that share of one core by a CFS quota (cgroup cpu controller), answering
 * a published 3-slide guide's page from the bench stack as CloudFront's origin. The origin runs
 * outside the quota: in AWS its time is CloudFront's and the API's, not the edge function's.
 *
 * Printed per size: module load (the cold start's own code), the first answer, and warm answers
 * (median and p90); the baseline is the same process without a quota, in the same run.
 */

/** Lambda's CPU share per MB of memory: one full vCPU at 1,769 MB. */
const MB_PER_VCPU = 1_769;
const MEMORY_SIZES_MB = [128, 256, 512, 1024];
const WARM_REQUESTS = 40;
const ROUNDS = 3;
const CFS_PERIOD_US = 100_000;
/** Lambda@Edge's price per GB-second (us-east-1 list price); requests cost the same at any size. */
const EDGE_PRICE_PER_GB_SECOND = 0.00005001;

interface Measurement {
  loadMs: number;
  firstMs: number;
  warmMs: number[];
}

/** The child: loads the bundle and answers one cold and WARM_REQUESTS warm requests, timing each. */
const CHILD = `
const { performance } = require('node:perf_hooks');
const [bundle, host, uri, count] = process.argv.slice(2);
(async () => {
  const event = () => ({ Records: [{ cf: {
    config: { distributionDomainName: host, distributionId: 'BENCH', eventType: 'origin-request', requestId: 'bench' },
    request: { clientIp: '127.0.0.1', method: 'GET', querystring: '', uri,
      headers: { host: [{ key: 'Host', value: host }], 'cloudfront-forwarded-proto': [{ key: 'CloudFront-Forwarded-Proto', value: 'http' }] } },
  } }] });
  let t = performance.now();
  const { handler } = require(bundle);
  const loadMs = performance.now() - t;
  t = performance.now();
  const first = await handler(event());
  const firstMs = performance.now() - t;
  if (!String(first.body).includes('data-server-frame')) throw new Error('the edge answered without the first frame');
  const warmMs = [];
  for (let i = 0; i < Number(count); i++) {
    t = performance.now();
    await handler(event());
    warmMs.push(performance.now() - t);
  }
  process.stdout.write(JSON.stringify({ loadMs, firstMs, warmMs }));
})().catch((error) => { console.error(error); process.exit(1); });
`;

/** A cgroup holding processes to `quota` of one CPU (v2 cpu.max, or v1 cfs_quota_us). */
function cpuCgroup(name: string, share: number): { procsFile: string; remove: () => void } {
  const quota = Math.round(share * CFS_PERIOD_US);
  if (existsSync('/sys/fs/cgroup/cgroup.controllers')) {
    const dir = path.join('/sys/fs/cgroup', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${CFS_PERIOD_US}`);
    return { procsFile: path.join(dir, 'cgroup.procs'), remove: () => rmdirSync(dir) };
  }
  const dir = path.join('/sys/fs/cgroup/cpu', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(CFS_PERIOD_US));
  writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
  return { procsFile: path.join(dir, 'cgroup.procs'), remove: () => rmdirSync(dir) };
}

/** Runs the child, inside the cgroup when one is given (it joins before Node starts). */
function runChild(dir: string, bundle: string, host: string, uri: string, procsFile?: string): Promise<Measurement> {
  const child = path.join(dir, 'child.cjs');
  const args = [child, bundle, host, uri, String(WARM_REQUESTS)];
  const [command, commandArgs] = procsFile
    ? ['sh', ['-c', `echo $$ > "$0" && exec "$@"`, procsFile, process.execPath, ...args]]
    : [process.execPath, args];
  return new Promise((resolve, reject) => {
    const proc = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    proc.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Measurement) : reject(new Error(`edge child failed (${code}): ${err}`))));
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

export async function benchEdgeMemory(stack: BenchStack): Promise<void> {
  if (!existsSync(SHARE_FRAME_RENDERER)) throw new Error(`${SHARE_FRAME_RENDERER} is missing: npm run build`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stepcast-edge-memory-'));
  const groups: Array<{ memory: number; procsFile: string; remove: () => void }> = [];
  try {
    const bundle = path.join(dir, 'index.js');
    await build({ ...edgeBuildOptions(EDGE_ENTRY, { UPLOAD_ORIGIN: 'https://bench-assets.s3.us-east-1.amazonaws.com' }, { shareFrameRenderer: SHARE_FRAME_RENDERER }), outfile: bundle });
    writeFileSync(path.join(dir, 'child.cjs'), CHILD);
    const guide = await publishGuide(stack.server.url);
    const host = new URL(stack.server.url).host;
    const uri = sharePath(guide);
    try {
      for (const memory of MEMORY_SIZES_MB) groups.push({ memory, ...cpuCgroup(`stepcast-edge-${process.pid}-${memory}`, memory / MB_PER_VCPU) });
    } catch (error) {
      throw new Error(`this bench needs a writable cgroup cpu controller (root, /sys/fs/cgroup): ${String(error)}`, { cause: error });
    }

    // Warm the origin (the local server's first requests), then alternate the sizes round by round.
    await runChild(dir, bundle, host, uri);
    const results = new Map<string, Measurement[]>();
    const variants: Array<{ name: string; procsFile?: string }> = [{ name: 'no quota (baseline)' }, ...groups.map((g) => ({ name: `${g.memory} MB`, procsFile: g.procsFile }))];
    for (let round = 0; round < ROUNDS; round++) {
      for (const variant of variants) {
        const list = results.get(variant.name) ?? [];
        list.push(await runChild(dir, bundle, host, uri, variant.procsFile));
        results.set(variant.name, list);
      }
    }

    console.log(`\nShare page Lambda@Edge at each memory size: CPU quota memory/${MB_PER_VCPU} of one core, ${ROUNDS} alternating rounds of 1 cold + ${WARM_REQUESTS} warm answers, bundle ${(readFileSync(bundle).length / 1000).toFixed(0)} KB`);
    console.log('memory                 CPU share   module load   first answer   warm median   warm p90   $ per 1M warm answers (GB-s only)');
    for (const variant of variants) {
      const runs = results.get(variant.name)!;
      const warm = runs.flatMap((r) => r.warmMs);
      const memory = Number.parseInt(variant.name, 10);
      const share = Number.isNaN(memory) ? '1 core' : `${((memory / MB_PER_VCPU) * 100).toFixed(1)}%`;
      // Lambda bills duration in 1 ms steps.
      const cost = Number.isNaN(memory) ? '' : `$${((Math.ceil(median(warm)) / 1000) * (memory / 1024) * EDGE_PRICE_PER_GB_SECOND * 1e6).toFixed(2)}`;
      console.log(
        `${variant.name.padEnd(22)} ${share.padStart(9)} ${median(runs.map((r) => r.loadMs)).toFixed(0).padStart(10)} ms ${median(runs.map((r) => r.firstMs)).toFixed(0).padStart(11)} ms ${median(warm).toFixed(1).padStart(10)} ms ${percentile(warm, 0.9).toFixed(1).padStart(8)} ms   ${cost}`,
      );
    }
  } finally {
    for (const group of groups) {
      try {
        group.remove();
      } catch {
        // a cgroup still draining its last process: the kernel frees it once empty
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
