import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet, type LoaderFunctionArgs } from 'react-router';
import { AppLayout } from '../../../components/layouts/app-layout';
import { VerifyEmailBanner } from '../../../features/account/components/verify-email-banner';
import { AccountMenu } from '../../../features/auth/components/account-menu';
import { PlanBadge } from '../../../features/billing/components/plan-badge';
import { getFoldersQueryOptions } from '../../../features/guides/api/list-folders';
import { FolderNav } from '../../../features/guides/components/folder-nav';
import { listOrganizationsQueryOptions } from '../../../features/organizations/api/list-organizations';
import { OrganizationSwitcher } from '../../../features/organizations/components/organization-switcher';
import { requireSession } from '../../../lib/auth';

/** The shell's own data: the organisations for the switcher (the session comes from the guard). */
export function clientLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireSession(queryClient, request);
    // The sidebar's folders load alongside, without holding the page (FolderNav shows its own loading).
    void queryClient.prefetchQuery(getFoldersQueryOptions());
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
    <AppLayout organizationSwitcher={<OrganizationSwitcher />} accountMenu={<AccountMenu />} planBadge={<PlanBadge />} folders={<FolderNav />}>
      <Suspense fallback={<PageFallback />}>
        <div className="app-verify-banner">
          <VerifyEmailBanner />
        </div>
        <Outlet />
      </Suspense>
    </AppLayout>
  );
}
