import { UpdateOrganizationBody, type FullOrganizationDto } from '#shared/organization';
import { SettingsSection } from '#web/components/layouts/app-layout';
import { Button } from '#web/components/ui/button';
import { FormMessage, TextField } from '#web/components/ui/form';
import { toast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-error';
import { useZodForm } from '#web/lib/form';
import { useUpdateOrganization } from '../api/update-organization';
import type { OrganizationAbilities } from '../utils/roles';
import './organizations.css';

const GeneralForm = UpdateOrganizationBody.shape.data.pick({ name: true, slug: true }).required();

export interface GeneralSectionProps {
  organization: FullOrganizationDto;
  abilities: OrganizationAbilities;
}

/** Name and slug: editable with organization:update, read-only otherwise. */
export function GeneralSection({ organization, abilities }: GeneralSectionProps) {
  const form = useZodForm(GeneralForm);
  const update = useUpdateOrganization({
    mutationConfig: {
      onSuccess: () => void toast.success('Organization settings saved.'),
      onError: (error) => {
        if (isApiError(error) && error.code === 'conflict') form.showFieldErrors({ slug: error.message });
        else form.showServerError(error);
      },
    },
  });

  if (!abilities.updateOrganization) {
    return (
      <SettingsSection title="General" description="Only owners and admins can change these.">
        <dl className="detail-list">
          <div>
            <dt>Name</dt>
            <dd>{organization.name}</dd>
          </div>
          <div>
            <dt>Slug</dt>
            <dd>{organization.slug}</dd>
          </div>
        </dl>
      </SettingsSection>
    );
  }

  return (
    <SettingsSection title="General" description="The organization's name, as members see it, and its slug.">
      <form
        id={form.formId}
        className="form"
        noValidate
        onSubmit={form.handleSubmit((values) => update.mutate({ organizationId: organization.id, data: values }))}
      >
        {form.formError ? <FormMessage>{form.formError}</FormMessage> : null}
        <div className="form__row">
          <TextField label="Organization name" defaultValue={organization.name} required {...form.field('name')} />
          <TextField
            label="Slug"
            defaultValue={organization.slug}
            required
            spellCheck={false}
            autoCapitalize="off"
            hint="Lowercase letters, digits and dashes."
            {...form.field('slug')}
          />
        </div>
        <div className="form__actions">
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
