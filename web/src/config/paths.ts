/**
 * Every URL of the SPA. Route definitions use `path`, links use `getHref`; nothing else builds
 * a path by hand. Share links take the segment from `shareSegment(guide)` in `#shared/share/link`
 * (not imported here, so that every page does not carry the slug library).
 */

/** The forms of the /auth screen, named in its `?mode=` parameter (sign-in when absent). */
export const AUTH_MODES = ['sign-in', 'sign-up', 'forgot-password', 'reset'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

function withSearch(pathname: string, search: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) if (value !== undefined) params.set(key, value);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export const paths = {
  home: {
    path: '/',
    /** `subscribe` opens the subscription modal for a signed-in user (product-spec.md §2). */
    getHref: (search: { subscribe?: boolean } = {}) =>
      withSearch('/', { subscribe: search.subscribe ? 'true' : undefined }),
  },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  gallery: {
    path: '/gallery',
    getHref: () => '/gallery/',
    item: { path: '/gallery/:slug', getHref: (slug: string) => `/gallery/${encodeURIComponent(slug)}` },
  },
  compare: {
    path: '/compare',
    getHref: () => '/compare',
    scribe: { path: '/compare/scribe-alternative', getHref: () => '/compare/scribe-alternative' },
    loom: { path: '/compare/loom-alternative', getHref: () => '/compare/loom-alternative' },
    guidde: { path: '/compare/guidde-alternative', getHref: () => '/compare/guidde-alternative' },
    /** the route of the three pages above; any other name is not found */
    alternative: { path: '/compare/:alternative' },
  },
  terms: { path: '/terms', getHref: () => '/terms' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  auth: {
    path: '/auth',
    /**
     * `redirectTo` is where sign-in returns to; the auth page only follows same-site paths.
     * `mode` opens another form than sign-in.
     */
    getHref: (redirectTo?: string, mode?: AuthMode) =>
      withSearch('/auth', { mode: mode === 'sign-in' ? undefined : mode, redirect: redirectTo }),
  },
  dashboard: {
    path: '/dashboard',
    getHref: () => '/dashboard',
    recents: {
      path: '/dashboard/recents',
      /** `new: 'screenshots'` opens the new guide from screenshots (the guides feature reads it). */
      getHref: (search: { new?: 'screenshots' } = {}) => withSearch('/dashboard/recents', { new: search.new }),
    },
    welcome: { path: '/dashboard/welcome', getHref: () => '/dashboard/welcome' },
    folder: { path: '/dashboard/folder/:id', getHref: (id: string) => `/dashboard/folder/${encodeURIComponent(id)}` },
    account: { path: '/dashboard/account', getHref: () => '/dashboard/account' },
    organization: { path: '/dashboard/organization', getHref: () => '/dashboard/organization' },
    /** the workspace's viewer analytics; `days` is the range (7, 30 or 90) */
    analytics: { path: '/dashboard/analytics', getHref: (search: { days?: number } = {}) => withSearch('/dashboard/analytics', { days: search.days?.toString() }) },
    /** one guide's viewer analytics */
    guideAnalytics: {
      path: '/dashboard/analytics/:id',
      getHref: (id: string, search: { days?: number } = {}) => withSearch(`/dashboard/analytics/${encodeURIComponent(id)}`, { days: search.days?.toString() }),
    },
  },
  /** Where an invitation mail links to (functions/domain/organizations/organization.ts builds the same path). */
  acceptInvitation: {
    path: '/accept-invitation/:id',
    getHref: (id: string) => `/accept-invitation/${encodeURIComponent(id)}`,
  },
  share: {
    path: '/share/:segment',
    getHref: (segment: string) => `/share/${encodeURIComponent(segment)}`,
    embed: { path: '/share/:segment/embed', getHref: (segment: string) => `/share/${encodeURIComponent(segment)}/embed` },
    design: { path: '/share/:segment/design', getHref: (segment: string) => `/share/${encodeURIComponent(segment)}/design` },
  },
} as const;
