import type { QueryClient } from '@tanstack/react-query';
import { redirect, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { AuthScreen, VerificationFailed } from '#web/features/auth/components/auth-screen';
import { afterSignIn, parseAuthSearch } from '#web/features/auth/utils/auth-search';
import { loadSession } from '#web/lib/auth';

/**
 * /auth: a signed-in visitor goes straight to where sign-in would have taken them, except to
 * follow a password reset link or to read why a verification link failed.
 */
export function clientLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const search = parseAuthSearch(new URL(request.url).searchParams);
    const session = await loadSession(queryClient);
    if (session && search.mode !== 'reset' && !search.error) throw redirect(afterSignIn(search.redirect));
    return { signedIn: session !== null };
  };
}

export default function AuthRoute() {
  const { signedIn } = useLoaderData<{ signedIn: boolean }>();
  const [params] = useSearchParams();
  const search = parseAuthSearch(params);
  if (signedIn && search.error && search.mode !== 'reset') return <VerificationFailed error={search.error} />;
  return <AuthScreen search={search} />;
}
