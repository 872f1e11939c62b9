import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a navigation to another page, focus goes to the page's `main` (every layout gives it
 * `id="main"` and `tabIndex={-1}`): screen readers start reading the new page, and the next Tab
 * starts from its top instead of from the link that was followed. The first page load and
 * changes of the search or hash alone (tabs, filters, the skip link) leave focus alone.
 */
export function useFocusMainOnNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}
