import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FUNCTIONS } from '../../functions/routes';
import { handleApiRequest } from './adapter';

/** What the health function's handler saw when it was called. */
const seen: { remainingMs?: number } = {};

// The health function's module, loaded as slowly as a cold start on a busy machine: its import
// moves the clock on by a minute before the handler exists.
vi.mock('../../functions/http/health/index.ts', () => {
  vi.setSystemTime(Date.now() + 60_000);
  return {
    handler: (_event: unknown, context: Context) => {
      seen.remainingMs = context.getRemainingTimeInMillis();
      return Promise.resolve({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{"status":"ok"}' });
    },
  };
});

describe('the local API adapter', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    server = createServer((req, res) => void handleApiRequest(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    vi.useRealTimers();
    await new Promise((resolve) => server.close(resolve));
  });

  it("gives a function its whole timeout once it is loaded, as Lambda keeps the init phase out of the invocation's", async () => {
    const response = await fetch(`${url}/api/health/live`);
    expect(response.status).toBe(200);
    // The clock is frozen but for the import's minute: the handler starts with all of its time.
    expect(seen.remainingMs).toBe((FUNCTIONS.health.timeoutSeconds ?? 10) * 1000);
  });
});
