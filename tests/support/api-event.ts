import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { matchRoute } from '../../functions/routes';
import { apiGatewayEvent } from '../../infra/local/adapter';

/**
 * An API Gateway v2 event for a route, for tests that must control what the HTTP layer cannot
 * (the caller's source IP, a deployed https origin). Made as the local adapter makes its events.
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
  /** the x-origin-verify value; default what the local CloudFront sends (ORIGIN_VERIFY_SECRET); false for none */
  originVerify?: string | false;
  /** CloudFront-Viewer-Address (`ip:port`); default the source IP */
  viewerAddress?: string;
}): APIGatewayProxyEventV2 {
  const url = new URL(input.path, 'http://local');
  const match = matchRoute(input.method, url.pathname);
  if (!match) throw new Error(`no route for ${input.method} ${input.path}`);
  const host = input.host ?? 'app.example.test';
  const sourceIp = input.sourceIp ?? '203.0.113.10';
  const originVerify = input.originVerify === false ? undefined : (input.originVerify ?? process.env.ORIGIN_VERIFY_SECRET);
  return apiGatewayEvent({
    method: input.method,
    url,
    match,
    headers: {
      host,
      'x-forwarded-host': host,
      'x-forwarded-proto': input.proto ?? 'https',
      'x-forwarded-for': sourceIp,
      'user-agent': 'vitest',
      ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(input.origin ? { origin: input.origin } : {}),
      ...(originVerify ? { 'x-origin-verify': originVerify } : {}),
      'cloudfront-viewer-address': input.viewerAddress ?? `${sourceIp}:443`,
    },
    cookies: input.cookies,
    sourceIp,
    protocol: 'HTTP/1.1',
    body: input.body !== undefined ? Buffer.from(JSON.stringify(input.body)) : Buffer.alloc(0),
  });
}

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export async function invoke(handler: LambdaHandler, event: APIGatewayProxyEventV2) {
  const result = await handler(event, {} as Context);
  return { status: result.statusCode ?? 200, json: result.body ? JSON.parse(result.body) : undefined, cookies: result.cookies ?? [] };
}
