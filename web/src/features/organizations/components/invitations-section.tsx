import { InviteMemberBody, type FullOrganizationDto } from '#shared/organization';
import { SettingsSection } from '#web/components/layouts/app-layout';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { FormMessage, SelectField, TextField } from '#web/components/ui/form';
import { toast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-error';
import { formatDateTime } from '#web/lib/format';
import { useZodForm } from '#web/lib/form';
import { useCancelInvitation } from '../api/cancel-invitation';
import { useInviteMember } from '../api/invite-member';
import { assignableRoles, ROLE_DESCRIPTIONS, ROLE_LABELS, roleLabel, type OrganizationAbilities } from '../utils/roles';
import './organizations.css';

const InviteForm = InviteMemberBody.pick({ email: true, role: true });

export interface InvitationsSectionProps {
  organization: FullOrganizationDto;
  role: string;
  abilities: OrganizationAbilities;
}

function InviteMemberForm({ role }: { role: string }) {
  const form = useZodForm(InviteForm);
  const invite = useInviteMember({
    mutationConfig: {
      onSuccess: (invitation) => {
        toast.success(`Invitation sent to ${invitation.email}`, { description: 'It is valid for 48 hours.' });
        form.reset();
      },
      onError: (error) => {
        // conflict: already a member, or already invited.
        if (isApiError(error) && error.code === 'conflict') form.showFieldErrors({ email: error.message });
        else form.showServerError(error);
      },
    },
  });

  return (
    <form id={form.formId} className="form invite-form" noValidate onSubmit={form.handleSubmit((values) => invite.mutate(values))}>
      <h3 className="subheading">Invite someone</h3>
      {form.formError ? <FormMessage>{form.formError}</FormMessage> : null}
      <div className="invite-form__row">
        <TextField
          label="Email address"
          type="email"
          inputMode="email"
          autoComplete="off"
          required
          placeholder="teammate@company.com"
          className="invite-form__email"
          {...form.field('email')}
        />
        <SelectField label="Role" defaultValue="member" className="invite-form__role" {...form.field('role')}>
          {assignableRoles(role).map((option) => (
            <option key={option} value={option}>
              {ROLE_LABELS[option]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" loading={invite.isPending} className="invite-form__submit">
          Send invitation
        </Button>
      </div>
      <ul role="list" className="role-legend">
        {assignableRoles(role).map((option) => (
          <li key={option}>
            <strong>{ROLE_LABELS[option]}</strong>: {ROLE_DESCRIPTIONS[option]}
          </li>
        ))}
      </ul>
    </form>
  );
}

/** Pending invitations, and the invite form for members whose role may invite. */
export function InvitationsSection({ organization, role, abilities }: InvitationsSectionProps) {
  const cancel = useCancelInvitation({ mutationConfig: { onSuccess: (invitation) => void toast.success(`Invitation to ${invitation.email} canceled.`) } });
  const pending = organization.invitations;

  if (!abilities.inviteMembers && pending.length === 0) return null;

  return (
    <SettingsSection title="Invitations" description="People invited by email join when they accept. An invitation is valid for 48 hours.">
      {pending.length > 0 ? (
        <ul role="list" className="invitation-list" aria-label="Pending invitations">
          {pending.map((invitation) => (
            <li key={invitation.id} className="invitation-list__item">
              <div className="invitation-list__who">
                <p className="invitation-list__email">{invitation.email}</p>
                <p className="invitation-list__meta">Expires {formatDateTime(invitation.expiresAt)}</p>
              </div>
              <Badge>{roleLabel(invitation.role)}</Badge>
              {abilities.cancelInvitations ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Cancel invitation to ${invitation.email}`}
                  loading={cancel.isPending && cancel.variables.invitationId === invitation.id}
                  onClick={() => cancel.mutate({ invitationId: invitation.id })}
                >
                  Cancel
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-note">No pending invitations.</p>
      )}
      {abilities.inviteMembers ? <InviteMemberForm role={role} /> : null}
    </SettingsSection>
  );
}
