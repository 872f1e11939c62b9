import { UpdateUserBody } from '#shared/auth';
import { SettingsSection } from '#web/components/layouts/app-layout';
import { Avatar } from '#web/components/ui/avatar';
import { Button } from '#web/components/ui/button';
import { FormMessage, TextField } from '#web/components/ui/form';
import { toast } from '#web/components/ui/toast';
import { useSignedInSession } from '#web/lib/auth';
import { useZodForm } from '#web/lib/form';
import { useUpdateUser } from '../api/update-user';
import './account.css';

const ProfileForm = UpdateUserBody.pick({ name: true }).required();

export function ProfileSection() {
  const { user } = useSignedInSession();
  const form = useZodForm(ProfileForm);
  const update = useUpdateUser({
    mutationConfig: {
      onSuccess: () => void toast.success('Your name was saved.'),
      onError: (error) => form.showServerError(error),
    },
  });

  return (
    <SettingsSection title="Profile" description="How you appear to the people in your organizations.">
      <form id={form.formId} className="form" noValidate onSubmit={form.handleSubmit((values) => update.mutate(values))}>
        {form.formError ? <FormMessage>{form.formError}</FormMessage> : null}
        <div className="profile-row">
          <Avatar name={user.name} size="lg" />
          <TextField label="Name" autoComplete="name" defaultValue={user.name} required className="profile-row__field" {...form.field('name')} />
        </div>
        <div className="form__actions">
          <Button type="submit" loading={update.isPending}>
            Save name
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
