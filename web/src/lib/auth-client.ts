import type { z } from 'zod';
import { createApiClient, type ApiClientOptions } from './api-client';

/** Where the auth API lives on the product's API host when the base URL names no path. */
export const AUTH_BASE_PATH = '/api/auth';

/**
 * The auth API's base URL: an absolute http(s) URL. One without a path gets `/api/auth`, as
 * better-auth's client does. Anything else fails at once with the message of product-spec.md §5, so a
 * misconfigured deployment breaks loudly at start-up instead of on the first sign-in.
 */
export function resolveAuthBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Invalid base URL: ${value}. Please provide a valid base URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Invalid base URL: ${value}. Please provide a valid base URL.`);
  }
  const pathname = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${pathname || AUTH_BASE_PATH}`;
}

export interface AuthClientOptions extends Omit<ApiClientOptions, 'baseUrl'> {
  /** @default `${window.location.origin}/api/auth` */
  baseURL?: string;
}

/**
 * The client of `/api/auth` (product-spec.md §7): JSON with the session cookie, errors as `ApiError`, and a
 * `{ url, redirect: true }` answer followed by the API client. Paths are relative to the base:
 * `authClient.get('/get-session', schema)`.
 */
export function createAuthClient(options: AuthClientOptions = {}) {
  const { baseURL, ...apiOptions } = options;
  const base = resolveAuthBaseUrl(baseURL ?? `${globalThis.location?.origin ?? 'http://localhost'}${AUTH_BASE_PATH}`);
  const api = createApiClient({ ...apiOptions, baseUrl: new URL(base).origin });
  const url = (path: string) => `${base}${path.startsWith('/') ? path : `/${path}`}`;

  return {
    baseURL: base,
    get: <T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal) => api.get(url(path), schema, signal),
    post: <T>(path: string, body: unknown, schema: z.ZodType<T>) => api.post(url(path), body ?? {}, schema),
  };
}

export type AuthClient = ReturnType<typeof createAuthClient>;

/** The client the features use. */
export const authClient = createAuthClient();
