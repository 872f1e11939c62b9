import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteErrorScreenProps } from './route-error-screen';

/**
 * The error screens load when a route fails, not with every page (the landing page's
 * JavaScript budget). Should even that load fail (the network is gone), a plain page says so.
 */
function OfflineErrorScreen() {
  return (
    <main id="main" className="offline-error">
      <h1>Oooops. Something went wrong.</h1>
      <button type="button" onClick={() => window.location.reload()}>
        Try Again
      </button>
    </main>
  );
}

/** A lazily loaded error element, falling back to the plain page when its code cannot load. */
export function lazyErrorElement<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Screen = lazy(() => load().then((component) => ({ default: component }), () => ({ default: OfflineErrorScreen as ComponentType<P> })));
  return function LazyErrorElement(props: P) {
    return (
      <Suspense fallback={null}>
        <Screen {...props} />
      </Suspense>
    );
  };
}

export const LazyRouteErrorScreen = lazyErrorElement<RouteErrorScreenProps>(() => import('./route-error-screen').then((m) => m.RouteErrorScreen));
