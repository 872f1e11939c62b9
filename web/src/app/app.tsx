import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isPrerenderedFor, readPrerenderedState } from '../lib/prerendered-state';
import { loadRootSearch, ROOT_ROUTE_ID } from '../lib/root-search';
import { AppProvider } from './provider';
import { AppRouter, createHydratingAppRouter, type AppRouterInstance } from './router';

export interface AppProps {
  /** given when the router was made ahead of the first render (hydration) */
  router?: AppRouterInstance;
}

export function App({ router }: AppProps) {
  return (
    <AppProvider>
      <AppRouter instance={router} />
    </AppProvider>
  );
}

/**
 * Starts the app in `root`. A page prerendered at build time (web/prerender.ts) is hydrated with
 * the state it was rendered with; the root route's data, the validated search, is read from
 * this URL, whose search the static HTML could not know. Any other page is rendered afresh.
 */
export async function startApp(root: HTMLElement): Promise<void> {
  const prerendered = readPrerenderedState(document);
  if (!prerendered || !isPrerenderedFor(prerendered, window.location.pathname)) {
    // Another page's HTML may stand in as the shell: it is replaced, not hydrated, and its
    // canonical URL is not this page's.
    root.replaceChildren();
    document.head.querySelector('link[rel="canonical"]')?.remove();
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    return;
  }
  const loaderData = {
    ...prerendered.loaderData,
    [ROOT_ROUTE_ID]: await loadRootSearch(new URLSearchParams(window.location.search)),
  };
  const router = await createHydratingAppRouter({ loaderData });
  // In a transition, hydration yields to the browser between components instead of holding
  // the main thread for the whole page: the page is already visible, and input stays responsive.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}
