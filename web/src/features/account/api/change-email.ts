import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { StatusReply } from '#shared/auth';
import type { ChangeEmailBody } from '#shared/auth';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';

export type ChangeEmailInput = z.output<typeof ChangeEmailBody>;

/**
 * POST /api/auth/change-email: mails a confirmation link to the new address; the email changes
 * only when that link is followed (it lands on `callbackURL?verified=true`).
 */
export function changeEmail(input: ChangeEmailInput) {
  return authClient.post('/change-email', input, StatusReply);
}

export function useChangeEmail({ mutationConfig }: { mutationConfig?: MutationConfig<typeof changeEmail> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: changeEmail });
}
