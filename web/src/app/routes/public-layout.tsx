import { Outlet } from 'react-router';
import { PublicLayout } from '../../components/layouts/public-layout';
import { useSignedIn } from '../../features/marketing/api/get-signed-in';
import { trialHref } from '../../features/marketing/trial-href';

export default function PublicLayoutRoute() {
  const signedIn = useSignedIn();
  return (
    <PublicLayout signedIn={signedIn} trialHref={trialHref(signedIn)}>
      <Outlet />
    </PublicLayout>
  );
}
