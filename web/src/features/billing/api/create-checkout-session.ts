import { useMutation } from '@tanstack/react-query';
import { CheckoutSessionDto, type CheckoutSessionBody } from '#shared/plan-contracts';
import { apiErrorFromBody } from '#web/lib/api-client';
import { ApiError } from '#web/lib/api-error';
import type { MutationConfig } from '#web/lib/react-query';
import { safeRedirectUrl } from '../utils/redirect';
import { parseJson } from '#web/lib/parse-json';

const CheckoutSessionResponse = CheckoutSessionDto;

/**
 * POST /api/stripe/subscription/checkout-session: `{ url }` of a Stripe Checkout session (with
 * the 7-day trial for a first subscription), or `url` undefined when the answer has none (the
 * caller says 'Failed to create checkout session'). A non-OK answer throws its status text (spec
 * §7); the API's own message is kept as `detail`, and `code` for branching (409: already Pro).
 * `returnTo` is the page checkout comes back to (the server keeps only a path of this site).
 */
export async function createCheckoutSession({ returnTo }: { returnTo: string }): Promise<{ url: string | undefined }> {
  const body: CheckoutSessionBody = { returnTo };
  const response = await fetch('/api/stripe/subscription/checkout-session', {
    method: 'POST',
    credentials: 'include',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    const error = apiErrorFromBody(response.status, response.statusText, text);
    // HTTP/2 (CloudFront) has no status text: the API's message stands in.
    throw new CheckoutError(response.status, response.statusText || error.message, error);
  }
  const parsed = CheckoutSessionResponse.safeParse(parseJson(text));
  return { url: parsed.success ? safeRedirectUrl(parsed.data.url) : undefined };
}

export class CheckoutError extends ApiError {
  /** what the API said, beside the status text */
  readonly detail: string;

  constructor(status: number, statusText: string, cause: ApiError) {
    super(status, statusText, cause.code, cause.details);
    this.name = 'CheckoutError';
    this.detail = cause.message;
  }
}

export function useCreateCheckoutSession({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createCheckoutSession> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: createCheckoutSession });
}
