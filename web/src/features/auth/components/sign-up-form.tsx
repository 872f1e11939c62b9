import { useNavigate } from 'react-router';
import { PASSWORD_MIN, SignUpBody } from '#shared/auth';
import { Button } from '../../../components/ui/button';
import { FormMessage, PasswordField, TextField } from '../../../components/ui/form';
import { Link } from '../../../components/ui/link';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/form';
import { useSignUp } from '../api/sign-up';
import { afterSignUp } from '../utils/auth-search';

export function SignUpForm({ redirect }: { redirect: string | undefined }) {
  const navigate = useNavigate();
  const form = useZodForm(SignUpBody);
  const target = afterSignUp(redirect);
  const signUp = useSignUp({
    mutationConfig: {
      onSuccess: () => navigate(target, { replace: true }),
      onError: (error) => form.showServerError(error),
    },
  });
  const accountExists = isApiError(signUp.error, 409);

  return (
    <form
      id={form.formId}
      className="form"
      noValidate
      // The verification link lands where sign-up goes, marked ?verified=true.
      onSubmit={form.handleSubmit((values) => signUp.mutate({ ...values, callbackURL: target }))}
    >
      {form.formError ? (
        <FormMessage>
          {form.formError}{' '}
          {accountExists ? <Link to={paths.auth.getHref(redirect)}>Sign in instead</Link> : null}
        </FormMessage>
      ) : null}
      <TextField label="Name" autoComplete="name" required {...form.field('name')} />
      <TextField label="Work email" type="email" autoComplete="email" inputMode="email" required {...form.field('email')} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={`At least ${PASSWORD_MIN} characters. A short sentence is easy to remember and hard to guess.`}
        {...form.field('password')}
      />
      <Button type="submit" size="lg" block loading={signUp.isPending}>
        {signUp.isPending ? 'Creating your account…' : 'Create account'}
      </Button>
      <p className="auth-card__fineprint">
        By creating an account you agree to the <Link to={paths.terms.getHref()}>Terms</Link> and the{' '}
        <Link to={paths.privacy.getHref()}>Privacy policy</Link>.
      </p>
    </form>
  );
}
