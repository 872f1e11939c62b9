import { useState } from 'react';
import { ChangeEmailBody } from '#shared/auth';
import { SettingsSection } from '#web/components/layouts/app-layout';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { FormMessage, TextField } from '#web/components/ui/form';
import { paths } from '#web/config/paths';
import { useSignedInSession } from '#web/lib/auth';
import { errorMessage, useZodForm } from '#web/lib/form';
import { useChangeEmail } from '../api/change-email';
import { useSendVerificationEmail } from '../api/send-verification-email';
import './account.css';

const ChangeEmailForm = ChangeEmailBody.pick({ newEmail: true });

export function EmailSection() {
  const { user } = useSignedInSession();
  const [pendingEmail, setPendingEmail] = useState<string>();
  const form = useZodForm(ChangeEmailForm);
  const change = useChangeEmail({
    mutationConfig: {
      onSuccess: (_data, input) => {
        setPendingEmail(input.newEmail);
        form.reset();
      },
      onError: (error) => form.showServerError(error),
    },
  });
  const resend = useSendVerificationEmail({ mutationConfig: { onError: () => undefined } });

  return (
    <SettingsSection title="Email" description="Where we send sign-in help, invitations and notices.">
      <div className="email-current">
        <div className="email-current__address">
          <span className="email-current__label">Current email</span>
          <span className="email-current__value">{user.email}</span>
        </div>
        {user.emailVerified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>}
      </div>
      {user.emailVerified ? null : (
        <div className="email-verify">
          <p className="email-verify__text">
            Verify your address to accept invitations to organizations. Lost the mail? We can send a new link.
          </p>
          <Button
            variant="outline"
            size="sm"
            loading={resend.isPending}
            onClick={() => resend.mutate({ callbackURL: paths.dashboard.account.getHref() })}
          >
            Resend verification email
          </Button>
          <p role="status" className="email-verify__status">
            {resend.isSuccess ? `A new link is on its way to ${user.email}.` : null}
            {resend.isError ? errorMessage(resend.error) : null}
          </p>
        </div>
      )}

      <form
        id={form.formId}
        className="form email-change"
        noValidate
        onSubmit={form.handleSubmit((values) => change.mutate({ ...values, callbackURL: paths.dashboard.account.getHref() }))}
      >
        <h3 className="subheading">Change email</h3>
        {pendingEmail ? (
          <FormMessage tone="success" title="Check the new inbox">
            We sent a confirmation link to <strong>{pendingEmail}</strong>. Your email changes when you open it; until
            then, keep signing in with {user.email}.
          </FormMessage>
        ) : null}
        {form.formError ? <FormMessage>{form.formError}</FormMessage> : null}
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          hint="We mail a link to the new address; the change applies once you open it."
          {...form.field('newEmail')}
        />
        <div className="form__actions">
          <Button type="submit" variant="outline" loading={change.isPending}>
            Send confirmation link
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
