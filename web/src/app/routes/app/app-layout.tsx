import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet, type LoaderFunctionArgs } from 'react-router';
import { AppLayout } from '#web/components/layouts/app-layout';
import { VerifyEmailBanner } from '#web/features/account/components/verify-email-banner';
import { AccountMenu } from '#web/features/auth/components/account-menu';
import { PlanBadge } from '#web/features/billing/components/plan-badge';
import { getFoldersQueryOptions } from '#web/features/guides/api/list-folders';
import { FolderNav } from '#web/features/guides/components/folder-nav';
import { listOrganizationsQueryOptions } from '#web/features/organizations/api/list-organizations';
import { OrganizationSwitcher } from '#web/features/organizations/components/organization-switcher';
import { requireSession } from '#web/lib/auth';

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
