import { DeleteBucketCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { HealthResponse, LivenessResponse } from '#shared/health';
import { localS3Client } from '../../infra/local/emulators';
import { countDynamoRequests } from '../support/dynamo-counter';
import { useIsolatedStack } from '../support/isolated-stack';

const stack = useIsolatedStack();

describe('GET /api/health', () => {
  it('answers 200 with every dependency up when the table and bucket exist', async () => {
    const response = await fetch(`${stack().url}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = HealthResponse.parse(await response.json());
    expect(body.status).toBe('ok');
    expect(body.checks.table?.status).toBe('up');
    expect(body.checks.bucket?.status).toBe('up');
  });

  it('answers 503 naming the bucket when the asset bucket is gone', async () => {
    const s3 = localS3Client(stack().s3Endpoint);
    await s3.send(new DeleteBucketCommand({ Bucket: stack().bucketName }));
    const response = await fetch(`${stack().url}/api/health`);
    expect(response.status).toBe(503);
    const body = HealthResponse.parse(await response.json());
    expect(body.status).toBe('degraded');
    expect(body.checks.bucket?.status).toBe('down');
    expect(body.checks.table?.status).toBe('up');
  });
});

describe('GET /api/health/live', () => {
  it('answers 200 without touching DynamoDB or S3, even with the bucket gone', async () => {
    const s3 = localS3Client(stack().s3Endpoint);
    await s3.send(new DeleteBucketCommand({ Bucket: stack().bucketName })).catch(() => undefined);
    const counter = countDynamoRequests();
    counter.reset();
    const response = await fetch(`${stack().url}/api/health/live`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(LivenessResponse.parse(await response.json())).toEqual({ status: 'ok' });
    expect(counter.total()).toBe(0);
    // The counter does see the functions' requests: the full health check reads the table.
    await fetch(`${stack().url}/api/health`);
    expect(counter.total()).toBeGreaterThan(0);
  });
});
