import { Button } from '#web/components/ui/button';
import { paths } from '#web/config/paths';
import { useLeavePrivateArea } from '#web/lib/auth';
import { useSignOut } from '../api/sign-out';

/** Signs out, then opens sign-in with the way back to `redirect` (another account for the same page). */
export function SwitchAccountButton({ redirect, children = 'Sign in with another account' }: { redirect: string; children?: string }) {
  const leave = useLeavePrivateArea();
  const signOut = useSignOut({ mutationConfig: { onSuccess: () => leave(paths.auth.getHref(redirect)) } });
  return (
    <Button size="lg" block loading={signOut.isPending} onClick={() => signOut.mutate()}>
      {children}
    </Button>
  );
}
