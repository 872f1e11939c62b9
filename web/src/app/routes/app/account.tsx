import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { PageHeader } from '../../../components/layouts/app-layout';
import { listSessionsQueryOptions } from '../../../features/account/api/list-sessions';
import { CaptureSection } from '../../../features/account/components/capture-section';
import { DeleteAccountSection } from '../../../features/account/components/delete-account-section';
import { EmailSection } from '../../../features/account/components/email-section';
import { PasswordSection } from '../../../features/account/components/password-section';
import { ProfileSection } from '../../../features/account/components/profile-section';
import { SessionsSection } from '../../../features/account/components/sessions-section';
import { BillingSection } from '../../../features/billing/components/billing-section';
import { requireSession } from '../../../lib/auth';
import { useDocumentHead } from '../../../lib/document-head';

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
