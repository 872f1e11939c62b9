import type { z } from 'zod';
import { ErrorBody } from '#shared/errors';
import { ApiError } from './api-error';
import { parseJson } from './parse-json';

/** Builds the error of a non-OK answer from its body: the error shape when it parses, else the text. */
export function apiErrorFromBody(status: number, statusText: string, bodyText: string): ApiError {
  const json = parseJson(bodyText);
  const parsed = ErrorBody.safeParse(json);
  if (parsed.success) {
    const { code, message, details, current } = parsed.data.error;
    return new ApiError(status, message, code, details, current);
  }
  const fallback = statusText || (status === 503 ? UNAVAILABLE_MESSAGE : `Request failed with status ${status}`);
  // JSON or markup is never shown to a person: its message when it has one (an unknown code, a
  // gateway's {"message": ...}), else the status.
  if (json !== undefined) return new ApiError(status, jsonMessage(json) ?? fallback);
  const text = bodyText.trim();
  return new ApiError(status, text && !text.startsWith('<') && text.length <= 300 ? text : fallback);
}

const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';

function jsonMessage(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const nested = 'error' in json && typeof json.error === 'object' && json.error !== null ? json.error : json;
  return 'message' in nested && typeof nested.message === 'string' && nested.message.trim() ? nested.message : undefined;
}

/**
 * An answer `{ url, redirect: true }` asks the browser to go to `url` (product-spec.md §7: sign-in with a
 * provider, checkout). Only http(s) targets are followed, never `javascript:` or `data:`.
 */
export function redirectTarget(body: unknown, base: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  if (!('redirect' in body) || body.redirect !== true || !('url' in body) || typeof body.url !== 'string') {
    return undefined;
  }
  try {
    const url = new URL(body.url, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** sent as JSON */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** sees a successful answer before its body is read (its headers, e.g. an ETag) */
  onResponse?: (response: Response) => void;
}

export interface ApiClientOptions {
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Resolves relative paths and redirect targets. @default window.location.origin */
  baseUrl?: string;
  /** How a `{ url, redirect: true }` answer leaves the page. @default window.location.assign */
  navigate?: (url: string) => void;
}

/**
 * JSON over fetch with the session cookie. A non-OK answer throws `ApiError`. The answer is
 * `unknown` unless a zod schema parses it: outside data is never cast into a type.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = () => options.baseUrl ?? globalThis.location?.origin ?? 'http://localhost';
  const navigate = options.navigate ?? ((url: string) => globalThis.location.assign(url));

  async function send(path: string, init: RequestOptions): Promise<unknown> {
    const doFetch = options.fetch ?? globalThis.fetch;
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await doFetch(new URL(path, baseUrl()), {
      method: init.method ?? 'GET',
      headers,
      // Same origin everywhere (design.md §1); `include` keeps the session cookie should that change.
      credentials: 'include',
      body: init.body === undefined ? null : JSON.stringify(init.body),
      signal: init.signal ?? null,
    });
    const text = await response.text();
    if (!response.ok) throw apiErrorFromBody(response.status, response.statusText, text);
    init.onResponse?.(response);

    const body = parseJson(text);
    const target = redirectTarget(body, baseUrl());
    if (target) navigate(target);
    return body;
  }

  function request(path: string, init?: RequestOptions): Promise<unknown>;
  function request<T>(path: string, init: RequestOptions, schema: z.ZodType<T>): Promise<T>;
  async function request<T>(path: string, init: RequestOptions = {}, schema?: z.ZodType<T>): Promise<unknown> {
    const body = await send(path, init);
    return schema ? schema.parse(body) : body;
  }

  return {
    request,
    get: <T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal) =>
      request(path, { method: 'GET', ...(signal && { signal }) }, schema),
    post: <T>(path: string, body: unknown, schema: z.ZodType<T>) => request(path, { method: 'POST', body }, schema),
    patch: <T>(path: string, body: unknown, schema: z.ZodType<T>) => request(path, { method: 'PATCH', body }, schema),
    put: <T>(path: string, body: unknown, schema: z.ZodType<T>) => request(path, { method: 'PUT', body }, schema),
    delete: <T>(path: string, schema: z.ZodType<T>) => request(path, { method: 'DELETE' }, schema),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The client the features use. */
export const api = createApiClient();
