import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { PageHeader } from '#web/components/layouts/app-layout';
import { getActiveMemberRoleQueryOptions } from '#web/features/organizations/api/get-active-member-role';
import { getActiveOrganizationQueryOptions } from '#web/features/organizations/api/get-active-organization';
import { OrganizationSettings, useActiveOrganizationName } from '#web/features/organizations/components/organization-settings';
import { requireSession } from '#web/lib/auth';
import { useDocumentHead } from '#web/lib/document-head';

export function clientLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireSession(queryClient, request);
    const organization = await queryClient.ensureQueryData(getActiveOrganizationQueryOptions());
    // The role exists only in an active organisation.
    if (organization) await queryClient.ensureQueryData(getActiveMemberRoleQueryOptions());
    return null;
  };
}

/** /dashboard/organization: the active organisation's settings. */
export default function OrganizationRoute() {
  const name = useActiveOrganizationName();
  useDocumentHead({ title: 'Organization settings' });
  return (
    <div className="page page--narrow">
      <PageHeader
        title="Organization settings"
        description={name ? `Members, invitations and teams of ${name}.` : 'Members, invitations and teams.'}
      />
      <OrganizationSettings />
    </div>
  );
}
