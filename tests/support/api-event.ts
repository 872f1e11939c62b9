import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { matchRoute, routeKey } from '../../functions/routes';

/**
 * An API Gateway v2 event for a route, for tests that must control what the HTTP layer cannot
 * (the caller's source IP, a deployed https origin). Shaped like the local adapter's events.
 */
export function apiEvent(input: {
  method: string;
  path: string;
  body?: unknown;
  cookies?: string[];
  sourceIp?: string;
  origin?: string;
  host?: string;
  proto?: 'http' | 'https';
}): APIGatewayProxyEventV2 {
  const url = new URL(input.path, 'http://local');
  const match = matchRoute(input.method, url.pathname);
  if (!match) throw new Error(`no route for ${input.method} ${input.path}`);
  const host = input.host ?? 'app.example.test';
  const sourceIp = input.sourceIp ?? '203.0.113.10';
  const key = routeKey(match.route);
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(input.cookies ? { cookies: input.cookies } : {}),
    headers: {
      host,
      'x-forwarded-host': host,
      'x-forwarded-proto': input.proto ?? 'https',
      'x-forwarded-for': sourceIp,
      ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(input.origin ? { origin: input.origin } : {}),
    },
    ...(url.search ? { queryStringParameters: Object.fromEntries(url.searchParams) } : {}),
    pathParameters: match.pathParameters,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: host,
      domainPrefix: host.split('.')[0]!,
      http: { method: input.method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp, userAgent: 'vitest' },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
    isBase64Encoded: false,
  };
}

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export async function invoke(handler: LambdaHandler, event: APIGatewayProxyEventV2) {
  const result = await handler(event, {} as Context);
  return { status: result.statusCode ?? 200, json: result.body ? JSON.parse(result.body) : undefined, cookies: result.cookies ?? [] };
}
