import { Outlet } from 'react-router';
import { PublicLayout } from '#web/components/layouts/public-layout';
import { useSignedInCheck } from '#web/features/marketing/api/get-signed-in';
import type { PublicOutletContext } from '#web/features/marketing/public-outlet-context';
import { trialHref } from '#web/features/marketing/trial-href';

export default function PublicLayoutRoute() {
  const signedIn = useSignedInCheck();
  return (
    <PublicLayout signedIn={signedIn} trialHref={trialHref(signedIn)}>
      <Outlet context={{ signedIn } satisfies PublicOutletContext} />
    </PublicLayout>
  );
}
