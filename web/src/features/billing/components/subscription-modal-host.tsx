import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useRootSearch } from '#web/lib/root-search';
import { isSubscriptionModalRequested } from '../utils/subscription-modal';

const SubscriptionModal = lazy(() => import('./subscription-modal'));

const subscribeToNothing = () => () => {};

/**
 * Mounted by the root route on every page. The modal's code (and the session it checks) loads
 * only once the search asks for it (`?subscribe`, `?stripe_session_id`), so ordinary pages never
 * carry it; after that it stays mounted, so closing it can animate and hand focus back to
 * whatever opened it. Nothing renders while a prerendered page hydrates (its HTML was made
 * without the search).
 */
export function SubscriptionModalHost() {
  const search = useRootSearch();
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const requested = hydrated && isSubscriptionModalRequested(search);
  const [mounted, setMounted] = useState(false);
  if (requested && !mounted) setMounted(true);

  return mounted ? (
    <Suspense fallback={null}>
      <SubscriptionModal />
    </Suspense>
  ) : null;
}
