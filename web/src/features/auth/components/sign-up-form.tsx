import { useRef, useEffect } from 'react';
import { PASSWORD_MIN, SignUpBody } from '#shared/auth';
import { Button } from '#web/components/ui/button';
import { FormMessage, PasswordField, TextField } from '#web/components/ui/form';
import { Link } from '#web/components/ui/link';
import { paths } from '#web/config/paths';
import { errorMessage, useZodForm } from '#web/lib/form';
import { useResendVerification, useSignUp } from '../api/sign-up';
import { afterSignUp } from '../utils/auth-search';

/**
 * After sign-up: the link is in the inbox (sign-up never says whether the address already had an
 * account; its owner gets a mail saying so). The heading takes the focus, so a screen reader
 * reads it at once.
 */
function CheckInbox({ email, callbackURL, redirect }: { email: string; callbackURL: string; redirect: string | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const resend = useResendVerification({ mutationConfig: { onError: () => undefined } });
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="form" aria-labelledby="check-inbox-heading">
      <h2 id="check-inbox-heading" ref={heading} tabIndex={-1} className="auth-card__notice-heading">
        Check your inbox
      </h2>
      <p>
        We sent a link to <strong>{email}</strong>. Open it to verify the address and sign in; it works once, for 24 hours.
      </p>
      <p>Already have an account with this address? The mail says so: sign in instead.</p>
      <Button variant="outline" block loading={resend.isPending} onClick={() => resend.mutate({ email, callbackURL })}>
        Send the link again
      </Button>
      <p role="status">
        {resend.isSuccess ? `A new link is on its way to ${email}.` : null}
        {resend.isError ? errorMessage(resend.error) : null}
      </p>
      <p className="auth-card__fineprint">
        <Link to={paths.auth.getHref(redirect)}>Sign in</Link>
      </p>
    </section>
  );
}

export function SignUpForm({ redirect }: { redirect: string | undefined }) {
  const form = useZodForm(SignUpBody);
  const target = afterSignUp(redirect);
  const signUp = useSignUp({ mutationConfig: { onError: (error) => form.showServerError(error) } });

  if (signUp.isSuccess) return <CheckInbox email={signUp.data.user.email} callbackURL={target} redirect={redirect} />;

  return (
    <form
      id={form.formId}
      className="form"
      noValidate
      // The verification link lands where sign-up goes, marked ?verified=true.
      onSubmit={form.handleSubmit((values) => signUp.mutate({ ...values, callbackURL: target }))}
    >
      {form.formError ? (
        <FormMessage>{form.formError}</FormMessage>
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
