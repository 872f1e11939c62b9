import { useState } from 'react';
import { CreateTeamBody, type FullOrganizationDto, type TeamDto } from '#shared/organization';
import { SettingsSection } from '#web/components/layouts/app-layout';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { FormMessage, SelectField, TextField } from '#web/components/ui/form';
import { toast } from '#web/components/ui/toast';
import { errorMessage, useZodForm } from '#web/lib/form';
import { useAddTeamMember } from '../api/add-team-member';
import { useCreateTeam } from '../api/create-team';
import { useRemoveTeam } from '../api/remove-team';
import { useRemoveTeamMember } from '../api/remove-team-member';
import { useUpdateTeam } from '../api/update-team';
import type { OrganizationAbilities } from '../utils/roles';
import './organizations.css';

const TeamForm = CreateTeamBody.pick({ name: true });

function CreateTeamForm() {
  const form = useZodForm(TeamForm);
  const create = useCreateTeam({
    mutationConfig: {
      onSuccess: (team) => {
        toast.success(`Team ${team.name} created.`);
        form.reset();
      },
      onError: (error) => form.showServerError(error),
    },
  });
  return (
    <form id={form.formId} className="form team-create" noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
      {form.formError ? <FormMessage>{form.formError}</FormMessage> : null}
      <div className="inline-form">
        <TextField label="New team name" required placeholder="e.g. Customer success" className="inline-form__field" {...form.field('name')} />
        <Button type="submit" variant="outline" loading={create.isPending}>
          Create team
        </Button>
      </div>
    </form>
  );
}

function RenameTeamForm({ team, onDone }: { team: TeamDto; onDone: () => void }) {
  const form = useZodForm(TeamForm);
  const update = useUpdateTeam({
    mutationConfig: {
      onSuccess: (renamed) => {
        toast.success(`Team renamed to ${renamed.name}.`);
        onDone();
      },
      onError: (error) => form.showServerError(error),
    },
  });
  return (
    <form
      id={form.formId}
      className="form"
      noValidate
      onSubmit={form.handleSubmit((values) => update.mutate({ teamId: team.id, data: { name: values.name } }))}
    >
      {form.formError ? <FormMessage>{form.formError}</FormMessage> : null}
      <div className="inline-form">
        <TextField label={`New name for ${team.name}`} defaultValue={team.name} required className="inline-form__field" {...form.field('name')} />
        <Button type="submit" loading={update.isPending}>
          Save
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function TeamMembersDialog({ team, organization, onClose }: { team: TeamDto | undefined; organization: FullOrganizationDto; onClose: () => void }) {
  const [userId, setUserId] = useState(organization.members[0]?.userId ?? '');
  const [done, setDone] = useState<string>();
  const nameOf = (id: string) => organization.members.find((member) => member.userId === id)?.user.name ?? 'The member';
  const add = useAddTeamMember({
    mutationConfig: { onSuccess: (_data, input) => setDone(`${nameOf(input.userId)} is in ${team?.name ?? 'the team'}.`), onError: () => setDone(undefined) },
  });
  const remove = useRemoveTeamMember({
    mutationConfig: {
      onSuccess: (_data, input) => setDone(`${nameOf(input.userId)} is no longer in ${team?.name ?? 'the team'}.`),
      onError: () => setDone(undefined),
    },
  });
  const error = add.error ?? remove.error;
  const close = () => {
    add.reset();
    remove.reset();
    setDone(undefined);
    onClose();
  };

  return (
    <Dialog
      open={team !== undefined}
      onOpenChange={(open) => (open ? undefined : close())}
      dismissible={!add.isPending && !remove.isPending}
      title={`Members of ${team?.name ?? 'the team'}`}
      description="Choose a member of the organization, then add them to the team or take them out of it."
      footer={
        <Button variant="outline" onClick={close}>
          Done
        </Button>
      }
    >
      <div className="form">
        {done ? <FormMessage tone="success">{done}</FormMessage> : null}
        {error ? <FormMessage>{errorMessage(error)}</FormMessage> : null}
        <SelectField label="Member" value={userId} onChange={(event) => setUserId(event.target.value)}>
          {organization.members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.user.name} ({member.user.email})
            </option>
          ))}
        </SelectField>
        <div className="form__actions">
          <Button
            loading={add.isPending}
            disabled={!team || !userId || remove.isPending}
            onClick={() => team && add.mutate({ teamId: team.id, userId })}
          >
            Add to team
          </Button>
          <Button
            variant="outline"
            loading={remove.isPending}
            disabled={!team || !userId || add.isPending}
            onClick={() => team && remove.mutate({ teamId: team.id, userId })}
          >
            Remove from team
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function DeleteTeamDialog({ team, onClose }: { team: TeamDto | undefined; onClose: () => void }) {
  const remove = useRemoveTeam({
    mutationConfig: {
      onSuccess: () => {
        toast.success(`Team ${team?.name ?? ''} deleted.`);
        onClose();
      },
      onError: () => undefined,
    },
  });
  return (
    <Dialog
      open={team !== undefined}
      onOpenChange={(open) => {
        if (open) return;
        remove.reset();
        onClose();
      }}
      dismissible={!remove.isPending}
      size="sm"
      title={`Delete ${team?.name ?? 'team'}?`}
      description="The team goes; its members stay in the organization."
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={() => team && remove.mutate({ teamId: team.id })}>
            Delete team
          </Button>
        </>
      }
    >
      {remove.isError ? <FormMessage>{errorMessage(remove.error)}</FormMessage> : null}
    </Dialog>
  );
}

export interface TeamsSectionProps {
  organization: FullOrganizationDto;
  abilities: OrganizationAbilities;
}

/** Teams of the organisation: create, rename, delete and staff them where the role allows. */
export function TeamsSection({ organization, abilities }: TeamsSectionProps) {
  const [renaming, setRenaming] = useState<string>();
  const [staffing, setStaffing] = useState<TeamDto>();
  const [deleting, setDeleting] = useState<TeamDto>();

  return (
    <SettingsSection title="Teams" description="Group members by what they work on.">
      {organization.teams.length > 0 ? (
        <ul role="list" className="team-list">
          {organization.teams.map((team) => (
            <li key={team.id} className="team-list__item">
              {renaming === team.id ? (
                <RenameTeamForm team={team} onDone={() => setRenaming(undefined)} />
              ) : (
                <>
                  <p className="team-list__name">{team.name}</p>
                  <div className="team-list__actions">
                    {abilities.updateTeams ? (
                      <>
                        <Button variant="ghost" size="sm" aria-label={`Members of ${team.name}`} onClick={() => setStaffing(team)}>
                          Members
                        </Button>
                        <Button variant="ghost" size="sm" aria-label={`Rename ${team.name}`} onClick={() => setRenaming(team.id)}>
                          Rename
                        </Button>
                      </>
                    ) : null}
                    {abilities.deleteTeams ? (
                      <Button variant="ghost" size="sm" aria-label={`Delete ${team.name}`} onClick={() => setDeleting(team)}>
                        Delete
                      </Button>
                    ) : null}
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-note">No teams yet.</p>
      )}
      {abilities.createTeams ? <CreateTeamForm /> : null}
      {abilities.updateTeams ? <TeamMembersDialog team={staffing} organization={organization} onClose={() => setStaffing(undefined)} /> : null}
      {abilities.deleteTeams ? <DeleteTeamDialog team={deleting} onClose={() => setDeleting(undefined)} /> : null}
    </SettingsSection>
  );
}
