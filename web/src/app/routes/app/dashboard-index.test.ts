import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dashboardIndexLoader } from './dashboard-index';

function load(url: string): Response {
  const request = new Request(url);
  return dashboardIndexLoader({ request, url: new URL(url), params: {}, pattern: '/dashboard', context: new RouterContextProvider() });
}

describe('dashboardIndexLoader', () => {
  it('redirects to /dashboard/recents keeping the search parameters', () => {
    const response = load('https://stepcast.test/dashboard?subscribe=true&stripe_session_id=cs_1');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/dashboard/recents?subscribe=true&stripe_session_id=cs_1');
  });

  it('redirects without a search when there is none', () => {
    expect(load('https://stepcast.test/dashboard').headers.get('location')).toBe('/dashboard/recents');
  });
});
