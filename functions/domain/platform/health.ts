import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { HealthResponse } from '#shared/health';
import { tableConfig } from '../../core/config';
import { dynamo } from '../../db/client';
import * as Storage from './storage';

type Check = HealthResponse['checks'][string];

async function timed(probe: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  try {
    await probe();
    return { status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    // Name the failure without echoing AWS identifiers or endpoints.
    const name = (error as { name?: string }).name ?? 'Error';
    return { status: 'down', latencyMs: Math.round(performance.now() - started), error: name };
  }
}

/** Probes every dependency the API needs: a key read on the table, a HEAD on the asset bucket. */
export async function check(): Promise<HealthResponse> {
  const [table, bucket] = await Promise.all([
    timed(() => dynamo().send(new GetCommand({ TableName: tableConfig().TABLE_NAME, Key: { pk: '$health', sk: '$health' } }))),
    timed(() => Storage.checkBucket()),
  ]);
  const checks = { table, bucket };
  const allUp = Object.values(checks).every((c) => c.status === 'up');
  return { status: allUp ? 'ok' : 'degraded', checks };
}
