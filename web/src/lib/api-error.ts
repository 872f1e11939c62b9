import type { ErrorCode } from '#shared/errors';

/**
 * A failed API call. `code` is the API's error code when the answer had the one error shape
 * (`{ error: { code, message } }`); callers branch on `status` and `code`, never on `message`.
 * Its own module, free of zod, so that the router's error screens and the query defaults can
 * know it without the landing page carrying the schema library.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly details: Record<string, string> | undefined;
  /** a refused edit (412): its fields as the server holds them now */
  readonly current: Record<string, unknown> | undefined;

  constructor(status: number, message: string, code?: ErrorCode, details?: Record<string, string>, current?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.current = current;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
