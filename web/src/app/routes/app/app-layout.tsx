import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet, type LoaderFunctionArgs } from 'react-router';
import { AppLayout } from '../../../components/layouts/app-layout';
import { AccountMenu } from '../../../features/auth/components/account-menu';
import { listOrganizationsQueryOptions } from '../../../features/organizations/api/list-organizations';
import { OrganizationSwitcher } from '../../../features/organizations/components/organization-switcher';
import { requireSession } from '../../../lib/auth';

/** The shell's own data: the organisations for the switcher (the session comes from the guard). */
export function clientLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireSession(queryClient, request);
    await queryClient.ensureQueryData(listOrganizationsQueryOptions());
    return null;
  };
}

function PageFallback() {
  return (
    <div className="page-loading" role="status">
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

export default function AppLayoutRoute() {
  return (
    <AppLayout organizationSwitcher={<OrganizationSwitcher />} accountMenu={<AccountMenu />}>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </AppLayout>
  );
}
