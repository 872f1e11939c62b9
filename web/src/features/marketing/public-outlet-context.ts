import { useOutletContext } from 'react-router';

/** What the public layout hands its pages (app/routes/public-layout.tsx). */
export interface PublicOutletContext {
  signedIn: boolean;
}

/** Whether someone is signed in, as the public layout found out; false outside it. */
export function useSignedIn(): boolean {
  return useOutletContext<PublicOutletContext | undefined>()?.signedIn ?? false;
}
