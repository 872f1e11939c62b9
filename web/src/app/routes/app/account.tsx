import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { PageHeader } from '#web/components/layouts/app-layout';
import { listSessionsQueryOptions } from '#web/features/account/api/list-sessions';
import { CaptureSection } from '#web/features/account/components/capture-section';
import { DeleteAccountSection } from '#web/features/account/components/delete-account-section';
import { EmailSection } from '#web/features/account/components/email-section';
import { PasswordSection } from '#web/features/account/components/password-section';
import { ProfileSection } from '#web/features/account/components/profile-section';
import { SessionsSection } from '#web/features/account/components/sessions-section';
import { BillingSection } from '#web/features/billing/components/billing-section';
import { requireSession } from '#web/lib/auth';
import { useDocumentHead } from '#web/lib/document-head';

export function clientLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireSession(queryClient, request);
    await queryClient.ensureQueryData(listSessionsQueryOptions());
    return null;
  };
}

/** /dashboard/account: the person's own account. */
export default function AccountRoute() {
  useDocumentHead({ title: 'Account settings' });
  return (
    <div className="page page--narrow">
      <PageHeader title="Account settings" description="Your profile, sign-in details, the devices signed in to your account, capture and your plan." />
      <div className="settings-stack">
        <ProfileSection />
        <EmailSection />
        <PasswordSection />
        <SessionsSection />
        <CaptureSection />
        <BillingSection />
        <DeleteAccountSection />
      </div>
    </div>
  );
}
