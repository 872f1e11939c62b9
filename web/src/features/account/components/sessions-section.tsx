import { SettingsSection } from '#web/components/layouts/app-layout';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toast';
import { useLeavePrivateArea } from '#web/lib/auth';
import { formatDateTime } from '#web/lib/format';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { useSessions } from '../api/list-sessions';
import { describeUserAgent } from '../utils/user-agent';
import './account.css';

const DEVICE_ICON = (
  <svg viewBox="0 0 20 20" aria-hidden="true">
    <rect x="2.5" y="4" width="15" height="10" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
    <path d="M7 16.5h6" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
  </svg>
);

/** Where the person is signed in, this device first, with a way to end any of them. */
export function SessionsSection() {
  const { data: sessions } = useSessions();
  const ordered = [...sessions].sort((a, b) => Number(b.current ?? false) - Number(a.current ?? false));
  const others = sessions.filter((session) => !session.current).length;
  const leave = useLeavePrivateArea();
  const revoke = useRevokeSession({
    mutationConfig: {
      onSuccess: async (_data, session) => {
        if (session.current) {
          await leave();
          toast.success('You are signed out.');
        } else {
          toast.success('That device was signed out.');
        }
      },
    },
  });
  const revokeOthers = useRevokeOtherSessions({ mutationConfig: { onSuccess: () => void toast.success('Every other device was signed out.') } });

  return (
    <SettingsSection
      title="Sessions"
      description="The browsers and devices signed in to your account. Sign out any you do not recognise."
      footer={
        <Button variant="outline" disabled={others === 0} loading={revokeOthers.isPending} onClick={() => revokeOthers.mutate()}>
          Sign out all other sessions
        </Button>
      }
    >
      <ul role="list" className="session-list">
        {ordered.map((session) => {
          const device = describeUserAgent(session.userAgent);
          const pending = revoke.isPending && revoke.variables?.token === session.token;
          return (
            <li key={session.id} className="session-list__item">
              <span className="session-list__icon">{DEVICE_ICON}</span>
              <div className="session-list__details">
                <p className="session-list__device">
                  {device} {session.current ? <Badge tone="brand">This device</Badge> : null}
                </p>
                <p className="session-list__meta">
                  {session.ipAddress ? <span>IP {session.ipAddress}</span> : null}
                  <span>Signed in {formatDateTime(session.createdAt)}</span>
                </p>
              </div>
              <Button
                variant={session.current ? 'ghost' : 'outline'}
                size="sm"
                loading={pending}
                aria-label={session.current ? 'Sign out of this device' : `Revoke session: ${device}, signed in ${formatDateTime(session.createdAt)}`}
                onClick={() => revoke.mutate(session)}
              >
                {session.current ? 'Sign out' : 'Revoke'}
              </Button>
            </li>
          );
        })}
      </ul>
    </SettingsSection>
  );
}
