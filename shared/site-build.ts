import * as z from 'zod';

/**
 * Which site a web build is for. The build writes the site's origin into canonical URLs, Open
 * Graph tags, the sitemap and robots.txt, so a build is made for one site: a local one (the
 * default: `npm start`, `npm test`, a plain `npm run build`) or a deployed stage's, which
 * `npm run deploy -- --stage NAME` makes with the origin from the stage's configuration
 * (infra/deploy.ts). The build records which in `site.json`; the CDK web stack uploads only a
 * build made for its own stage and origin, so a localhost build never reaches a deployed site.
 */

/** Set (to the stage's name) for a build that will be deployed; then SITE_ORIGIN_VARIABLE is required. */
export const DEPLOY_STAGE_VARIABLE = 'STEPCAST_DEPLOY_STAGE';
/** The site's public origin, e.g. https://stepcast.example.com (Vite exposes VITE_* to the app). */
export const SITE_ORIGIN_VARIABLE = 'VITE_SITE_ORIGIN';
/** The build's record of it, beside index.html (never uploaded). */
export const SITE_BUILD_FILE = 'site.json';

export const SiteBuild = z.object({
  /** the origin the pages name, without a trailing slash */
  origin: z.url(),
  /** the stage it was built for; null for a local build */
  stage: z.string().nullable(),
});
export type SiteBuild = z.infer<typeof SiteBuild>;

/** A deploy build without a usable origin: the build stops with this message. */
export class SiteOriginError extends Error {
  override readonly name = 'SiteOriginError';
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

/**
 * The site a build is for, from the environment: a deploy build needs an https origin that is
 * not a local address; a local build takes the origin given, else `http://localhost:{PORT|3000}`.
 */
export function siteBuildFromEnv(env: Readonly<Record<string, string | undefined>>): SiteBuild {
  const stage = env[DEPLOY_STAGE_VARIABLE] || null;
  const given = env[SITE_ORIGIN_VARIABLE] || undefined;
  if (stage === null) {
    const origin = given ?? `http://localhost:${env['PORT'] || '3000'}`;
    return { origin: new URL(origin).origin, stage };
  }
  if (!given) {
    throw new SiteOriginError(
      `${DEPLOY_STAGE_VARIABLE}=${stage} builds the site for a deployed stage, but ${SITE_ORIGIN_VARIABLE} is not set: deploy with npm run deploy -- --stage ${stage}, which takes the origin from the stage's configuration.`,
    );
  }
  let url: URL | undefined;
  try {
    url = new URL(given);
  } catch {
    url = undefined;
  }
  if (!url || url.protocol !== 'https:' || LOCAL_HOSTS.has(url.hostname) || url.origin !== given.replace(/\/$/, '')) {
    throw new SiteOriginError(`${SITE_ORIGIN_VARIABLE} must be the deployed site's https origin (https://host), not "${given}".`);
  }
  return { origin: url.origin, stage };
}
