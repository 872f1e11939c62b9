import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { AppError, ErrorBody } from '#shared/errors';
import { DEFAULT_BODY_LIMIT_BYTES, MAX_JSON_DEPTH, Reply, defineHandler, toAppError } from './http';
import { logger } from './logger';

// A route defined the way every handler is, to exercise the shared middleware stack.
const echo = defineHandler(
  {
    params: z.object({ id: z.string().length(12) }),
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }),
    body: z.object({ title: z.string().min(1).max(200) }),
  },
  async ({ params, query, body }) => new Reply(201, { id: params.id, limit: query.limit ?? null, title: body.title }),
);

function event(overrides: Partial<APIGatewayProxyEventV2> & { method?: string } = {}): APIGatewayProxyEventV2 {
  const { method = 'POST', ...rest } = overrides;
  return {
    version: '2.0',
    routeKey: `${method} /api/things/{id}`,
    rawPath: '/api/things/abcdefghijkl',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    pathParameters: { id: 'abcdefghijkl' },
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path: '/api/things/abcdefghijkl', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: 'req-1',
      routeKey: `${method} /api/things/{id}`,
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
    body: JSON.stringify({ title: 'Hello' }),
    isBase64Encoded: false,
    ...rest,
  };
}

const context = {} as Context;

async function call(e: APIGatewayProxyEventV2) {
  const result = await echo(e, context);
  return { status: result.statusCode, headers: result.headers ?? {}, body: result.body ? JSON.parse(result.body) : undefined };
}

function nested(depth: number): string {
  return '{"title":"x","n":' + '['.repeat(depth) + ']'.repeat(depth) + '}';
}

describe('the HTTP core', () => {
  it('passes parsed path, query and body to the handler and shapes its reply', async () => {
    const result = await call(event({ queryStringParameters: { limit: '5' } }));
    expect(result.status).toBe(201);
    expect(result.body).toEqual({ id: 'abcdefghijkl', limit: 5, title: 'Hello' });
    expect(result.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(result.headers['x-content-type-options']).toBe('nosniff');
    expect(result.headers['cache-control']).toBe('no-store');
    expect(result.headers['x-request-id']).toBe('req-1');
  });

  const badRequests: Array<{ name: string; event: APIGatewayProxyEventV2; status: number; code: string }> = [
    { name: 'malformed JSON', event: event({ body: '{"title": ' }), status: 400, code: 'invalid_json' },
    { name: 'a __proto__ key', event: event({ body: '{"title":"x","__proto__":{"admin":true}}' }), status: 400, code: 'invalid_json' },
    { name: 'a constructor.prototype key', event: event({ body: '{"title":"x","constructor":{"prototype":{"admin":true}}}' }), status: 400, code: 'invalid_json' },
    { name: `JSON nested deeper than ${MAX_JSON_DEPTH}`, event: event({ body: nested(MAX_JSON_DEPTH + 5) }), status: 400, code: 'invalid_json' },
    { name: 'a text/plain body', event: event({ headers: { 'content-type': 'text/plain' } }), status: 415, code: 'unsupported_media_type' },
    { name: 'a body with no content type', event: event({ headers: {} }), status: 415, code: 'unsupported_media_type' },
    {
      name: 'a body over the 1 MB default limit',
      event: event({ body: JSON.stringify({ title: 'x'.repeat(DEFAULT_BODY_LIMIT_BYTES) }) }),
      status: 413,
      code: 'payload_too_large',
    },
    { name: 'a body that fails the schema', event: event({ body: '{"title":""}' }), status: 422, code: 'validation_failed' },
    { name: 'a missing body', event: event({ body: undefined }), status: 422, code: 'validation_failed' },
    { name: 'a bad path parameter', event: event({ pathParameters: { id: 'short' } }), status: 422, code: 'validation_failed' },
    { name: 'a bad query parameter', event: event({ queryStringParameters: { limit: 'lots' } }), status: 422, code: 'validation_failed' },
  ];

  it.each(badRequests)('refuses $name with $status $code in the one error shape', async ({ event: e, status, code }) => {
    const result = await call(e);
    expect(result.status).toBe(status);
    const body = ErrorBody.parse(result.body);
    expect(body.error.code).toBe(code);
    expect(body.error.message.length).toBeGreaterThan(0);
    expect(result.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('names the failing fields of a validation error', async () => {
    const result = await call(event({ body: '{"title":""}' }));
    expect(ErrorBody.parse(result.body).error.details).toHaveProperty('title');
  });

  it('decodes a base64 body as API Gateway sends binary payloads', async () => {
    const result = await call(event({ body: Buffer.from('{"title":"Base"}').toString('base64'), isBase64Encoded: true }));
    expect(result.status).toBe(201);
    expect(result.body.title).toBe('Base');
  });

  it('turns an unexpected failure into a generic 500 without internals', async () => {
    const crashing = defineHandler({}, async () => {
      throw new Error('secret internal detail arn:aws:dynamodb:eu-west-1:123456789012:table/x');
    });
    const result = await crashing(event({ method: 'GET', body: undefined }), context);
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('secret');
    expect(result.body).not.toContain('arn:aws');
    expect(ErrorBody.parse(JSON.parse(result.body!)).error.code).toBe('internal');
  });

  it('passes an AppError through with its own status', async () => {
    const missing = defineHandler({}, async () => {
      throw new AppError('not_found', 'Guide not found.');
    });
    const result = await missing(event({ method: 'GET', body: undefined }), context);
    expect(result.statusCode).toBe(404);
    expect(JSON.parse(result.body!)).toEqual({ error: { code: 'not_found', message: 'Guide not found.' } });
  });

  it.each([
    ['ProvisionedThroughputExceededException', 'service_unavailable'],
    ['ThrottlingException', 'service_unavailable'],
    ['ConditionalCheckFailedException', 'conflict'],
    ['TransactionCanceledException', 'conflict'],
  ])('maps the AWS error %s to %s', (name, code) => {
    const error = Object.assign(new Error('x'), { name });
    expect(toAppError(error).code).toBe(code);
  });

  it('maps a refused connection to 503 service_unavailable', () => {
    expect(toAppError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })).status).toBe(503);
  });
});

describe('errors wrapped by ElectroDB', () => {
  it('reads the SDK error from the cause', () => {
    const wrapped = Object.assign(new Error('wrapped'), { name: 'ElectroError', code: 4001, cause: Object.assign(new Error('x'), { name: 'ConditionalCheckFailedException' }) });
    expect(toAppError(wrapped).code).toBe('conflict');
    const network = Object.assign(new Error('wrapped'), { name: 'ElectroError', code: 4001, cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });
    expect(toAppError(network).code).toBe('service_unavailable');
  });
});

describe('answers that set cookies', () => {
  it('are never cacheable, even when the route asks for public caching', async () => {
    const handler = defineHandler({}, async () => new Reply(200, { ok: true }, { 'cache-control': 'public, max-age=60' }, ['stepcast.session=x; Path=/']));
    const result = await handler(event({ method: 'GET', body: undefined }), context);
    expect(result.headers?.['cache-control']).toBe('private, no-store');
  });
});

describe("a request's log line", () => {
  afterEach(() => vi.restoreAllMocks());

  function withId(requestId: string): APIGatewayProxyEventV2 {
    const e = event({ method: 'GET', body: undefined });
    return { ...e, requestContext: { ...e.requestContext, requestId } };
  }

  it('times each request from its own start, even while another request is in flight', async () => {
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const route = defineHandler({}, async ({ requestId }) => {
      if (requestId === 'slow') await gate;
      return { ok: true };
    });
    clock = 100;
    const slow = route(withId('slow'), context);
    clock = 200;
    await route(withId('quick'), context);
    clock = 350;
    release();
    await slow;
    expect(info.mock.calls.map(([message, entry]) => [message, (entry as { durationMs: number }).durationMs])).toEqual([
      ['request', 0],
      ['request', 250],
    ]);
  });

  it('states the method, path, route and status, at error level for a 500', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const crashing = defineHandler({}, async () => {
      throw new Error('boom');
    });
    await crashing(withId('req-9'), context);
    const line = error.mock.calls.find(([message]) => message === 'request');
    expect(line?.[1]).toMatchObject({ method: 'GET', path: '/api/things/abcdefghijkl', route: 'GET /api/things/{id}', status: 500 });
  });
});
