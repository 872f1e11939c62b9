import { useEffect } from 'react';

/**
 * Runs `reset` when the page comes back from the back/forward cache: a button left spinning
 * while the browser went to Stripe must be usable again when the person presses Back.
 */
export function useResetOnPageShow(reset: () => void): void {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
}
