import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { createRoutePreloader } from './route-preload';

const ORIGIN = 'https://stepcast.test';

function routesWith(shareLoader: (args: { params: Record<string, string | undefined> }) => unknown, rootLoader = vi.fn()) {
  const importShare = vi.fn(async () => ({ loader: shareLoader }));
  const routes: RouteObject[] = [
    {
      id: 'root',
      path: '/',
      loader: rootLoader,
      children: [
        { index: true, lazy: async () => ({}) },
        { path: '/share/:segment', lazy: importShare },
      ],
    },
  ];
  return { routes, importShare, rootLoader };
}

describe('createRoutePreloader', () => {
  it("loads the target's lazy module and runs the loaders of every matched route with its params", async () => {
    const shareLoader = vi.fn();
    const { routes, importShare, rootLoader } = routesWith(shareLoader);
    await createRoutePreloader(routes, { origin: ORIGIN })('/share/demo-abcdefghijkl?x=1');

    expect(importShare).toHaveBeenCalledTimes(1);
    expect(shareLoader).toHaveBeenCalledWith(
      expect.objectContaining({ params: { segment: 'demo-abcdefghijkl' }, pattern: '/share/:segment' }),
    );
    expect(rootLoader).toHaveBeenCalledTimes(1);
    expect(new URL(shareLoader.mock.calls[0]![0].request.url).search).toBe('?x=1');
  });

  it('never rejects when a loader fails', async () => {
    const { routes } = routesWith(() => Promise.reject(new Error('API down')));
    await expect(createRoutePreloader(routes, { origin: ORIGIN })('/share/demo-abcdefghijkl')).resolves.toBeUndefined();
  });

  it('does not preload the same path again within the cool-down', async () => {
    const shareLoader = vi.fn();
    const { routes } = routesWith(shareLoader);
    let now = 0;
    const preload = createRoutePreloader(routes, { origin: ORIGIN, coolDownMs: 1000, now: () => now });

    await preload('/share/demo-abcdefghijkl');
    await preload('/share/demo-abcdefghijkl');
    expect(shareLoader).toHaveBeenCalledTimes(1);

    now = 1500;
    await preload('/share/demo-abcdefghijkl');
    expect(shareLoader).toHaveBeenCalledTimes(2);
  });

  it('ignores other sites and paths no route matches', async () => {
    const shareLoader = vi.fn();
    const { routes, rootLoader } = routesWith(shareLoader);
    const preload = createRoutePreloader(routes, { origin: ORIGIN });
    await preload('https://elsewhere.test/share/demo-abcdefghijkl');
    await preload('/nothing/here');
    expect(shareLoader).not.toHaveBeenCalled();
    expect(rootLoader).not.toHaveBeenCalled();
  });
});
