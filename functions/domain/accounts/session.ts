import { randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { db } from '../../db/service';
import { sessionKey } from '../../core/secrets';

/**
 * Sessions: a DynamoDB item per signed-in browser, named by a signed JWT in the cookie. The JWT
 * proves the cookie was issued here; the item is read on every request, so sign-out, revocation
 * and account deletion take effect on the very next request.
 */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** a session not remembered lasts a day, and its cookie ends with the browser */
export const SHORT_SESSION_TTL_SECONDS = 24 * 60 * 60;
/** a remembered session older than this gets a fresh expiry (and cookie) on its next use */
export const REFRESH_AFTER_SECONDS = 24 * 60 * 60;

export const JWT_ISSUER = 'stepcast';
export const JWT_AUDIENCE = 'stepcast-app';
const ALGORITHM = 'HS256';

export type Session = NonNullable<Awaited<ReturnType<typeof fromId>>>;

export interface IssuedSession {
  session: Session;
  token: string;
  /** seconds the cookie may live; undefined for a browser-session cookie */
  cookieMaxAge: number | undefined;
}

/** 128 random bits, base64url: not guessable, not derived from anything. */
function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

async function sign(session: Session): Promise<string> {
  return new SignJWT({ sid: session.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(session.userId)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(session.expiresAt)
    .sign(await sessionKey());
}

function issued(session: Session, token: string): IssuedSession {
  return { session, token, cookieMaxAge: session.rememberMe ? Math.max(0, session.expiresAt - Math.floor(Date.now() / 1000)) : undefined };
}

export async function create(input: {
  userId: string;
  activeOrgId?: string | undefined;
  rememberMe?: boolean | undefined;
  userAgent?: string | undefined;
  ipAddress?: string | undefined;
}): Promise<IssuedSession> {
  const rememberMe = input.rememberMe ?? true;
  const expiresAt = Math.floor(Date.now() / 1000) + (rememberMe ? SESSION_TTL_SECONDS : SHORT_SESSION_TTL_SECONDS);
  const { data } = await db()
    .entities.session.create({
      sessionId: newSessionId(),
      userId: input.userId,
      rememberMe,
      expiresAt,
      ...(input.activeOrgId ? { activeOrgId: input.activeOrgId } : {}),
      ...(input.userAgent ? { userAgent: input.userAgent.slice(0, 512) } : {}),
      ...(input.ipAddress ? { ipAddress: input.ipAddress } : {}),
    })
    .go();
  return issued(data, await sign(data));
}

export async function fromId(sessionId: string) {
  const { data } = await db().entities.session.get({ sessionId }).go();
  return data;
}

export interface VerifiedSession {
  session: Session;
  /** set when the session's expiry slid forward: the caller re-issues the cookie */
  refreshed?: IssuedSession;
}

/**
 * Checks a session token: signature with the allow-listed algorithm only, issuer, audience and
 * a required expiry (jose accepts a token without `exp` unless told), then the session item (one
 * read). Any failure is simply "no session".
 */
export async function verify(token: string): Promise<VerifiedSession | undefined> {
  let sessionId: string;
  let userId: string;
  try {
    const { payload } = await jwtVerify(token, await sessionKey(), {
      algorithms: [ALGORITHM],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
    });
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return undefined;
    sessionId = payload.sid;
    userId = payload.sub;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return undefined;
    throw error;
  }
  const session = await fromId(sessionId);
  const now = Math.floor(Date.now() / 1000);
  // TTL deletion lags by up to days: expiry is checked here, not left to the table.
  if (!session || session.userId !== userId || session.expiresAt <= now) return undefined;
  if (session.rememberMe && now - Math.floor(session.updatedAt / 1000) > REFRESH_AFTER_SECONDS) {
    const { data } = await db()
      .entities.session.patch({ sessionId })
      .set({ expiresAt: now + SESSION_TTL_SECONDS })
      .go({ response: 'all_new' });
    const refreshedSession = data as Session;
    return { session: refreshedSession, refreshed: issued(refreshedSession, await sign(refreshedSession)) };
  }
  return { session };
}

export async function setActiveOrganization(sessionId: string, orgId: string | undefined): Promise<void> {
  const update = db().entities.session.patch({ sessionId });
  await (orgId ? update.set({ activeOrgId: orgId }) : update.remove(['activeOrgId'])).go();
}

export async function listForUser(userId: string): Promise<Session[]> {
  const { data } = await db().entities.session.query.byUser({ userId }).go({ pages: 'all' });
  const now = Math.floor(Date.now() / 1000);
  return data.filter((s) => s.expiresAt > now).sort((a, b) => b.createdAt - a.createdAt);
}

export async function revoke(sessionId: string): Promise<void> {
  await db().entities.session.delete({ sessionId }).go();
}

/** Ends every session of a user, or all but one. */
export async function revokeAllForUser(userId: string, keepSessionId?: string): Promise<number> {
  const { data } = await db().entities.session.query.byUser({ userId }).go({ pages: 'all', attributes: ['sessionId'] });
  const doomed = data.filter((s) => s.sessionId !== keepSessionId).map((s) => ({ sessionId: s.sessionId }));
  if (doomed.length > 0) await db().entities.session.delete(doomed).go();
  return doomed.length;
}
