import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import sjson from 'secure-json-parse';
import type * as z from 'zod';
import { AppError, GENERIC_ERROR_MESSAGE, errorBody, zodIssuesToDetails } from '#shared/errors';
import { API_CONTENT_SECURITY_POLICY, COMMON_SECURITY_HEADERS } from '#shared/security-headers';
import type { ApiEvent } from './api-event';
import { logger } from './logger';
import { assertTrustedOrigin } from './origin';

export type { ApiEvent } from './api-event';
export type ApiResult = APIGatewayProxyStructuredResultV2;
export type ApiHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

/** @default 1 MB: a route that needs more says so in its spec */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
/** JSON deeper than this is refused before any code walks it */
export const MAX_JSON_DEPTH = 32;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** An explicit reply: a status other than 200, headers or cookies. */
export class Reply {
  constructor(
    readonly statusCode: number,
    readonly body?: unknown,
    readonly headers: Record<string, string> = {},
    readonly cookies: string[] = [],
  ) {}
}

export interface HandlerSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  params?: P;
  query?: Q;
  body?: B;
  /** @default DEFAULT_BODY_LIMIT_BYTES */
  bodyLimitBytes?: number;
  /** keep the body as text and skip JSON parsing (signed webhooks verify the raw bytes) */
  rawBody?: boolean;
  /**
   * @default true: state-changing requests must come from a trusted origin. Only routes that
   * never read the session cookie (signed webhooks) turn this off.
   */
  originCheck?: boolean;
}

/** Cookies a helper (the session check's refresh, for one) asks to set on this request's reply. */
const pendingCookies = new WeakMap<ApiEvent, string[]>();

export function addResponseCookie(event: ApiEvent, cookie: string): void {
  pendingCookies.set(event, [...(pendingCookies.get(event) ?? []), cookie]);
}

export interface HandlerInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  rawBody: string;
  event: ApiEvent;
  requestId: string;
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

function header(event: ApiEvent, name: string): string | undefined {
  // HTTP APIs lowercase header names; the local adapter does the same.
  return event.headers?.[name];
}

function depthExceeds(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

function decodeBody(event: ApiEvent): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/** Parses a request's JSON body: size, content type, syntax, prototype keys, depth. */
export function parseJsonBody(event: ApiEvent, limitBytes: number): unknown {
  const raw = decodeBody(event);
  const declared = Number(header(event, 'content-length') ?? NaN);
  if (Buffer.byteLength(raw, 'utf8') > limitBytes || declared > limitBytes) {
    throw new AppError('payload_too_large', `The request body is larger than ${limitBytes} bytes.`);
  }
  if (raw.trim() === '') return undefined;
  const contentType = header(event, 'content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new AppError('unsupported_media_type', 'Send the request body as application/json.');
  }
  let parsed: unknown;
  try {
    parsed = sjson.parse(raw, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    const message = error instanceof SyntaxError ? 'The request body is not valid JSON.' : 'The request body contains a forbidden key.';
    throw new AppError('invalid_json', message);
  }
  if (depthExceeds(parsed, MAX_JSON_DEPTH)) {
    throw new AppError('invalid_json', `The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  return parsed;
}

function validate<T extends z.ZodType>(
  schema: T,
  value: unknown,
  where: 'path' | 'query' | 'body',
): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // One status for every value that breaks its schema, wherever it sits (shared/errors.ts).
  const details = zodIssuesToDetails(result.error.issues, where === 'body' ? undefined : where);
  throw new AppError('validation_failed', `The request ${where === 'query' ? 'query string' : where} is invalid.`, details);
}

const SERVICE_UNAVAILABLE_NAMES = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'ServiceUnavailable',
  'InternalServerError',
  'TimeoutError',
  'RequestTimeout',
  'SlowDown',
  // A transaction retried (same idempotency token) while its first attempt still runs, or one
  // that met another in flight: transient, and safe to try again.
  'TransactionInProgressException',
  'TransactionConflictException',
]);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/** Maps anything thrown to the one error model; unknown failures become a generic 500. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // ElectroDB wraps the SDK's error; the SDK's name and network code are on its cause.
  const inner = ((error as { cause?: unknown } | null)?.cause ?? error) as { name?: string; code?: string } | null;
  const name = inner?.name ?? '';
  const code = inner?.code ?? (error as { code?: string } | null)?.code ?? '';
  if (name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException') {
    return new AppError('conflict', 'The resource changed while the request ran. Please try again.');
  }
  if (SERVICE_UNAVAILABLE_NAMES.has(name) || NETWORK_CODES.has(code) || NETWORK_CODES.has(name)) {
    return new AppError('service_unavailable', 'The service is temporarily unavailable. Please try again shortly.');
  }
  return new AppError('internal', GENERIC_ERROR_MESSAGE);
}

const API_HEADERS: Record<string, string> = {
  ...COMMON_SECURITY_HEADERS,
  'content-security-policy': API_CONTENT_SECURITY_POLICY,
  'cache-control': 'no-store',
};

const API_JSON_HEADERS: Record<string, string> = { ...API_HEADERS, 'content-type': 'application/json; charset=utf-8' };

function jsonResult(statusCode: number, body: unknown, headers: Record<string, string> = {}, cookies: string[] = []): ApiResult {
  const hasBody = body !== undefined && statusCode !== 204;
  const merged: Record<string, string> = Object.assign({}, hasBody ? API_JSON_HEADERS : API_HEADERS, headers);
  const result: ApiResult = { statusCode, headers: merged, body: hasBody ? JSON.stringify(body) : '' };
  if (cookies.length > 0) {
    // An answer that sets a cookie is one person's: never cacheable, whatever the route asked for.
    merged['cache-control'] = 'private, no-store';
    result.cookies = cookies;
  }
  return result;
}

export function errorResult(error: AppError, requestId?: string): ApiResult {
  return jsonResult(error.status, errorBody(error), {
    ...(requestId ? { 'x-request-id': requestId } : {}),
    ...(error.retryAfterSeconds !== undefined ? { 'retry-after': String(error.retryAfterSeconds) } : {}),
  });
}

/** One structured log line per request (the request id is a key of every line: ./lambda.ts). */
function logRequest(event: ApiEvent, status: number, started: number): void {
  const entry = {
    method: event.requestContext?.http?.method,
    path: event.rawPath,
    route: event.routeKey,
    status,
    durationMs: Math.round(performance.now() - started),
  };
  if (status >= 500) logger.error('request', entry);
  else logger.info('request', entry);
}

/** The one error model: anything thrown becomes `{ error: { code, message } }` with its status. */
function errorReply(error: unknown, event: ApiEvent): ApiResult {
  const appError = toAppError(error);
  if (appError.status >= 500) {
    logger.error('request failed', { error: error as Error, code: appError.code });
  }
  return errorResult(appError, event.requestContext?.requestId);
}

/**
 * Wraps a route's handler once, when its module loads: request id and log, body limits, JSON
 * parsing that refuses prototype keys, zod validation of path, query and body, the error
 * model and security headers. The handler returns a DTO (200) or a Reply. It is a plain
 * function inside the function's one middy stack (the Lambda entry, ./lambda.ts), not a second
 * middy stack of its own: each request times itself, so overlapping requests (the local server)
 * each log their own duration.
 */
export function defineHandler<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
>(
  spec: HandlerSpec<P, Q, B>,
  handle: (input: HandlerInput<Parsed<P>, Parsed<Q>, Parsed<B>>) => Promise<unknown>,
): ApiHandler {
  const limit = spec.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const core = async (event: ApiEvent): Promise<ApiResult> => {
    const method = event.requestContext?.http?.method ?? 'GET';
    if (spec.originCheck !== false) assertTrustedOrigin(event);
    const rawBody = decodeBody(event);
    let body: unknown;
    if (spec.rawBody) {
      if (Buffer.byteLength(rawBody, 'utf8') > limit) {
        throw new AppError('payload_too_large', `The request body is larger than ${limit} bytes.`);
      }
    } else if (BODY_METHODS.has(method)) {
      body = parseJsonBody(event, limit);
    }
    const input = {
      params: (spec.params ? validate(spec.params, event.pathParameters ?? {}, 'path') : undefined) as Parsed<P>,
      query: (spec.query ? validate(spec.query, event.queryStringParameters ?? {}, 'query') : undefined) as Parsed<Q>,
      body: (spec.body ? validate(spec.body, body, 'body') : undefined) as Parsed<B>,
      rawBody,
      event,
      requestId: event.requestContext?.requestId ?? '',
    };
    const result = await handle(input);
    const requestIdHeader = { 'x-request-id': input.requestId };
    const cookies = pendingCookies.get(event) ?? [];
    if (result instanceof Reply) {
      return jsonResult(result.statusCode, result.body, { ...requestIdHeader, ...result.headers }, [...cookies, ...result.cookies]);
    }
    return jsonResult(200, result, requestIdHeader, cookies);
  };
  return async (event: ApiEvent): Promise<ApiResult> => {
    const started = performance.now();
    let result: ApiResult;
    try {
      result = await core(event);
    } catch (error) {
      result = errorReply(error, event);
    }
    logRequest(event, result.statusCode ?? 200, started);
    return result;
  };
}
