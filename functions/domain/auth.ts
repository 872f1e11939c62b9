import { AppError } from '#shared/errors';
import { PRODUCT_NAME } from '#shared/product';
import { logger } from '../core/logger';
import { db } from '../db/service';
import * as Account from './account';
import * as Mail from './mail';
import * as Organization from './organization';
import { hashPassword, verifyPassword } from './password';
import * as RateLimit from './rate-limit';
import * as Session from './session';
import * as Token from './token';
import { requireUser, userById, type RequestContext, type User } from './user';

export { requireUser, sessionDto, userById, userDto, type RequestContext, type User } from './user';

/**
 * Accounts and sign-in: the domain under /api/auth. Handlers pass the caller's context; this
 * module enforces rate limits, hashes, sessions and single-use mail links.
 */
// A real argon2id hash of a random password: unknown emails spend the same time verifying.
let dummyHash: Promise<string> | undefined;
function timingDummy(): Promise<string> {
  dummyHash ??= hashPassword(`no-such-user-${Math.random()}`);
  return dummyHash;
}

const INVALID_CREDENTIALS = 'Invalid email or password.';

function link(ctx: RequestContext, path: string, params: Record<string, string | undefined>): string {
  const url = new URL(path, ctx.origin);
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return url.toString();
}

async function sendVerification(user: { userId: string; email: string; name: string }, ctx: RequestContext, callbackURL?: string) {
  const token = await Token.issue('verify-email', user.userId, user.email);
  await Mail.send(
    Mail.actionMail({
      to: user.email,
      subject: `Verify your email for ${PRODUCT_NAME}`,
      heading: `Welcome, ${user.name}`,
      intro: `Confirm that ${user.email} is your address to finish setting up your ${PRODUCT_NAME} account.`,
      action: 'Verify email',
      url: link(ctx, '/api/auth/verify-email', { token, callbackURL }),
      outro: 'The link works once and expires in 24 hours. If you did not sign up, ignore this mail.',
    }),
  );
}

export async function signUp(
  input: { name: string; email: string; password: string; image?: string | undefined; callbackURL?: string | undefined },
  ctx: RequestContext,
): Promise<{ user: User; issued: Session.IssuedSession }> {
  await RateLimit.check('sign-up', { account: input.email, ip: ctx.ip });
  const { userId, orgId } = await Account.create({ name: input.name, email: input.email, password: input.password });
  if (input.image) await db().entities.user.patch({ userId }).set({ image: input.image }).go();
  const user = await requireUser(userId);
  try {
    await sendVerification(user, ctx, input.callbackURL);
  } catch (error) {
    // The account exists; the person can ask for the mail again from the app.
    logger.error('verification mail failed at sign-up', { error: error as Error });
  }
  const issued = await Session.create({ userId, activeOrgId: orgId, rememberMe: true, userAgent: ctx.userAgent, ipAddress: ctx.ip });
  return { user, issued };
}

export async function signIn(
  input: { email: string; password: string; rememberMe?: boolean | undefined },
  ctx: RequestContext,
): Promise<{ user: User; issued: Session.IssuedSession }> {
  await RateLimit.check('sign-in', { account: input.email, ip: ctx.ip });
  const userId = await Account.userIdByEmail(input.email);
  const user = userId ? await userById(userId) : undefined;
  const valid = await verifyPassword(user?.passwordHash ?? (await timingDummy()), input.password);
  if (!user || !valid) throw new AppError('unauthorized', INVALID_CREDENTIALS);
  const activeOrgId = await Organization.defaultOrganizationFor(user);
  const issued = await Session.create({
    userId: user.userId,
    activeOrgId,
    rememberMe: input.rememberMe ?? true,
    userAgent: ctx.userAgent,
    ipAddress: ctx.ip,
  });
  return { user, issued };
}

export async function updateUser(userId: string, input: { name?: string | undefined; image?: string | null | undefined }): Promise<User> {
  const update = db().entities.user.patch({ userId });
  const set: { name?: string; image?: string } = {};
  if (input.name !== undefined) set.name = input.name;
  if (typeof input.image === 'string') set.image = input.image;
  const chain = Object.keys(set).length > 0 ? update.set(set) : update.set({});
  await (input.image === null ? chain.remove(['image']) : chain).go();
  return requireUser(userId);
}

export async function changePassword(
  userId: string,
  currentSessionId: string,
  input: { currentPassword: string; newPassword: string; revokeOtherSessions?: boolean | undefined },
): Promise<User> {
  const user = await requireUser(userId);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('bad_request', 'The current password is not correct.');
  }
  await db().entities.user.patch({ userId }).set({ passwordHash: await hashPassword(input.newPassword) }).go();
  // Other sessions end unless the caller explicitly keeps them (security.md).
  if (input.revokeOtherSessions !== false) await Session.revokeAllForUser(userId, currentSessionId);
  return requireUser(userId);
}

export async function sendVerificationEmail(
  input: { userId?: string | undefined; email?: string | undefined; callbackURL?: string | undefined },
  ctx: RequestContext,
): Promise<void> {
  const userId = input.userId ?? (input.email ? await Account.userIdByEmail(input.email) : undefined);
  await RateLimit.check('verification-mail', { account: userId ?? input.email ?? 'unknown', ip: ctx.ip });
  const user = userId ? await userById(userId) : undefined;
  // Same answer whether or not the address has an account.
  if (!user || user.emailVerified) return;
  await sendVerification(user, ctx, input.callbackURL);
}

export async function changeEmail(userId: string, newEmail: string, ctx: RequestContext, callbackURL?: string): Promise<void> {
  const user = await requireUser(userId);
  if (user.email === newEmail) throw new AppError('bad_request', 'That is already your email address.');
  if (await Account.userIdByEmail(newEmail)) throw new AppError('conflict', 'An account with this email already exists.');
  await RateLimit.check('verification-mail', { account: userId, ip: ctx.ip });
  const token = await Token.issue('change-email', userId, newEmail);
  await Mail.send(
    Mail.actionMail({
      to: newEmail,
      subject: `Confirm your new email for ${PRODUCT_NAME}`,
      heading: 'Confirm your new email address',
      intro: `${user.name} asked to use ${newEmail} for their ${PRODUCT_NAME} account.`,
      action: 'Confirm new email',
      url: link(ctx, '/api/auth/verify-email', { token, callbackURL }),
      outro: 'The link works once and expires in 24 hours. If this was not you, ignore this mail: nothing changes.',
    }),
  );
}

/** Applies a verify-email or change-email link; answers the user it verified. */
export async function verifyEmail(token: string): Promise<User> {
  const claim = await Token.consume(token, ['verify-email', 'change-email']);
  const user = await requireUser(claim.userId);
  if (claim.purpose === 'verify-email') {
    if (user.email !== claim.email) throw new AppError('bad_request', 'This link is for an address the account no longer uses.');
    await db().entities.user.patch({ userId: user.userId }).set({ emailVerified: true }).go();
    return requireUser(user.userId);
  }
  const result = await db()
    .transaction.write(({ user: users, userEmail }) => [
      userEmail.create({ email: claim.email, userId: user.userId }).commit(),
      userEmail.delete({ email: user.email }).commit(),
      users.patch({ userId: user.userId }).set({ email: claim.email, emailVerified: true }).commit(),
    ])
    .go();
  if (result.canceled) throw new AppError('conflict', 'An account with this email already exists.');
  return requireUser(user.userId);
}

export async function requestPasswordReset(email: string, ctx: RequestContext, redirectTo?: string): Promise<void> {
  await RateLimit.check('password-reset', { account: email, ip: ctx.ip });
  const userId = await Account.userIdByEmail(email);
  const user = userId ? await userById(userId) : undefined;
  if (!user) return;
  const token = await Token.issue('reset-password', user.userId, user.email);
  await Mail.send(
    Mail.actionMail({
      to: user.email,
      subject: `Reset your ${PRODUCT_NAME} password`,
      heading: 'Reset your password',
      intro: 'Someone (hopefully you) asked to reset the password of this account.',
      action: 'Choose a new password',
      url: link(ctx, '/auth', { mode: 'reset', token, redirect: redirectTo }),
      outro: 'The link works once and expires in one hour. If you did not ask, ignore this mail: your password stays as it is.',
    }),
  );
}

/** Sets a new password from a reset link and ends every session of the account. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  const claim = await Token.consume(token, ['reset-password']);
  const user = await requireUser(claim.userId);
  // Following the mailed link proves the address, as verification would.
  await db().entities.user.patch({ userId: user.userId }).set({ passwordHash: await hashPassword(newPassword), emailVerified: true }).go();
  await Session.revokeAllForUser(user.userId);
}

/**
 * Deletes the account after checking the password: its sessions, memberships and team places;
 * organisations it alone belongs to go with their guides, folders and assets. An organisation
 * that has other members but no other owner must be handed over first.
 */
export async function deleteUser(userId: string, password: string): Promise<void> {
  const user = await requireUser(userId);
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('bad_request', 'The password is not correct.');
  const plan = await Organization.departurePlan(userId);
  const blocked = plan.find((p) => p.action === 'blocked');
  if (blocked) {
    throw new AppError('conflict', `Make someone else an owner of "${blocked.name}", or delete it, before deleting your account.`);
  }
  await Session.revokeAllForUser(userId);
  for (const step of plan) {
    if (step.action === 'delete') await Organization.deleteCascade(step.orgId);
    else await Organization.removeMembership(step.orgId, userId);
  }
  await db()
    .transaction.write(({ user: users, userEmail }) => [users.delete({ userId }).commit(), userEmail.delete({ email: user.email }).commit()])
    .go();
  // Sessions created while this ran (a sign-in racing the deletion) find no user and end too.
  await Session.revokeAllForUser(userId);
}
