import { useMutation } from '@tanstack/react-query';
import { BillingPortalDto } from '#shared/plan-contracts';
import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';
import { safeRedirectUrl } from '../utils/redirect';

const BillingPortalResponse = BillingPortalDto;

/** POST /api/stripe/billing-portal: `{ url }` of the person's Stripe billing portal. */
export async function createBillingPortalSession(): Promise<{ url: string }> {
  const { url } = await api.post('/api/stripe/billing-portal', {}, BillingPortalResponse);
  const target = safeRedirectUrl(url);
  if (!target) throw new Error('The billing portal answer has no usable url');
  return { url: target };
}

export function useCreateBillingPortalSession({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof createBillingPortalSession> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: createBillingPortalSession });
}
