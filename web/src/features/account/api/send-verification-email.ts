import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { authClient } from '../../../lib/auth-client';
import type { MutationConfig } from '../../../lib/react-query';

/**
 * POST /api/auth/send-verification-email: mails the signed-in person a new verification link,
 * which lands on `callbackURL?verified=true` once followed.
 */
export function sendVerificationEmail(input: { callbackURL?: string }) {
  return authClient.post('/send-verification-email', input, z.object({ status: z.boolean() }));
}

export function useSendVerificationEmail({ mutationConfig }: { mutationConfig?: MutationConfig<typeof sendVerificationEmail> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: sendVerificationEmail });
}
