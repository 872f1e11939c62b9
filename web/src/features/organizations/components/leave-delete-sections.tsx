import { useId, useState } from 'react';
import type { FullOrganizationDto } from '#shared/organization';
import { SettingsSection } from '#web/components/layouts/app-layout';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { FormMessage, TextField } from '#web/components/ui/form';
import { toast } from '#web/components/ui/toast';
import { errorMessage } from '#web/lib/form';
import { useDeleteOrganization } from '../api/delete-organization';
import { useLeaveOrganization } from '../api/leave-organization';
import type { OrganizationAbilities } from '../utils/roles';
import './organizations.css';

function LeaveOrganization({ organization }: { organization: FullOrganizationDto }) {
  const [open, setOpen] = useState(false);
  const leave = useLeaveOrganization({
    mutationConfig: {
      onSuccess: () => {
        setOpen(false);
        toast.success(`You left ${organization.name}.`);
      },
      // The last owner cannot leave: the API's conflict message says what to do instead.
      onError: () => undefined,
    },
  });
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) leave.reset();
  };
  return (
    <div className="danger-row">
      <div>
        <p className="danger-row__title">Leave organization</p>
        <p className="danger-row__text">You lose access to its guides until someone invites you again.</p>
      </div>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Leave…
      </Button>
      <Dialog
        open={open}
        onOpenChange={close}
        dismissible={!leave.isPending}
        size="sm"
        title={`Leave ${organization.name}?`}
        description="You lose access to its guides until someone invites you again."
        footer={
          <>
            <Button variant="outline" onClick={() => close(false)} disabled={leave.isPending}>
              Cancel
            </Button>
            <Button variant="danger" loading={leave.isPending} onClick={() => leave.mutate({ organizationId: organization.id })}>
              Leave organization
            </Button>
          </>
        }
      >
        {leave.isError ? <FormMessage>{errorMessage(leave.error)}</FormMessage> : null}
      </Dialog>
    </div>
  );
}

function DeleteOrganization({ organization }: { organization: FullOrganizationDto }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const formId = useId();
  const remove = useDeleteOrganization({
    mutationConfig: {
      onSuccess: () => {
        setOpen(false);
        toast.success(`${organization.name} was deleted.`);
      },
      onError: () => undefined,
    },
  });
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setTyped('');
      remove.reset();
    }
  };
  const confirmed = typed.trim() === organization.slug;

  return (
    <div className="danger-row">
      <div>
        <p className="danger-row__title">Delete organization</p>
        <p className="danger-row__text">Deletes the organization with all its guides, folders and recordings, for everyone.</p>
      </div>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete…
      </Button>
      <Dialog
        open={open}
        onOpenChange={close}
        dismissible={!remove.isPending}
        title={`Delete ${organization.name}?`}
        description="Every guide, folder and recording in it is deleted for all its members. This cannot be undone."
        footer={
          <>
            <Button variant="outline" onClick={() => close(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="danger" type="submit" form={formId} disabled={!confirmed} loading={remove.isPending}>
              Delete organization
            </Button>
          </>
        }
      >
        <form
          id={formId}
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed) remove.mutate({ organizationId: organization.id });
          }}
        >
          {remove.isError ? <FormMessage>{errorMessage(remove.error)}</FormMessage> : null}
          <TextField
            label={
              <>
                Type <strong>{organization.slug}</strong> to confirm
              </>
            }
            value={typed}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
          />
        </form>
      </Dialog>
    </div>
  );
}

export interface DangerSectionProps {
  organization: FullOrganizationDto;
  abilities: OrganizationAbilities;
}

/** Leaving (anyone; the last owner is refused by the API) and deleting (organization:delete). */
export function DangerSection({ organization, abilities }: DangerSectionProps) {
  return (
    <SettingsSection tone="danger" title="Danger zone" description="Changes here cannot be undone.">
      <div className="danger-rows">
        <LeaveOrganization organization={organization} />
        {abilities.deleteOrganization ? <DeleteOrganization organization={organization} /> : null}
      </div>
    </SettingsSection>
  );
}
