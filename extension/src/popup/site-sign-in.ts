import { SITE_SESSION_TTL_DAYS, type SiteCookie } from '#shared/drift';
import * as Api from '../api';

/**
 * "Save sign-in for checks": the cookies the browser would send to the page in front (its own
 * host's and its parent domains'), sent to Stepcast so that drift checks of guides on that site
 * see it signed in. Nothing of any other site is read.
 */
const SAME_SITE: Record<chrome.cookies.Cookie['sameSite'], SiteCookie['sameSite']> = { no_restriction: 'None', lax: 'Lax', strict: 'Strict', unspecified: 'Lax' };

export function siteCookies(cookies: readonly chrome.cookies.Cookie[]): SiteCookie[] {
  return cookies.map((c) => ({
    name: c.name,
    value: c.value,
    domain: c.domain,
    path: c.path || '/',
    expires: c.session || c.expirationDate === undefined ? -1 : Math.floor(c.expirationDate),
    httpOnly: c.httpOnly,
    secure: c.secure,
    sameSite: SAME_SITE[c.sameSite] ?? 'Lax',
  }));
}

/** Saves the sign-in of the tab's site; answers what a person should read. */
export async function saveSignIn(tabUrl: string): Promise<{ ok: boolean; message: string }> {
  const origin = new URL(tabUrl).origin;
  const cookies = siteCookies(await chrome.cookies.getAll({ url: tabUrl }));
  if (cookies.length === 0) return { ok: false, message: `${origin} has no sign-in to save: sign in to it in this tab first.` };
  try {
    const saved = await Api.saveSiteSession({ origin, cookies });
    return { ok: true, message: `Sign-in saved for checks of ${saved.origin} (${saved.cookieCount} ${saved.cookieCount === 1 ? 'cookie' : 'cookies'}), kept ${SITE_SESSION_TTL_DAYS} days.` };
  } catch (error) {
    return { ok: false, message: error instanceof Api.ApiError ? error.message : 'The sign-in could not be saved.' };
  }
}
