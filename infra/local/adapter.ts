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
/** Each source module's handler: its import while it loads, then the handler itself, so a warm request calls it without an await. */
const loaded = new Map<FunctionName, LambdaHandler | Promise<LambdaHandler>>();

/** Runs a function elsewhere than in this process: its synthesised bundle (`npm start -- --bundles`). */
export type ApiInvoker = (fn: FunctionName, event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2 | string | object>;
let invoker: ApiInvoker | undefined;

/** From now on, /api requests run through `invoke` (undefined: the source modules again). */
export function setApiInvoker(invoke: ApiInvoker | undefined): void {
  invoker = invoke;
}

function loadHandler(fn: FunctionName): LambdaHandler | Promise<LambdaHandler> {
  if (invoker) {
    const invoke = invoker;
    return (event, context) => invoke(fn, event, context);
  }
  const known = loaded.get(fn);
  if (known) return known;
  const entry = pathToFileURL(path.join(REPO_ROOT, FUNCTIONS[fn].entry)).href;
  const importing = import(entry).then((module: { handler: LambdaHandler }) => {
    loaded.set(fn, module.handler);
    return module.handler;
  });
  loaded.set(fn, importing);
  return importing;
}

const TEXT_CONTENT_TYPE = /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript)|[^;]*\+json)/i;

function sendError(res: ServerResponse, code: ErrorCode, message: string): void {
  const error = new AppError(code, message);
  res.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
  res.end(JSON.stringify(errorBody(error)));
}

const NO_BODY = Buffer.alloc(0);

/** A request with neither header has no body (RFC 9112 §6.3): most GETs skip the stream read. */
function declaresBody(req: IncomingMessage): boolean {
  return req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
}

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
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

// The last request time as API Gateway's `time`: requests in the same millisecond share it.
let lastTime = { epoch: 0, text: new Date(0).toISOString() };

function requestTime(epoch: number): string {
  if (lastTime.epoch !== epoch) lastTime = { epoch, text: new Date(epoch).toISOString() };
  return lastTime.text;
}

/** The API Gateway v2 (HTTP API, payload 2.0) event of a request to a route. */
export function apiGatewayEvent({ method, url, match, headers, cookies, sourceIp, protocol, body }: ApiEventInput): APIGatewayProxyEventV2 {
  const key = routeKey(match.route);
  const host = headers['host'] ?? 'localhost';
  const now = Date.now();
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: host,
      domainPrefix: host.split('.')[0] ?? 'localhost',
      http: { method, path: url.pathname, protocol, sourceIp, userAgent: headers['user-agent'] ?? '' },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: requestTime(now),
      timeEpoch: now,
    },
    isBase64Encoded: false,
  };
  // Absent rather than empty, as API Gateway sends them.
  if (cookies && cookies.length > 0) event.cookies = cookies;
  if (url.search.length > 1) {
    let query: Record<string, string> | undefined;
    for (const [name, value] of url.searchParams) {
      query ??= {};
      query[name] = name in query ? `${query[name]},${value}` : value;
    }
    if (query) event.queryStringParameters = query;
  }
  let pathParameters: Record<string, string> | undefined;
  for (const name in match.pathParameters) {
    pathParameters ??= {};
    pathParameters[name] = safeDecode(match.pathParameters[name]!);
  }
  if (pathParameters) event.pathParameters = pathParameters;
  if (body.length > 0) {
    const isText = TEXT_CONTENT_TYPE.test(headers['content-type'] ?? '');
    event.body = isText ? body.toString('utf8') : body.toString('base64');
    event.isBase64Encoded = !isText;
  }
  return event;
}

export function buildEvent(
  req: IncomingMessage,
  body: Buffer,
  match: NonNullable<ReturnType<typeof matchRoute>>,
  url: URL = new URL(req.url ?? '/', 'http://local'),
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const name in req.headers) {
    const value = req.headers[name];
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
    url,
    match,
    headers,
    cookies: req.headers.cookie?.split(';').map((c) => c.trim()).filter(Boolean),
    sourceIp,
    protocol: `HTTP/${req.httpVersion}`,
    body,
  });
}

function callbackStyleCompletion(): never {
  throw new Error('Callback-style completion is not used by Stepcast handlers');
}

/** The Lambda context of one invocation (its methods on the prototype: nothing is made per request but the object). */
class LocalContext implements Context {
  readonly callbackWaitsForEmptyEventLoop = false;
  readonly functionName: string;
  readonly functionVersion = '$LATEST';
  readonly invokedFunctionArn: string;
  readonly memoryLimitInMB: string;
  readonly logGroupName: string;
  readonly logStreamName = 'local';

  constructor(
    fn: FunctionName,
    readonly awsRequestId: string,
    private readonly deadline: number,
  ) {
    this.functionName = `stepcast-local-${fn}`;
    this.invokedFunctionArn = `arn:aws:lambda:local:000000000000:function:${this.functionName}`;
    this.memoryLimitInMB = String((FUNCTIONS[fn] as FunctionSpec).memoryMb ?? 512);
    this.logGroupName = `/aws/lambda/${this.functionName}`;
  }

  getRemainingTimeInMillis(): number {
    return Math.max(0, this.deadline - Date.now());
  }

  done = callbackStyleCompletion;
  fail = callbackStyleCompletion;
  succeed = callbackStyleCompletion;
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
  for (const name in structured.headers) headers[name.toLowerCase()] = String(structured.headers[name]);
  if (structured.cookies && structured.cookies.length > 0) headers['set-cookie'] = structured.cookies;
  // A text body goes out as it is (its UTF-8 length counted, not copied); only base64 is decoded.
  const body = structured.isBase64Encoded && structured.body ? Buffer.from(structured.body, 'base64') : (structured.body ?? '');
  headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.length);
  res.writeHead(structured.statusCode ?? 200, headers);
  res.end(body);
}

/** Answers one /api request through the function the routes table names. */
export async function handleApiRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = declaresBody(req) ? await readBody(req) : NO_BODY;
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
  const event = buildEvent(req, body, match, url);
  const timeoutMs = ((FUNCTIONS[fn] as FunctionSpec).timeoutSeconds ?? 10) * 1000;
  // As in Lambda, loading the function (its init phase, a cold start) is not part of the
  // invocation's timeout: the clock starts when the handler is called. Counting a cold import
  // (seconds under load) against it timed out a test file's first request.
  const loading = loadHandler(fn);
  const handler = typeof loading === 'function' ? loading : await loading;
  const deadline = Date.now() + timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      handler(event, new LocalContext(fn, event.requestContext.requestId, deadline)),
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
