import { AppError } from '#shared/errors';
import { addResponseCookie, type ApiEvent } from '../core/http';
import { siteOrigin } from '../core/origin';
import { clientIp } from '../core/viewer';
import { Session, Users as User } from '../domain/accounts';
import { Membership } from '../domain/members';
import { readSessionToken, sessionCookie } from './session-cookie';

/**
 * Who is calling: the session behind the cookie (one DynamoDB read), and for organisation
 * routes the caller's membership. Resolved once per request.
 */
const resolved = new WeakMap<ApiEvent, Promise<Session.VerifiedSession | undefined>>();

export function currentSession(event: ApiEvent): Promise<Session.VerifiedSession | undefined> {
  let found = resolved.get(event);
  if (!found) {
    const token = readSessionToken(event);
    found = token
      ? Session.verify(token).then((verified) => {
          if (verified?.refreshed) {
            addResponseCookie(event, sessionCookie(event, verified.refreshed.token, verified.refreshed.cookieMaxAge));
          }
          return verified;
        })
      : Promise.resolve(undefined);
    resolved.set(event, found);
  }
  return found;
}

export async function requireSession(event: ApiEvent): Promise<Session.Session> {
  const verified = await currentSession(event);
  if (!verified) throw new AppError('unauthorized', 'Please sign in.');
  return verified.session;
}

export async function requireUser(event: ApiEvent) {
  const session = await requireSession(event);
  return { session, user: await User.requireUser(session.userId) };
}

/**
 * The caller's membership of the organisation a request names, or of the session's active
 * organisation. Not a member → not found.
 */
export async function requireMember(event: ApiEvent, organizationId?: string) {
  const session = await requireSession(event);
  const orgId = organizationId ?? session.activeOrgId;
  if (!orgId) throw new AppError('bad_request', 'No active organization. Choose one first.');
  const member = await Membership.requireMember(orgId, session.userId);
  return { session, member };
}

export function requestContext(event: ApiEvent): User.RequestContext {
  return {
    ip: clientIp(event),
    userAgent: event.headers?.['user-agent'],
    origin: siteOrigin(),
  };
}

/**
 * Points the caller's session at an organisation, or at none: the one place handlers change it.
 * With `from`, only a session working in that organisation moves (after leaving or deleting it).
 */
export async function switchOrganization(session: Session.Session, orgId: string | undefined, only?: { from: string }): Promise<void> {
  if (only && session.activeOrgId !== only.from) return;
  await Session.setActiveOrganization(session.sessionId, orgId);
}
