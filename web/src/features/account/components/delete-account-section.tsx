import { useState } from 'react';
import { DeleteUserBody } from '#shared/auth';
import { SettingsSection } from '#web/components/layouts/app-layout';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { FormMessage, PasswordField } from '#web/components/ui/form';
import { toast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-error';
import { useLeavePrivateArea } from '#web/lib/auth';
import { useZodForm } from '#web/lib/form';
import { useDeleteUser } from '../api/delete-user';
import './account.css';

const DeleteAccountForm = DeleteUserBody.pick({ password: true });

export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const form = useZodForm(DeleteAccountForm);
  const leave = useLeavePrivateArea();
  const remove = useDeleteUser({
    mutationConfig: {
      onSuccess: async () => {
        await leave();
        toast.success('Your account was deleted.');
      },
      onError: (error) => {
        // A wrong password is bad_request (beside the field); an organisation that must be handed
        // over first is conflict, whose message names it.
        if (isApiError(error) && error.code === 'bad_request') form.showFieldErrors({ password: error.message });
        else form.showServerError(error);
      },
    },
  });

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      remove.reset();
      form.reset();
    }
  };

  return (
    <SettingsSection
      tone="danger"
      title="Delete account"
      description="Deletes your account, signs you out everywhere and removes you from your organizations. Organizations where you are the only member are deleted with their guides."
      footer={
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete account…
        </Button>
      }
    >
      <p className="danger-note">This cannot be undone. If you own an organization with other members, make one of them an owner first.</p>
      <Dialog
        open={open}
        onOpenChange={close}
        dismissible={!remove.isPending}
        title="Delete your account?"
        description="Enter your password to confirm. Your account and the organizations only you belong to are deleted for good."
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={() => close(false)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="danger" type="submit" form={form.formId} loading={remove.isPending}>
              Delete account
            </Button>
          </>
        }
      >
        <form
          id={form.formId}
          className="form"
          noValidate
          onSubmit={form.handleSubmit((values) => remove.mutate(values))}
        >
          {form.formError ? <FormMessage>{form.formError}</FormMessage> : null}
          <PasswordField label="Password" autoComplete="current-password" required {...form.field('password')} />
        </form>
      </Dialog>
    </SettingsSection>
  );
}
