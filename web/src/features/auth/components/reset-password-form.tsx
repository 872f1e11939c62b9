import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Password } from '#shared/auth';
import { Button } from '#web/components/ui/button';
import { FormMessage, NewPasswordField, PasswordField } from '#web/components/ui/form';
import { Link } from '#web/components/ui/link';
import { paths } from '#web/config/paths';
import { useZodForm } from '#web/lib/form';
import { useResetPassword } from '../api/reset-password';

const ResetPasswordFormSchema = z
  .object({ newPassword: Password, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  });

/** Where sign-in says the password was changed (read by the sign-in form). */
export const PASSWORD_RESET_NOTICE = 'Your password was changed and every session was signed out. Sign in with your new password.';

export function ResetPasswordForm({ token, redirect }: { token: string | undefined; redirect: string | undefined }) {
  const navigate = useNavigate();
  const form = useZodForm(ResetPasswordFormSchema);
  const reset = useResetPassword({
    mutationConfig: {
      onSuccess: async () => {
        await navigate(paths.auth.getHref(redirect), { replace: true, state: { notice: PASSWORD_RESET_NOTICE } });
      },
      onError: (error) => form.showServerError(error),
    },
  });

  if (!token) {
    return (
      <div className="form">
        <FormMessage>This reset link is incomplete. Open it again from the mail, or ask for a new one.</FormMessage>
        <Link to={paths.auth.getHref(redirect, 'forgot-password')} className="auth-card__back">
          Ask for a new link
        </Link>
      </div>
    );
  }

  return (
    <form
      id={form.formId}
      className="form"
      noValidate
      onSubmit={form.handleSubmit((values) => reset.mutate({ token, newPassword: values.newPassword }))}
    >
      {form.formError ? (
        <FormMessage>
          {form.formError} <Link to={paths.auth.getHref(redirect, 'forgot-password')}>Ask for a new link</Link>
        </FormMessage>
      ) : null}
      <NewPasswordField {...form.field('newPassword')} />
      <PasswordField label="Confirm new password" autoComplete="new-password" required {...form.field('confirmPassword')} />
      <Button type="submit" size="lg" block loading={reset.isPending}>
        Change password
      </Button>
    </form>
  );
}
