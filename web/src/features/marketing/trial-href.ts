import { paths } from '#web/config/paths';
import { useSignedIn } from './public-outlet-context';

/**
 * Where 'Start your free trial' goes (product-spec.md §2): a signed-in visitor opens the subscription at
 * once (`/?subscribe=true`); anyone else signs in first and comes back to it.
 */
export function trialHref(signedIn: boolean): string {
  const subscribe = paths.home.getHref({ subscribe: true });
  return signedIn ? subscribe : paths.auth.getHref(subscribe);
}

/** The trial button's target on a page inside the public layout. */
export function useTrialHref(): string {
  return trialHref(useSignedIn());
}
