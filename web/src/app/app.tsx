import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isPrerenderedFor, readPrerenderedState } from '#web/lib/prerendered-state';
import { hasServerFrame } from '#web/lib/server-frame-paint';
import { loadRootSearch, ROOT_ROUTE_ID } from '#web/lib/root-search';
import { AppProvider } from './provider';
import { AppRouter, createAppRouter, createHydratingAppRouter, type AppRouterInstance } from './router';

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

/** Resolves once the router has its first page's code and data (or its error) to show. */
function routerReady({ router }: AppRouterInstance): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Starts the app in `root`. A page prerendered at build time (web/prerender.ts) is hydrated with
 * the state it was rendered with; the root route's data, the validated search, is read from
 * this URL, whose search the static HTML could not know. A share page whose first frame the
 * edge rendered (shared/share/frame.ts) keeps that frame on screen until the router has the
 * page's code and data, and the first render replaces it with the same markup. Any other page
 * is rendered afresh.
 */
export async function startApp(root: HTMLElement): Promise<void> {
  const prerendered = readPrerenderedState(document);
  if (!prerendered || !isPrerenderedFor(prerendered, window.location.pathname)) {
    const router = createAppRouter();
    const app = (
      <StrictMode>
        <App router={router} />
      </StrictMode>
    );
    if (hasServerFrame(root)) {
      // With the player's code (the landing page's budget has no room for it).
      const [{ replaceServerFrame }] = await Promise.all([import('#web/lib/server-frame'), routerReady(router)]);
      void replaceServerFrame(root, app);
      return;
    }
    // Another page's HTML may stand in as the shell: it is replaced, not hydrated, and its
    // canonical URL is not this page's.
    root.replaceChildren();
    document.head.querySelector('link[rel="canonical"]')?.remove();
    createRoot(root).render(app);
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
