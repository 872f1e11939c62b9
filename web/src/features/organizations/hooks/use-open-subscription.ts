import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Opens the subscription modal (the billing feature's, product-spec.md §2): `?subscribe=true` on this page. */
export function useOpenSubscription() {
  const [, setParams] = useSearchParams();
  return useCallback(
    () =>
      setParams(
        (current) => {
          current.set('subscribe', 'true');
          return current;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
}
