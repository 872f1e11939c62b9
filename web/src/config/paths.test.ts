import { describe, expect, it } from 'vitest';
import { isClientRoute } from '#shared/site-routes';
import { paths } from './paths';

describe('paths', () => {
  it('lists every signed-in route among the client routes the edge answers 200 (shared/site-routes.ts)', () => {
    for (const href of [
      paths.auth.getHref(),
      paths.dashboard.recents.getHref(),
      paths.dashboard.welcome.getHref(),
      paths.dashboard.folder.getHref('abc'),
      paths.dashboard.account.getHref(),
      paths.dashboard.organization.getHref(),
      paths.acceptInvitation.getHref('inv-1'),
    ]) {
      expect(isClientRoute(new URL(href, 'https://x.test').pathname), href).toBe(true);
    }
    expect(isClientRoute('/gallery/no-such-guide')).toBe(false);
  });

  it('sends the free-trial call to action through sign-in and back with the subscribe flag', () => {
    const href = paths.auth.getHref(paths.home.getHref({ subscribe: true }));
    expect(href).toBe('/auth?redirect=%2F%3Fsubscribe%3Dtrue');
    expect(new URL(href, 'https://x.test').searchParams.get('redirect')).toBe('/?subscribe=true');
  });

  it('builds share, embed and design links from a share segment', () => {
    expect(paths.share.getHref('demo-abcdefghijkl')).toBe('/share/demo-abcdefghijkl');
    expect(paths.share.embed.getHref('demo-abcdefghijkl')).toBe('/share/demo-abcdefghijkl/embed');
    expect(paths.share.design.getHref('demo-abcdefghijkl')).toBe('/share/demo-abcdefghijkl/design');
  });

  it('opens another form of /auth with ?mode=, keeping the way back', () => {
    expect(paths.auth.getHref()).toBe('/auth');
    expect(paths.auth.getHref(undefined, 'sign-in')).toBe('/auth');
    expect(paths.auth.getHref('/dashboard/welcome', 'sign-up')).toBe('/auth?mode=sign-up&redirect=%2Fdashboard%2Fwelcome');
  });

  it('links the new guide from screenshots and the invitation page', () => {
    expect(paths.dashboard.recents.getHref({ new: 'screenshots' })).toBe('/dashboard/recents?new=screenshots');
    expect(paths.acceptInvitation.getHref('abc_123')).toBe('/accept-invitation/abc_123');
  });
});
