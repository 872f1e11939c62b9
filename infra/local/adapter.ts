import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { AppError, errorBody, type ErrorCode } from '#shared/errors';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '#shared/security-headers';
import { FUNCTIONS, matchRoute, routeKey, type FunctionName, type FunctionSpec } from '../../functions/routes';

/**
 * Mounts the Lambda handlers at /api the way API Gateway's HTTP API does: each request becomes a
 * payload v2 event for the function the routes table names, and the handler's result becomes
 * the response. The handlers are the very modules CDK deploys, loaded by entry path.
 */

/** API Gateway HTTP APIs refuse payloads over 10 MB before any function runs. */
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2 | string | object>;

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const loaded = new Map<FunctionName, Promise<LambdaHandler>>();

/** Runs a function elsewhere than in this process: its synthesised bundle (`npm start -- --bundles`). */
export type ApiInvoker = (fn: FunctionName, event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2 | string | object>;
let invoker: ApiInvoker | undefined;

/** From now on, /api requests run through `invoke` (undefined: the source modules again). */
export function setApiInvoker(invoke: ApiInvoker | undefined): void {
  invoker = invoke;
}

function loadHandler(fn: FunctionName): Promise<LambdaHandler> {
  if (invoker) {
    const invoke = invoker;
    return Promise.resolve((event, context) => invoke(fn, event, context));
  }
  let handler = loaded.get(fn);
  if (!handler) {
    const entry = pathToFileURL(path.join(REPO_ROOT, FUNCTIONS[fn].entry)).href;
    handler = import(entry).then((module: { handler: LambdaHandler }) => module.handler);
    loaded.set(fn, handler);
  }
  return handler;
}

const TEXT_CONTENT_TYPE = /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript)|[^;]*\+json)/i;

function sendError(res: ServerResponse, code: ErrorCode, message: string): void {
  const error = new AppError(code, message);
  res.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
  res.end(JSON.stringify(errorBody(error)));
}

const NO_BODY = Buffer.alloc(0);

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  // A request with neither header has no body (RFC 9112 §6.3): most GETs skip the stream read.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return NO_BODY;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_PAYLOAD_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** What an API Gateway v2 event is made of, whoever made the request (the local server, a test). */
export interface ApiEventInput {
  method: string;
  url: URL;
  match: NonNullable<ReturnType<typeof matchRoute>>;
  /** lower-case names, without `cookie` (API Gateway moves cookies to `cookies`) */
  headers: Record<string, string>;
  cookies?: string[] | undefined;
  /** the caller's address, as API Gateway reports it: never X-Forwarded-For */
  sourceIp: string;
  protocol: string;
  body: Buffer;
}

/** The API Gateway v2 (HTTP API, payload 2.0) event of a request to a route. */
export function apiGatewayEvent({ method, url, match, headers, cookies, sourceIp, protocol, body }: ApiEventInput): APIGatewayProxyEventV2 {
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = key in query ? `${query[key]},${value}` : value;
  const pathParameters: Record<string, string> = {};
  for (const [key, value] of Object.entries(match.pathParameters)) pathParameters[key] = safeDecode(value);
  const isText = body.length === 0 || TEXT_CONTENT_TYPE.test(headers['content-type'] ?? '');
  const now = new Date();
  const key = routeKey(match.route);
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies && cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length > 0 ? { pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers['host'] ?? 'localhost',
      domainPrefix: (headers['host'] ?? 'localhost').split('.')[0] ?? 'localhost',
      http: { method, path: url.pathname, protocol, sourceIp, userAgent: headers['user-agent'] ?? '' },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length > 0 ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

export function buildEvent(req: IncomingMessage, body: Buffer, match: NonNullable<ReturnType<typeof matchRoute>>): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // API Gateway adds these; the viewer's own X-Forwarded-* values are not trusted.
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  headers['x-forwarded-for'] = sourceIp;
  headers['x-forwarded-proto'] = 'http';
  headers['x-forwarded-port'] = String(req.socket.localPort ?? 80);
  // CloudFront's viewer-request function on /api/* copies the viewer's Host here, replacing
  // anything the viewer sent; the API origin itself sees its own host.
  headers['x-forwarded-host'] = req.headers.host ?? 'localhost';
  // CloudFront's origin custom header and its viewer address, replacing anything the viewer sent.
  delete headers[ORIGIN_VERIFY_HEADER];
  const originVerify = process.env.ORIGIN_VERIFY_SECRET;
  if (originVerify) headers[ORIGIN_VERIFY_HEADER] = originVerify;
  headers[VIEWER_ADDRESS_HEADER.toLowerCase()] = `${sourceIp}:${req.socket.remotePort ?? 0}`;
  return apiGatewayEvent({
    method: req.method ?? 'GET',
    url: new URL(req.url ?? '/', 'http://local'),
    match,
    headers,
    cookies: req.headers.cookie?.split(';').map((c) => c.trim()).filter(Boolean),
    sourceIp,
    protocol: `HTTP/${req.httpVersion}`,
    body,
  });
}

function lambdaContext(fn: FunctionName, requestId: string, deadline: number): Context {
  const notSupported = () => {
    throw new Error('Callback-style completion is not used by Stepcast handlers');
  };
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `stepcast-local-${fn}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:stepcast-local-${fn}`,
    memoryLimitInMB: String((FUNCTIONS[fn] as FunctionSpec).memoryMb ?? 512),
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/stepcast-local-${fn}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: notSupported,
    fail: notSupported,
    succeed: notSupported,
  };
}

function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2 | string | object): void {
  // API Gateway infers a 200 JSON answer from a result that is not a structured response.
  if (typeof result === 'string' || !('statusCode' in result)) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(typeof result === 'string' ? result : JSON.stringify(result));
    return;
  }
  const structured = result;
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(structured.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (structured.cookies && structured.cookies.length > 0) headers['set-cookie'] = structured.cookies;
  const body = structured.body ? Buffer.from(structured.body, structured.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  headers['content-length'] = String(body.length);
  res.writeHead(structured.statusCode ?? 200, headers);
  res.end(body);
}

/** Answers one /api request through the function the routes table names. */
export async function handleApiRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBody(req);
  if (!body) {
    sendError(res, 'payload_too_large', `The request body is larger than ${MAX_PAYLOAD_BYTES} bytes.`);
    return;
  }
  const url = new URL(req.url ?? '/', 'http://local');
  const match = matchRoute(req.method ?? 'GET', url.pathname);
  if (!match) {
    sendError(res, 'not_found', 'No such API route.');
    return;
  }
  const fn = match.route.fn;
  const event = buildEvent(req, body, match);
  const timeoutMs = ((FUNCTIONS[fn] as FunctionSpec).timeoutSeconds ?? 10) * 1000;
  // As in Lambda, loading the function (its init phase, a cold start) is not part of the
  // invocation's timeout: the clock starts when the handler is called. Counting a cold import
  // (seconds under load) against it timed out a test file's first request.
  const handler = await loadHandler(fn);
  const deadline = Date.now() + timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      handler(event, lambdaContext(fn, event.requestContext.requestId, deadline)),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    writeResult(res, result);
  } catch {
    // A crashed or timed-out function: API Gateway answers 500/503 without a body of ours.
    sendError(res, 'service_unavailable', 'The service is temporarily unavailable. Please try again shortly.');
  } finally {
    clearTimeout(timer);
  }
}
