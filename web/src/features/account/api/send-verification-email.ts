import { useMutation } from '@tanstack/react-query';
import { StatusReply } from '#shared/auth';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';

/**
 * POST /api/auth/send-verification-email: mails the signed-in person a new verification link,
 * which lands on `callbackURL?verified=true` once followed.
 */
export function sendVerificationEmail(input: { callbackURL?: string }) {
  return authClient.post('/send-verification-email', input, StatusReply);
}

export function useSendVerificationEmail({ mutationConfig }: { mutationConfig?: MutationConfig<typeof sendVerificationEmail> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: sendVerificationEmail });
}
