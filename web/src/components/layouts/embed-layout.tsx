import type { ReactNode } from 'react';
import './embed-layout.css';

/**
 * An embedded guide: no chrome at all, the frame is the host page's. Its own module, apart from
 * the share page's layout (which links into the app through the router): the embed does not load
 * the router. The `main` landmark is named after the guide: the host page has its own
 * `main`, and landmarks of a page and its frames must tell themselves apart.
 */
export function EmbedLayout({ label, children }: { label: string; children: ReactNode }) {
  return (
    <main id="main" className="embed-main" aria-label={label}>
      {children}
    </main>
  );
}
