import { createHash } from 'node:crypto';
import * as z from 'zod';
import { AppError } from '#shared/errors';
import { SITE_SESSION_TTL_DAYS, SaveSiteSessionBody, SiteCookie, cookieMatchesOrigin, type SiteSessionDto, type SiteSessionList } from '#shared/drift';
import { db } from '../../db/service';
import { open, seal } from './seal';

/**
 * Sign-ins the extension saved for drift checks of apps behind a sign-in: per organisation and
 * origin, the origin's cookies (only those whose domain covers the origin's host) and its
 * localStorage, sealed (seal.ts). Only the check opens them, inside the worker; no answer of the
 * API ever carries their contents.
 */
type Item = NonNullable<Awaited<ReturnType<typeof getItem>>>;

const Stored = z.object({ cookies: z.array(SiteCookie), localStorage: z.array(z.object({ name: z.string(), value: z.string() })) });
export type StorageState = {
  cookies: Array<z.infer<typeof SiteCookie>>;
  origins: Array<{ origin: string; localStorage: Array<{ name: string; value: string }> }>;
};

export function sessionIdOf(origin: string): string {
  return createHash('sha256').update(origin).digest('hex').slice(0, 16);
}

const context = (orgId: string, sessionId: string) => `${orgId}#${sessionId}`;

async function getItem(orgId: string, sessionId: string) {
  const { data } = await db().entities.siteSession.get({ orgId, sessionId }).go();
  // DynamoDB's TTL deletes within days of expiry, not at once: an expired item is already gone for us.
  return data && data.expiresAt * 1000 > Date.now() ? data : null;
}

function dto(item: Item): SiteSessionDto {
  return {
    id: item.sessionId,
    origin: item.origin,
    cookieCount: item.cookieCount,
    createdAt: new Date(item.createdAt).toISOString(),
    expiresAt: new Date(item.expiresAt * 1000).toISOString(),
  };
}

/** Saves (or replaces) the sign-in of an origin for the organisation's checks. */
export async function save(orgId: string, userId: string, body: SaveSiteSessionBody): Promise<SiteSessionDto> {
  const input = SaveSiteSessionBody.parse(body);
  const cookies = input.cookies.filter((c) => cookieMatchesOrigin(c, input.origin));
  if (cookies.length === 0 && input.localStorage.length === 0) {
    throw new AppError('validation_failed', 'The request body is invalid.', { cookies: 'No cookie or storage of this site to save: sign in to it first.' });
  }
  const sessionId = sessionIdOf(input.origin);
  const sealed = await seal(Buffer.from(JSON.stringify({ cookies, localStorage: input.localStorage })), context(orgId, sessionId));
  await db()
    .entities.siteSession.put({
      orgId,
      sessionId,
      origin: input.origin,
      ...sealed,
      cookieCount: cookies.length,
      createdBy: userId,
      expiresAt: Math.floor(Date.now() / 1000) + SITE_SESSION_TTL_DAYS * 86_400,
    })
    .go();
  return dto((await getItem(orgId, sessionId))!);
}

export async function list(orgId: string): Promise<SiteSessionList> {
  const { data } = await db().entities.siteSession.query.byOrg({ orgId }).go({ pages: 'all' });
  return { items: data.filter((item) => item.expiresAt * 1000 > Date.now()).map(dto) };
}

export async function remove(orgId: string, sessionId: string): Promise<void> {
  if (!(await getItem(orgId, sessionId))) throw new AppError('not_found', 'Saved sign-in not found.');
  await db().entities.siteSession.delete({ orgId, sessionId }).go();
}

/** Every saved sign-in of an organisation goes (the organisation is deleted). */
export async function removeForOrganization(orgId: string): Promise<void> {
  const { data } = await db().entities.siteSession.query.byOrg({ orgId }).go({ pages: 'all', attributes: ['orgId', 'sessionId'] });
  if (data.length > 0) await db().entities.siteSession.delete(data).go();
}

/** The Playwright storage state for a check of pages of `origin`, or undefined when none is saved. */
export async function storageStateFor(orgId: string, origin: string): Promise<StorageState | undefined> {
  const sessionId = sessionIdOf(origin);
  const item = await getItem(orgId, sessionId);
  if (!item) return undefined;
  const stored = Stored.parse(JSON.parse((await open({ sealed: item.sealed, wrappedKey: item.wrappedKey }, context(orgId, sessionId))).toString('utf8')));
  return {
    // Checked again on the way out: a cookie of another site never reaches the browser.
    cookies: stored.cookies.filter((c) => cookieMatchesOrigin(c, origin)),
    origins: stored.localStorage.length > 0 ? [{ origin, localStorage: stored.localStorage }] : [],
  };
}
