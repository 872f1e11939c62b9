import type { QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isPrerenderedFor, readPrerenderedState } from '../lib/prerendered-state';
import { loadRootSearch, ROOT_ROUTE_ID } from '../lib/root-search';
import { AppProvider, createAppQueryClient } from './provider';
import { AppRouter, createHydratingAppRouter, type AppRouterInstance } from './router';

export interface AppProps {
  /** given together when the router was made ahead of the first render (hydration) */
  queryClient?: QueryClient;
  router?: AppRouterInstance;
}

export function App({ queryClient, router }: AppProps) {
  return (
    <AppProvider queryClient={queryClient}>
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
  const queryClient = createAppQueryClient();
  const loaderData = {
    ...prerendered.loaderData,
    [ROOT_ROUTE_ID]: await loadRootSearch(new URLSearchParams(window.location.search)),
  };
  const router = await createHydratingAppRouter(queryClient, { loaderData });
  // In a transition, hydration yields to the browser between components instead of holding
  // the main thread for the whole page: the page is already visible, and input stays responsive.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
}
