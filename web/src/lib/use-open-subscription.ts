import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Opens the subscription modal (the billing feature's, product-spec.md §2): `?subscribe=true` on the
 * current page. `drop` removes other parameters in the same navigation (the dialog that led here).
 */
export function useOpenSubscription() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (drop: readonly string[] = []) =>
      setParams(
        (current) => {
          for (const key of drop) current.delete(key);
          current.set('subscribe', 'true');
          return current;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
}
