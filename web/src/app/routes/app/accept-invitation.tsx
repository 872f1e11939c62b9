import type { QueryClient } from '@tanstack/react-query';
import { useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { VerifyEmailBanner } from '#web/features/account/components/verify-email-banner';
import { SwitchAccountButton } from '#web/features/auth/components/switch-account-button';
import { getInvitationQueryOptions } from '#web/features/organizations/api/get-invitation';
import { InvitationCard, InvitationNotFound } from '#web/features/organizations/components/invitation-card';
import { paths } from '#web/config/paths';
import { isApiError } from '#web/lib/api-error';
import { requireSession } from '#web/lib/auth';

/**
 * /accept-invitation/:id, where the invitation mail links. Signed-out visitors went through
 * /auth and back (the guard). Only the invited address can read the invitation: for anyone
 * else, and for an unknown id, the API answers 404, shown as a way to switch accounts.
 */
export function clientLoader(queryClient: QueryClient) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    await requireSession(queryClient, request);
    try {
      await queryClient.ensureQueryData(getInvitationQueryOptions(params['id'] ?? ''));
      return { found: true };
    } catch (error) {
      if (isApiError(error, 404) || isApiError(error, 422)) return { found: false };
      throw error;
    }
  };
}

export default function AcceptInvitationRoute() {
  const { found } = useLoaderData<{ found: boolean }>();
  const id = useParams()['id'] ?? '';
  return (
    <div className="stack">
      <VerifyEmailBanner reason="To accept, verify your email address first. We sent a link to" />
      {found ? (
        <InvitationCard invitationId={id} />
      ) : (
        <InvitationNotFound switchAccount={<SwitchAccountButton redirect={paths.acceptInvitation.getHref(id)} />} />
      )}
    </div>
  );
}
