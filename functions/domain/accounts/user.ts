import { AppError } from '#shared/errors';
import { unverifiedMessage, type SessionDto, type UserDto, type VerifiedAction } from '#shared/auth';
import { db } from '../../db/service';
import type { Session } from './session';

/**
 * Users and their DTOs, apart from passwords and sign-in (auth.ts): every signed-in request
 * reads the caller here, and none of that needs the password hasher.
 */
export interface RequestContext {
  ip: string;
  userAgent?: string | undefined;
  /** the site origin links in mails point to */
  origin: string;
}

export type User = NonNullable<Awaited<ReturnType<typeof userById>>>;

export async function userById(userId: string) {
  const { data } = await db().entities.user.get({ userId }).go();
  return data;
}

export async function requireUser(userId: string): Promise<User> {
  const user = await userById(userId);
  if (!user) throw new AppError('unauthorized', 'Please sign in.');
  return user;
}

export function userDto(user: User): UserDto {
  return {
    id: user.userId,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    image: user.image ?? null,
    blurPersonalData: user.blurPersonalData === true,
    createdAt: new Date(user.createdAt).toISOString(),
    updatedAt: new Date(user.updatedAt).toISOString(),
  };
}

export function sessionDto(session: Session, currentSessionId?: string): SessionDto {
  return {
    id: session.sessionId,
    token: session.sessionId,
    userId: session.userId,
    expiresAt: new Date(session.expiresAt * 1000).toISOString(),
    createdAt: new Date(session.createdAt).toISOString(),
    updatedAt: new Date(session.updatedAt).toISOString(),
    ipAddress: session.ipAddress ?? null,
    userAgent: session.userAgent ?? null,
    activeOrganizationId: session.activeOrgId ?? null,
    ...(currentSessionId ? { current: session.sessionId === currentSessionId } : {}),
  };
}


/** Refuses an action an unverified account may not take (shared/auth.ts UNVERIFIED_REFUSED). */
export function requireVerifiedEmail(user: { emailVerified: boolean }, action: VerifiedAction): void {
  if (!user.emailVerified) throw new AppError('email_unverified', unverifiedMessage(action));
}

export async function requireVerifiedUser(userId: string, action: VerifiedAction): Promise<User> {
  const user = await requireUser(userId);
  requireVerifiedEmail(user, action);
  return user;
}
