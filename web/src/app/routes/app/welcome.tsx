import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { PRODUCT_NAME } from '#shared/product';
import { PageHeader } from '#web/components/layouts/app-layout';
import { WelcomeSteps } from '#web/features/onboarding/components/welcome-steps';
import { requireSession, useSignedInSession } from '#web/lib/auth';
import { useDocumentHead } from '#web/lib/document-head';

export function clientLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireSession(queryClient, request);
    return null;
  };
}

/** /dashboard/welcome: the first-run page sign-up lands on. */
export default function WelcomeRoute() {
  const { user } = useSignedInSession();
  const firstName = user.name.split(/\s+/)[0] ?? user.name;
  useDocumentHead({ title: 'Welcome' });

  return (
    <div className="page">
      <PageHeader
        title={`Welcome to ${PRODUCT_NAME}, ${firstName}`}
        description="Your workspace is ready. Here is how to make your first narrated guide."
      />
      <div className="settings-stack">
        <WelcomeSteps emailVerified={user.emailVerified} email={user.email} />
      </div>
    </div>
  );
}
