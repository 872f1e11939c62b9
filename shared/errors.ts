import * as z from 'zod';

/**
 * The closed table of error codes the API answers with, and the HTTP status of each.
 * The SPA, the extension and tests branch on `code`, never on the message.
 *
 * Validation has one status everywhere: a value that breaks its rules, wherever it sits (path,
 * query or body) and whoever finds it (the route's schema, or the domain: a voice there is none
 * of, a box outside the screenshot, a cursor that is not one), is 422 `validation_failed` with
 * `details` naming each field. 400 is for what cannot be read at all (`invalid_json`) and for a
 * refusal that is no field's fault (`bad_request`: a wrong password, a used link, no active
 * organisation, a bad signature). tests/integration/contract.test.ts holds it over every route.
 */
export const ERROR_STATUS = {
  /** refused, but not for a field's value: a wrong password, an expired link, a bad signature */
  bad_request: 400,
  /** the body is not JSON, has a forbidden key, or is nested too deep */
  invalid_json: 400,
  /** a value in the path, query or body breaks its rules: `details` says which and why */
  validation_failed: 422,
  unauthorized: 401,
  plan_limit: 402,
  forbidden: 403,
  /** the action needs a verified email address (publishing publicly, inviting, starting a trial) */
  email_unverified: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  /** a write made from a stale copy: its If-Match names a revision the guide has left behind */
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  upstream_failed: 502,
  service_unavailable: 503,
  upstream_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Answers that say when to come back: a dependency down, a limit reached. */
const DEFAULT_RETRY_AFTER_SECONDS: Partial<Record<ErrorCode, number>> = { service_unavailable: 5, rate_limited: 10 };

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** What an unexpected failure says: no stack, no AWS identifiers. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Field-level problems of a validation error, keyed by dotted path. */
  readonly details: Record<string, string> | undefined;
  /** When to try again (the Retry-After header of 429 and 503 answers). */
  readonly retryAfterSeconds: number | undefined;
  /** A refused edit's fields as the server holds them now, keyed by field (412 precondition_failed). */
  readonly current: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, string>, options: { retryAfterSeconds?: number; current?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = options.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS[code];
    this.current = options.current;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** The one error shape every failed API call answers with. */
export const ErrorBody = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.record(z.string(), z.string()).optional(),
    /** a refused edit (412): its fields as the server holds them now, so the editor can show both */
    current: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export function errorBody(error: AppError): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
      ...(error.current ? { current: error.current } : {}),
    },
  };
}

/** Turns a zod failure into field messages keyed by dotted path ('' for the root). */
export function zodIssuesToDetails(issues: readonly z.core.$ZodIssue[], prefix?: string): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    details[path] ??= issue.message;
  }
  return details;
}
