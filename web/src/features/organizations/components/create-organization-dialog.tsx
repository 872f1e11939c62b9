import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CreateOrganizationBody } from '#shared/organization';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { FormMessage, TextField } from '#web/components/ui/form';
import { toast } from '#web/components/ui/toast';
import { paths } from '#web/config/paths';
import { isApiError } from '#web/lib/api-error';
import { useZodForm } from '#web/lib/form';
import { useCreateOrganization } from '../api/create-organization';
import { slugFromName } from '../utils/slug';

const CreateOrganizationForm = CreateOrganizationBody.pick({ name: true, slug: true });

export interface CreateOrganizationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Name and slug; the slug follows the name until it is edited by hand. */
export function CreateOrganizationDialog({ open, onOpenChange }: CreateOrganizationDialogProps) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const form = useZodForm(CreateOrganizationForm);
  const create = useCreateOrganization({
    mutationConfig: {
      onSuccess: async (organization) => {
        close(false);
        toast.success(`${organization.name} is ready`, { description: 'Invite your teammates to start sharing guides.' });
        await navigate(paths.dashboard.organization.getHref());
      },
      onError: (error) => {
        // conflict: the slug is taken.
        if (isApiError(error) && error.code === 'conflict') form.showFieldErrors({ slug: error.message });
        else form.showServerError(error);
      },
    },
  });

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      setName('');
      setSlug('');
      setSlugEdited(false);
      form.reset();
      create.reset();
    }
  }

  const nameField = form.field('name');
  const slugField = form.field('slug');

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      dismissible={!create.isPending}
      title="Create organization"
      description="An organization is a shared space for guides and the people who make them. You will be its owner."
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={form.formId} loading={create.isPending}>
            Create organization
          </Button>
        </>
      }
    >
      <form id={form.formId} className="form" noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        {form.formError ? <FormMessage>{form.formError}</FormMessage> : null}
        <TextField
          label="Organization name"
          autoComplete="organization"
          required
          value={name}
          {...nameField}
          onChange={(event) => {
            nameField.onChange();
            setName(event.target.value);
            if (!slugEdited) setSlug(slugFromName(event.target.value));
          }}
        />
        <TextField
          label="Slug"
          required
          spellCheck={false}
          autoCapitalize="off"
          hint="Lowercase letters, digits and dashes. It names the organization in links."
          value={slug}
          {...slugField}
          onChange={(event) => {
            slugField.onChange();
            setSlugEdited(true);
            setSlug(event.target.value);
          }}
        />
      </form>
    </Dialog>
  );
}
