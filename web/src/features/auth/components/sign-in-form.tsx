import { useNavigate } from 'react-router';
import { SignInBody } from '#shared/auth';
import { Button } from '#web/components/ui/button';
import { CheckboxField, FormMessage, PasswordField, TextField } from '#web/components/ui/form';
import { Link } from '#web/components/ui/link';
import { paths } from '#web/config/paths';
import { useZodForm } from '#web/lib/form';
import { useSignIn } from '../api/sign-in';
import { afterSignIn } from '../utils/auth-search';

export interface SignInFormProps {
  redirect: string | undefined;
  /** a message above the form (the password was just reset) */
  notice?: string | undefined;
}

export function SignInForm({ redirect, notice }: SignInFormProps) {
  const navigate = useNavigate();
  const form = useZodForm(SignInBody);
  const signIn = useSignIn({
    mutationConfig: {
      onSuccess: () => navigate(afterSignIn(redirect), { replace: true }),
      onError: (error) => form.showServerError(error, { unauthorized: 'Invalid email or password.' }),
    },
  });

  return (
    <form id={form.formId} className="form" noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))}>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {form.formError ? <FormMessage>{form.formError}</FormMessage> : null}
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" required {...form.field('email')} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        required
        labelAside={
          <Link to={paths.auth.getHref(redirect, 'forgot-password')} className="auth-card__aside-link">
            Forgot password?
          </Link>
        }
        {...form.field('password')}
      />
      <CheckboxField label="Keep me signed in" name="rememberMe" defaultChecked />
      <Button type="submit" size="lg" block loading={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
