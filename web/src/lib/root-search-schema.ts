// zod/mini: the smallest zod build; this module is still loaded only when a page has one of the
// root search parameters (see root-search.ts), so the landing page never carries it.
import * as z from 'zod/mini';

/** `?subscribe`, `?subscribe=true` and `?subscribe=1` raise the flag; `false` and `0` lower it. */
const SubscribeFlag = z.pipe(
  z.enum(['', 'true', '1', 'false', '0']),
  z.transform((value) => value === '' || value === 'true' || value === '1'),
);

/**
 * The search parameters the root route accepts on every page (product-spec.md §2, §5): the return from
 * Stripe checkout and the flag that opens the subscription modal. A malformed value is dropped
 * rather than failing the page: these arrive on links that people paste around.
 */
export const RootSearchSchema = z.object({
  stripe_session_id: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(500))), undefined),
  subscribe: z.catch(z.optional(SubscribeFlag), undefined),
});

export function parseRootSearch(search: string | URLSearchParams): z.infer<typeof RootSearchSchema> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw: Record<string, string> = {};
  for (const key of ['stripe_session_id', 'subscribe'] as const) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return RootSearchSchema.parse(raw);
}
