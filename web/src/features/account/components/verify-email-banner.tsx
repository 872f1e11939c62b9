import { useLocation } from 'react-router';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { useSignedInSession } from '#web/lib/auth';
import { errorMessage } from '#web/lib/form';
import { useSendVerificationEmail } from '../api/send-verification-email';
import './account.css';

/** The page the link should come back to: this one, without an old `verified` marker. */
function currentTarget(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('verified');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Asks a person whose email is not verified to verify it, says what waits for it (sharing
 * publicly, inviting, a trial: shared/auth.ts UNVERIFIED_REFUSED), with a button that mails a new
 * link back to the page they are on. Renders nothing once verified.
 */
export function VerifyEmailBanner({ reason }: { reason?: string }) {
  const { user } = useSignedInSession();
  const location = useLocation();
  const send = useSendVerificationEmail({ mutationConfig: { onError: () => undefined } });

  if (user.emailVerified) return null;

  return (
    <Banner
      tone="warning"
      title="Verify your email address"
      actions={
        <Button
          variant="outline"
          size="sm"
          loading={send.isPending}
          onClick={() => send.mutate({ callbackURL: currentTarget(location.pathname, location.search) })}
        >
          Resend verification email
        </Button>
      }
    >
      {reason ? null : (
        <p>Until you do, you can create and capture guides, but not share them publicly, invite people or start a trial.</p>
      )}
      <p>
        {reason ?? 'We sent a link to'} <strong>{user.email}</strong>. Open it to confirm the address is yours.
      </p>
      <p role="status" className="verify-banner__status">
        {send.isSuccess ? `A new link is on its way to ${user.email}. It works once, for 24 hours.` : null}
        {send.isError ? errorMessage(send.error) : null}
      </p>
    </Banner>
  );
}
