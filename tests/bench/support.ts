import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { DEV_EXTENSION_ID } from '#shared/extension';
import { SHARE_FRAME_RENDERER_FILE, SHARE_SHELL_PATHS } from '#shared/share/frame';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBucket, ensureTable, localDynamoClient, localS3Client, startDynamo, startS3 } from '../../infra/local/emulators';
import { freePort } from '../../infra/local/ports';
import { db } from '../../functions/db/service';
import { ApiClient, signUp } from '../support/api-client';
import { startAppServer, type AppServer } from '../../infra/local/server';

export interface BenchStack {
  server: AppServer;
  dynamoEndpoint: string;
  s3Endpoint: string;
  tableName: string;
  bucketName: string;
  /** the SPA build the server answers from: a copy of web/dist that a benchmark may add pages to */
  webRoot: string;
  stop(): Promise<void>;
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** The web build as `npm run build` makes it (with the share shells and the frame renderer), made when missing. */
function ensureWebBuild(): void {
  const built = [path.join('web/dist', SHARE_SHELL_PATHS.player), SHARE_FRAME_RENDERER_FILE].every((file) => existsSync(path.join(REPO_ROOT, file)));
  if (built) return;
  console.log('The web build is missing: npm run build…');
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

/** One in-memory DynamoDB Local, one s3rver and the local server, for a benchmark run. */
export async function startBenchStack(): Promise<BenchStack> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stepcast-bench-'));
  ensureWebBuild();
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'stepcast-bench-web-'));
  cpSync(path.join(REPO_ROOT, 'web/dist'), webRoot, { recursive: true });
  const dynamo = await startDynamo({ port: await freePort() });
  const s3 = await startS3({ port: await freePort(), dataDir: dir });
  const tableName = 'bench';
  const bucketName = 'bench-assets';
  const dynamoClient = localDynamoClient(dynamo.endpoint);
  const s3Client = localS3Client(s3.endpoint);
  await ensureTable(dynamoClient, tableName);
  await ensureBucket(s3Client, bucketName);
  Object.assign(process.env, {
    STAGE: 'bench',
    TABLE_NAME: tableName,
    BUCKET_NAME: bucketName,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    S3_ENDPOINT: s3.endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    POWERTOOLS_LOG_LEVEL: 'SILENT',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    RATE_LIMIT_IP_MAX: '100000',
    // The events bench sends every viewer from 127.0.0.1, and thousands of them to one guide.
    ANALYTICS_SOURCE_MAX: '100000000',
    ANALYTICS_GUIDE_MAX: '100000000',
    EXTENSION_IDS: DEV_EXTENSION_ID,
  });
  const server = await startAppServer({ port: 0, webRoot, s3: s3Client, bucket: bucketName });
  return {
    server,
    dynamoEndpoint: dynamo.endpoint,
    s3Endpoint: s3.endpoint,
    tableName,
    bucketName,
    webRoot,
    stop: async () => {
      await server.close();
      dynamoClient.destroy();
      s3Client.destroy();
      await s3.stop();
      await dynamo.stop();
      rmSync(dir, { recursive: true, force: true });
      rmSync(webRoot, { recursive: true, force: true });
    },
  };
}

export interface LoadResult {
  requestsPerSecond: number;
  /** mean latency, ms (autocannon's percentiles are whole milliseconds) */
  mean: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** requests answered in the whole load */
  total: number;
  /** the server process's CPU time per request (user + system, µs), when the variant can tell it */
  cpuMicrosPerRequest?: number;
}

/** A fixed-duration load with autocannon; latencies in milliseconds. */
export async function load(url: string, options: { connections?: number; durationSeconds?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 10,
    duration: options.durationSeconds ?? 5,
    ...(options.headers ? { headers: options.headers } : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    mean: result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}

export function formatLoad(name: string, r: LoadResult): string {
  const cpu = r.cpuMicrosPerRequest === undefined ? '' : `   server CPU ${r.cpuMicrosPerRequest.toFixed(1)} µs/req`;
  return `${name.padEnd(40)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s   mean ${r.mean.toFixed(2).padStart(6)} ms   p50 ${r.p50.toFixed(0).padStart(4)} ms   p99 ${r.p99.toFixed(0).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}${cpu}`;
}

/**
 * Measures several variants against each other fairly: after a warm-up, the variants run in
 * alternating rounds (A B A B …), and each keeps its best round by mean latency, so neither
 * gains from running later (warm JIT, warm caches) or suffers a neighbour's noise.
 */
export async function compareLoads(
  variants: Array<{ name: string; url: string; headers?: Record<string, string>; cpuMicros?: () => Promise<number> }>,
  options: { rounds?: number; durationSeconds?: number; connections?: number } = {},
): Promise<LoadResult[]> {
  const rounds = options.rounds ?? 2;
  for (const v of variants) await load(v.url, { durationSeconds: 1, connections: options.connections ?? 1, ...(v.headers ? { headers: v.headers } : {}) });
  const best: Array<LoadResult | undefined> = variants.map(() => undefined);
  for (let round = 0; round < rounds; round++) {
    for (const [i, v] of variants.entries()) {
      const cpuBefore = await v.cpuMicros?.();
      const result = await load(v.url, {
        durationSeconds: options.durationSeconds ?? 3,
        connections: options.connections ?? 1,
        ...(v.headers ? { headers: v.headers } : {}),
      });
      if (v.cpuMicros && cpuBefore !== undefined) result.cpuMicrosPerRequest = ((await v.cpuMicros()) - cpuBefore) / Math.max(1, result.total);
      if (!best[i] || result.mean < best[i].mean) best[i] = result;
    }
  }
  return best as LoadResult[];
}

/**
 * A signed-in author whose address counts as verified, as if its link were followed: the bench
 * has no mail catcher, and an unverified author cannot publish (security.md).
 */
export async function verifiedAuthor(baseUrl: string): Promise<{ client: ApiClient; userId: string }> {
  const client = new ApiClient(baseUrl);
  const { user } = await signUp(client);
  await db().entities.user.patch({ userId: user.id }).set({ emailVerified: true }).go();
  return { client, userId: user.id };
}

/** One line of `npm run bench -- --summary`'s table: a figure, its same-run baseline and its target. */
export interface SummaryRow {
  measure: string;
  figure: string;
  baseline: string;
  target: string;
  /** whether the figure meets the target; undefined when the target is a reference only */
  met?: boolean | undefined;
}

const summaryRows: SummaryRow[] = [];

/** Records a benchmark's headline figure for the summary table (each bench still prints its own detail). */
export function summarize(row: SummaryRow): void {
  summaryRows.push(row);
}

export function summary(): readonly SummaryRow[] {
  return summaryRows;
}
