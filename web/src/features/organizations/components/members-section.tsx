import { useState } from 'react';
import type { FullOrganizationDto, MemberDto } from '#shared/organization';
import { SettingsSection } from '#web/components/layouts/app-layout';
import { Avatar } from '#web/components/ui/avatar';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { FormMessage, SelectField } from '#web/components/ui/form';
import { toast } from '#web/components/ui/toast';
import { errorMessage } from '#web/lib/form';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMemberRole } from '../api/update-member-role';
import { assignableRoles, canChangeRole, canRemoveMember, isOwner, ROLE_LABELS, roleLabel } from '../utils/roles';
import './organizations.css';

export interface MembersSectionProps {
  organization: FullOrganizationDto;
  /** the signed-in person's role in it */
  role: string;
  userId: string;
}

function RoleSelect({ member, viewerRole }: { member: MemberDto; viewerRole: string }) {
  const update = useUpdateMemberRole({
    mutationConfig: {
      onSuccess: (updated) => void toast.success(`${updated.user.name} is now ${roleLabel(updated.role)}.`),
      // The last owner cannot be demoted, only owners grant owner: the API says which.
      onError: (error) => void toast.error('The role was not changed', { description: errorMessage(error) }),
    },
  });
  const roles = assignableRoles(viewerRole);
  const value = update.isPending ? update.variables.role : member.role;
  return (
    <SelectField
      label={`Role of ${member.user.name}`}
      hideLabel
      value={value}
      disabled={update.isPending}
      onChange={(event) => update.mutate({ memberId: member.id, role: event.target.value })}
    >
      {roles.some((role) => role === value) ? null : (
        <option value={value} disabled>
          {roleLabel(value)}
        </option>
      )}
      {roles.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </SelectField>
  );
}

function RemoveMemberDialog({ member, onClose }: { member: MemberDto | undefined; onClose: () => void }) {
  const remove = useRemoveMember({
    mutationConfig: {
      onSuccess: ({ member: removed }) => {
        toast.success(`${removed.user.name} was removed from the organization.`);
        onClose();
      },
      onError: () => undefined,
    },
  });
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog
      open={member !== undefined}
      onOpenChange={(open) => (open ? undefined : close())}
      dismissible={!remove.isPending}
      size="sm"
      title={`Remove ${member?.user.name ?? 'member'}?`}
      description="They lose access to the organization's guides at once. You can invite them again later."
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={() => member && remove.mutate({ memberIdOrEmail: member.id })}>
            Remove member
          </Button>
        </>
      }
    >
      {remove.isError ? <FormMessage>{errorMessage(remove.error)}</FormMessage> : null}
    </Dialog>
  );
}

/** Everyone in the organisation with their role; role changes and removal where the role allows. */
export function MembersSection({ organization, role, userId }: MembersSectionProps) {
  const [removing, setRemoving] = useState<MemberDto>();

  return (
    <SettingsSection
      title="Members"
      description={`${organization.members.length} ${organization.members.length === 1 ? 'person' : 'people'} in ${organization.name}.`}
    >
      <ul role="list" className="member-list">
        {organization.members.map((member) => {
          const isSelf = member.userId === userId;
          const mayChange = !isSelf && canChangeRole(role, member.role);
          const mayRemove = !isSelf && canRemoveMember(role, member.role);
          return (
            <li key={member.id} className="member-list__item">
              <Avatar name={member.user.name} />
              <div className="member-list__who">
                <p className="member-list__name">
                  {member.user.name} {isSelf ? <Badge>You</Badge> : null}
                </p>
                <p className="member-list__email">{member.user.email}</p>
              </div>
              <div className="member-list__role">
                {mayChange ? (
                  <RoleSelect member={member} viewerRole={role} />
                ) : (
                  <Badge tone={isOwner(member.role) ? 'brand' : 'neutral'}>{roleLabel(member.role)}</Badge>
                )}
              </div>
              <div className="member-list__actions">
                {mayRemove ? (
                  <Button variant="ghost" size="sm" aria-label={`Remove ${member.user.name}`} onClick={() => setRemoving(member)}>
                    Remove
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(undefined)} />
    </SettingsSection>
  );
}
