export * as DriftCheck from './check';
export * as SiteSession from './site-session';
