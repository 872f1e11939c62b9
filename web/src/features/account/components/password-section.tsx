import { useState } from 'react';
import { z } from 'zod';
import { Password } from '#shared/auth';
import { SettingsSection } from '#web/components/layouts/app-layout';
import { Button } from '#web/components/ui/button';
import { CheckboxField, FormMessage, NewPasswordField, PasswordField } from '#web/components/ui/form';
import { isApiError } from '#web/lib/api-error';
import { useZodForm } from '#web/lib/form';
import { useChangePassword } from '../api/change-password';
import './account.css';

const ChangePasswordForm = z.object({
  currentPassword: z.string().min(1, 'Enter your current password.').max(1024),
  newPassword: Password,
  revokeOtherSessions: z.boolean(),
});

export function PasswordSection() {
  const [changed, setChanged] = useState<{ signedOutOthers: boolean }>();
  const form = useZodForm(ChangePasswordForm);
  const change = useChangePassword({
    mutationConfig: {
      onSuccess: (_data, input) => {
        setChanged({ signedOutOthers: input.revokeOtherSessions !== false });
        form.reset();
      },
      onError: (error) => {
        // The API answers a wrong current password with bad_request: shown beside that field.
        if (isApiError(error) && error.code === 'bad_request') form.showFieldErrors({ currentPassword: error.message });
        else form.showServerError(error);
      },
    },
  });

  return (
    <SettingsSection title="Password" description="Use a password you do not use anywhere else.">
      <form
        id={form.formId}
        className="form"
        noValidate
        onSubmit={form.handleSubmit((values) => {
          setChanged(undefined);
          change.mutate(values);
        })}
      >
        {changed ? (
          <FormMessage tone="success">
            Your password was changed.{changed.signedOutOthers ? ' Your other devices were signed out.' : ''}
          </FormMessage>
        ) : null}
        {form.formError ? <FormMessage>{form.formError}</FormMessage> : null}
        <div className="form__row">
          <PasswordField label="Current password" autoComplete="current-password" required {...form.field('currentPassword')} />
          <NewPasswordField {...form.field('newPassword')} />
        </div>
        <CheckboxField
          name="revokeOtherSessions"
          label="Sign out other devices"
          hint="Recommended: anyone who knew the old password is signed out everywhere else."
          defaultChecked
        />
        <div className="form__actions">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
