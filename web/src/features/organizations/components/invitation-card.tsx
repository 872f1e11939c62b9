import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '#web/components/ui/avatar';
import { Badge } from '#web/components/ui/badge';
import { Button, buttonClassName } from '#web/components/ui/button';
import { FormMessage } from '#web/components/ui/form';
import { Link } from '#web/components/ui/link';
import { toast } from '#web/components/ui/toast';
import { paths } from '#web/config/paths';
import { useSignedInSession } from '#web/lib/auth';
import { useDocumentHead } from '#web/lib/document-head';
import { errorMessage } from '#web/lib/form';
import { formatDateTime } from '#web/lib/format';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation, type InvitationDetails } from '../api/get-invitation';
import { useRejectInvitation } from '../api/reject-invitation';
import { roleLabel } from '../utils/roles';
import '#web/components/ui/card.css';
import './organizations.css';

const ANSWERED: Record<Exclude<InvitationDetails['status'], 'pending'>, string> = {
  accepted: 'You already accepted this invitation.',
  rejected: 'You declined this invitation.',
  canceled: 'This invitation was withdrawn by the organization.',
};

function Closed({ invitation, message }: { invitation: InvitationDetails; message: string }) {
  return (
    <div className="card-panel invitation-card">
      <h1 className="invitation-card__title">Invitation to {invitation.organizationName}</h1>
      <FormMessage tone="info">{message}</FormMessage>
      <Link to={paths.dashboard.getHref()} className={buttonClassName({ block: true })}>
        Go to your dashboard
      </Link>
    </div>
  );
}

/**
 * An invitation as its invitee sees it: who invites them where and as what, with Accept and
 * Decline. Answered and expired invitations say so; an unverified email cannot accept yet.
 */
export function InvitationCard({ invitationId }: { invitationId: string }) {
  const { data: invitation } = useInvitation(invitationId);
  const { user } = useSignedInSession();
  const navigate = useNavigate();
  // The moment the page opened: an invitation that expires while it is open is refused by the API.
  const [openedAt] = useState(Date.now);
  useDocumentHead({ title: `Join ${invitation.organizationName}` });

  const accept = useAcceptInvitation({
    mutationConfig: {
      onSuccess: async () => {
        toast.success(`You joined ${invitation.organizationName}`, { description: 'It is now your active organization.' });
        await navigate(paths.dashboard.getHref());
      },
      onError: () => undefined,
    },
  });
  const reject = useRejectInvitation({
    mutationConfig: {
      onSuccess: async () => {
        toast.info('Invitation declined');
        await navigate(paths.dashboard.getHref());
      },
      onError: () => undefined,
    },
  });

  if (invitation.status !== 'pending') return <Closed invitation={invitation} message={ANSWERED[invitation.status]} />;
  if (new Date(invitation.expiresAt).getTime() <= openedAt) {
    return (
      <Closed
        invitation={invitation}
        message={`This invitation expired on ${formatDateTime(invitation.expiresAt)}. Ask ${invitation.inviterEmail || 'the person who invited you'} to send a new one.`}
      />
    );
  }

  const error = accept.error ?? reject.error;
  const busy = accept.isPending || reject.isPending;

  return (
    <div className="card-panel invitation-card">
      <div className="invitation-card__org">
        <Avatar name={invitation.organizationName} size="lg" shape="square" />
        <div>
          <p className="invitation-card__eyebrow">You are invited to join</p>
          <h1 className="invitation-card__title">{invitation.organizationName}</h1>
        </div>
      </div>
      <dl className="detail-list invitation-card__details">
        <div>
          <dt>Invited by</dt>
          <dd>{invitation.inviterEmail || 'A member of the organization'}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>
            <Badge tone="brand">{roleLabel(invitation.role)}</Badge>
          </dd>
        </div>
        <div>
          <dt>For</dt>
          <dd>{invitation.email}</dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>{formatDateTime(invitation.expiresAt)}</dd>
        </div>
      </dl>
      {error ? <FormMessage>{errorMessage(error)}</FormMessage> : null}
      {user.emailVerified ? null : (
        <p className="invitation-card__note">Verify your email address first: use the link we mailed you, then come back here.</p>
      )}
      <div className="invitation-card__actions">
        <Button size="lg" block loading={accept.isPending} disabled={!user.emailVerified || busy} onClick={() => accept.mutate({ invitationId })}>
          Accept invitation
        </Button>
        <Button size="lg" variant="outline" block loading={reject.isPending} disabled={busy} onClick={() => reject.mutate({ invitationId })}>
          Decline
        </Button>
      </div>
    </div>
  );
}

/** The invitation does not exist for this account (another address, or gone). */
export function InvitationNotFound({ switchAccount }: { switchAccount: ReactNode }) {
  const { user } = useSignedInSession();
  useDocumentHead({ title: 'Invitation not found' });
  return (
    <div className="card-panel invitation-card">
      <h1 className="invitation-card__title">We could not find this invitation</h1>
      <p className="invitation-card__text">
        It may have been sent to another email address than <strong>{user.email}</strong>, or it no longer exists. Sign
        in with the address the invitation was sent to, or ask for a new one.
      </p>
      <div className="invitation-card__actions">
        {switchAccount}
        <Link to={paths.dashboard.getHref()} className={buttonClassName({ variant: 'outline', size: 'lg', block: true })}>
          Go to your dashboard
        </Link>
      </div>
    </div>
  );
}
