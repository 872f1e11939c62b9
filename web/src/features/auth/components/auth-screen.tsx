import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PRODUCT_NAME } from '#shared/product';
import { FormMessage } from '#web/components/ui/form';
import { Link } from '#web/components/ui/link';
import { paths, type AuthMode } from '#web/config/paths';
import { useDocumentHead } from '#web/lib/document-head';
import { verificationErrorMessage, type AuthSearch } from '../utils/auth-search';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import '#web/components/ui/card.css';
import './auth.css';

const COPY: Record<AuthMode, { title: string; heading: string; lead: ReactNode }> = {
  'sign-in': { title: 'Sign in', heading: 'Welcome back', lead: `Sign in to your ${PRODUCT_NAME} account.` },
  'sign-up': { title: 'Create your account', heading: 'Create your account', lead: 'Turn any flow into a narrated guide in minutes.' },
  'forgot-password': {
    title: 'Forgot password',
    heading: 'Forgot your password?',
    lead: 'Enter the email of your account and we will mail you a link to choose a new one.',
  },
  reset: { title: 'Choose a new password', heading: 'Choose a new password', lead: 'Pick a password you do not use anywhere else.' },
};

/** The location state the reset form leaves for sign-in. */
function noticeFrom(state: unknown): string | undefined {
  if (typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string') return state.notice;
  return undefined;
}

/** Sign in or sign up: two tabs that are links, so each form has its own address. */
function AuthTabs({ mode, redirect }: { mode: AuthMode; redirect: string | undefined }) {
  const tabs = [
    { mode: 'sign-in', label: 'Sign in' },
    { mode: 'sign-up', label: 'Create account' },
  ] as const;
  return (
    <nav aria-label="Sign in or create an account" className="auth-tabs">
      <ul role="list" className="auth-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.mode}>
            <Link
              to={paths.auth.getHref(redirect, tab.mode)}
              className="auth-tabs__tab"
              aria-current={tab.mode === mode ? 'page' : undefined}
              replace
              preventScrollReset
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The /auth screen (product-spec.md §2): sign in, sign up, forgot password and reset password, chosen by
 * `?mode=`. A `?redirect=` is carried between the forms and followed after success (same-site
 * paths only); a failed verification link's `?error=` is explained above the form.
 */
export function AuthScreen({ search }: { search: AuthSearch }) {
  const { mode, redirect, token, error } = search;
  const location = useLocation();
  const copy = COPY[mode];
  useDocumentHead({ title: copy.title });

  return (
    <div className="card-panel auth-card">
      <div className="auth-card__intro">
        <h1 className="auth-card__title">{copy.heading}</h1>
        <p className="auth-card__lead">{copy.lead}</p>
      </div>
      {mode === 'sign-in' || mode === 'sign-up' ? <AuthTabs mode={mode} redirect={redirect} /> : null}
      {error ? (
        <FormMessage title="Email not verified">{verificationErrorMessage(error)}</FormMessage>
      ) : null}
      {mode === 'sign-in' ? <SignInForm redirect={redirect} notice={noticeFrom(location.state)} /> : null}
      {mode === 'sign-up' ? <SignUpForm redirect={redirect} /> : null}
      {mode === 'forgot-password' ? <ForgotPasswordForm redirect={redirect} /> : null}
      {mode === 'reset' ? <ResetPasswordForm token={token} redirect={redirect} /> : null}
    </div>
  );
}

/** A signed-in visitor who came back from a failed verification link: the reason and a way on. */
export function VerificationFailed({ error }: { error: string }) {
  useDocumentHead({ title: 'Email not verified' });
  return (
    <div className="card-panel auth-card">
      <div className="auth-card__intro">
        <h1 className="auth-card__title">Email not verified</h1>
      </div>
      <FormMessage>{verificationErrorMessage(error)}</FormMessage>
      <p className="auth-card__lead">You can send yourself a new verification link from your account settings.</p>
      <Link to={paths.dashboard.account.getHref()} className="auth-card__back">
        Go to account settings
      </Link>
    </div>
  );
}
