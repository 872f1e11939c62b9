import { useState } from 'react';
import { RequestPasswordResetBody } from '#shared/auth';
import { Button } from '#web/components/ui/button';
import { FormMessage, TextField } from '#web/components/ui/form';
import { Link } from '#web/components/ui/link';
import { paths } from '#web/config/paths';
import { useZodForm } from '#web/lib/form';
import { useRequestPasswordReset } from '../api/request-password-reset';

export function ForgotPasswordForm({ redirect }: { redirect: string | undefined }) {
  const form = useZodForm(RequestPasswordResetBody);
  const [sentTo, setSentTo] = useState<string>();
  const request = useRequestPasswordReset({
    mutationConfig: {
      onSuccess: (_data, input) => setSentTo(input.email),
      onError: (error) => form.showServerError(error),
    },
  });

  if (sentTo) {
    return (
      <div className="form">
        <FormMessage tone="success" title="Check your inbox">
          If an account exists for <strong>{sentTo}</strong>, we sent it a link to choose a new password. The link works
          once, for one hour.
        </FormMessage>
        <Link to={paths.auth.getHref(redirect)} className="auth-card__back">
          Back to sign in
        </Link>
      </div>
    );
  }

  return (
    <form
      id={form.formId}
      className="form"
      noValidate
      onSubmit={form.handleSubmit((values) => request.mutate({ ...values, redirectTo: redirect }))}
    >
      {form.formError ? <FormMessage>{form.formError}</FormMessage> : null}
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" required {...form.field('email')} />
      <Button type="submit" size="lg" block loading={request.isPending}>
        Send reset link
      </Button>
      <Link to={paths.auth.getHref(redirect)} className="auth-card__back">
        Back to sign in
      </Link>
    </form>
  );
}
