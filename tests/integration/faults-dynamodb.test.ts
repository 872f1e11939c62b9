import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '#shared/errors';
import { freePort } from '../../infra/local/ports';
import { ApiClient, uniqueEmail } from '../support/api-client';
import { useIsolatedStack } from '../support/isolated-stack';

// DynamoDB is pointed at a port where nothing listens before the functions first use it.
const stack = useIsolatedStack();

beforeAll(async () => {
  process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${await freePort()}`;
});

describe('when DynamoDB is unavailable', () => {
  it('answers 503 in the error shape, names the table in health, and leaks nothing', async () => {
    const client = new ApiClient(stack().url);
    const signUp = await client.post('/api/auth/sign-up/email', { name: 'Down', email: uniqueEmail(), password: 'password123' });
    expect(signUp.status).toBe(503);
    expect(ErrorBody.parse(signUp.json).error.code).toBe('service_unavailable');
    // The function's own answer, with Retry-After: it gave up on the refused connections by
    // itself, before its timeout (a timed-out function gets the platform's bare 503 without it).
    expect(Number(signUp.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(signUp.text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|dynamodb/i);
    expect(signUp.headers.getSetCookie()).toEqual([]);
    const health = await client.get('/api/health');
    expect(health.status).toBe(503);
    expect(health.json.checks.table.status).toBe('down');
    expect(health.json.checks.bucket.status).toBe('up');
  });
});
