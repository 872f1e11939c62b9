import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { StatusReply } from '#shared/auth';
import type { RequestPasswordResetBody } from '#shared/auth';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';

export type RequestPasswordResetInput = z.output<typeof RequestPasswordResetBody>;

/**
 * POST /api/auth/request-password-reset: mails a reset link to the address if it has an
 * account; the answer is the same either way, so it reveals nothing.
 */
export function requestPasswordReset(input: RequestPasswordResetInput) {
  return authClient.post('/request-password-reset', input, StatusReply);
}

export function useRequestPasswordReset({ mutationConfig }: { mutationConfig?: MutationConfig<typeof requestPasswordReset> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: requestPasswordReset });
}
