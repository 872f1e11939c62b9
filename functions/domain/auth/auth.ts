import type { UserDto } from '#shared/auth';
import { AppError } from '#shared/errors';
import { PRODUCT_NAME } from '#shared/product';
import { logger } from '../../core/logger';
import { db } from '../../db/service';
import { Account, hashPassword, type RequestContext, requireUser, Session, Token, type User, userById, verifyPassword } from '../accounts';
import { Mail, newId, RateLimit } from '../platform';
import { Membership } from '../members';
import { Organization } from '../organizations';

export { requireUser, sessionDto, userById, userDto, type RequestContext, type User } from '../accounts';

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

function verificationMail(user: { email: string; name: string }, token: string, ctx: RequestContext, callbackURL?: string) {
  return Mail.actionMail({
    to: user.email,
    subject: `Verify your email for ${PRODUCT_NAME}`,
    heading: `Welcome, ${user.name}`,
    intro: `Confirm that ${user.email} is your address to finish setting up your ${PRODUCT_NAME} account.`,
    action: 'Verify email',
    url: link(ctx, '/api/auth/verify-email', { token, callbackURL }),
    outro: 'The link works once, signs you in and expires in 24 hours. If you did not sign up, ignore this mail.',
  });
}

async function sendVerification(user: { userId: string; email: string; name: string }, ctx: RequestContext, callbackURL?: string) {
  const token = await Token.issue('verify-email', user.userId, user.email);
  await Mail.send(verificationMail(user, token, ctx, callbackURL));
}

/** What a sign-up with an address that already has an account mails: only its owner reads it. */
function existingAccountMail(email: string, ctx: RequestContext) {
  return Mail.actionMail({
    to: email,
    subject: `You already have a ${PRODUCT_NAME} account`,
    heading: 'You already have an account',
    intro: `Someone (hopefully you) tried to create a ${PRODUCT_NAME} account with ${email}, which already has one. Nothing was changed.`,
    action: 'Sign in',
    url: link(ctx, '/auth', { email }),
    outro: 'Forgot your password? Choose "Forgot password" on the sign-in page. If this was not you, ignore this mail.',
  });
}

/** A sign-up's answer: the account's user, or one of the same shape for an address already taken. */
export interface SignUpAnswer {
  user: UserDto;
}

/**
 * Signs up without telling whether the address already has an account: the same answer (the
 * user, no session), the same work (a password hash, one transaction, one mail) and so the same
 * time. A new account gets the verification link, which signs it in; the owner of a taken
 * address gets a mail saying so. Nobody is signed in by sign-up itself.
 */
export async function signUp(
  input: { name: string; email: string; password: string; image?: string | undefined; callbackURL?: string | undefined },
  ctx: RequestContext,
): Promise<SignUpAnswer> {
  await RateLimit.check('sign-up', { account: input.email, ip: ctx.ip });
  const email = Account.normalizeEmail(input.email);
  const { token, item } = Token.prepare('verify-email', newId(), email);
  const outcome = await Account.tryCreate({ name: input.name, email, password: input.password, image: input.image, verification: item });
  const now = new Date().toISOString();
  const user: UserDto = {
    id: outcome.userId,
    name: input.name.trim(),
    email,
    emailVerified: false,
    image: input.image ?? null,
    // What a new account starts with, whether or not the address was taken (the answer is the same).
    blurPersonalData: true,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await Mail.send(outcome.created ? verificationMail({ email, name: user.name }, token, ctx, input.callbackURL) : existingAccountMail(email, ctx));
  } catch (error) {
    // The person can ask for the mail again from the sign-up screen.
    logger.error('sign-up mail failed', { error: error as Error });
  }
  return { user };
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

export async function updateUser(userId: string, input: { name?: string | undefined; image?: string | null | undefined; blurPersonalData?: boolean | undefined }): Promise<User> {
  const update = db().entities.user.patch({ userId });
  const set: { name?: string; image?: string; blurPersonalData?: boolean } = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.blurPersonalData !== undefined) set.blurPersonalData = input.blurPersonalData;
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

/**
 * Applies a verify-email or change-email link; answers the user it verified. A sign-up's link
 * also signs the browser in (a new session): following it proves the address, as a password would.
 */
export async function verifyEmail(token: string, ctx: RequestContext): Promise<{ user: User; issued?: Session.IssuedSession }> {
  const claim = await Token.consume(token, ['verify-email', 'change-email']);
  const user = await requireUser(claim.userId);
  if (claim.purpose === 'verify-email') {
    if (user.email !== claim.email) throw new AppError('bad_request', 'This link is for an address the account no longer uses.');
    await db().entities.user.patch({ userId: user.userId }).set({ emailVerified: true }).go();
    const verified = await requireUser(user.userId);
    const issued = await Session.create({
      userId: verified.userId,
      activeOrgId: await Organization.defaultOrganizationFor(verified),
      rememberMe: true,
      userAgent: ctx.userAgent,
      ipAddress: ctx.ip,
    });
    return { user: verified, issued };
  }
  const result = await db()
    .transaction.write(({ user: users, userEmail }) => [
      userEmail.create({ email: claim.email, userId: user.userId }).commit(),
      userEmail.delete({ email: user.email }).commit(),
      users.patch({ userId: user.userId }).set({ email: claim.email, emailVerified: true }).commit(),
    ])
    .go();
  if (result.canceled) throw new AppError('conflict', 'An account with this email already exists.');
  return { user: await requireUser(user.userId) };
}

/**
 * Mails a reset link, answering the same whether or not the address has an account, in the same
 * time: one lookup, one token transaction that records the token only when the user exists, one
 * mail (the link, or a note that the address has no account).
 */
export async function requestPasswordReset(email: string, ctx: RequestContext, redirectTo?: string): Promise<void> {
  await RateLimit.check('password-reset', { account: email, ip: ctx.ip });
  const address = Account.normalizeEmail(email);
  const userId = await Account.userIdByEmail(address);
  const token = await Token.issueIfUser('reset-password', userId, address);
  const mail = token
    ? Mail.actionMail({
        to: address,
        subject: `Reset your ${PRODUCT_NAME} password`,
        heading: 'Reset your password',
        intro: 'Someone (hopefully you) asked to reset the password of this account.',
        action: 'Choose a new password',
        url: link(ctx, '/auth', { mode: 'reset', token, redirect: redirectTo }),
        outro: 'The link works once and expires in one hour. If you did not ask, ignore this mail: your password stays as it is.',
      })
    : Mail.actionMail({
        to: address,
        subject: `Reset your ${PRODUCT_NAME} password`,
        heading: 'No account uses this address',
        intro: `Someone (hopefully you) asked to reset a ${PRODUCT_NAME} password for ${address}, but no account uses this address.`,
        action: 'Create an account',
        url: link(ctx, '/auth', { mode: 'sign-up' }),
        outro: 'If you did not ask, ignore this mail.',
      });
  await Mail.send(mail);
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
    else await Membership.removeMembership(step.orgId, userId);
  }
  await db()
    .transaction.write(({ user: users, userEmail }) => [users.delete({ userId }).commit(), userEmail.delete({ email: user.email }).commit()])
    .go();
  // Sessions created while this ran (a sign-in racing the deletion) find no user and end too.
  await Session.revokeAllForUser(userId);
}
