import { AppError } from '#shared/errors';
import { CREATOR_ROLE } from '#shared/permissions';
import { slugifyTitle } from '#shared/share/link';
import { db } from '../../db/service';
import { newId } from '../platform';
import { hashPassword } from './password';
import type * as Token from './token';

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  image?: string | undefined;
  emailVerified?: boolean;
  /** a verify-email token recorded in the same transaction (Token.prepare) */
  verification?: ReturnType<typeof Token.prepare>['item'];
  /** the personal organisation's name; defaults to "{name}'s workspace" */
  organizationName?: string;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Creates a user and their personal organisation (the creator is owner) in one transaction:
 * the email claim's condition makes a second sign-up with the same address fail as a conflict.
 */
export async function create(input: NewAccount) {
  const outcome = await tryCreate(input);
  if (!outcome.created) throw new AppError('conflict', 'An account with this email already exists.');
  return outcome;
}

/**
 * Creates the account, or finds the address taken: the same hash and the same one transaction
 * either way (the email claim's condition is what fails), so the two take the same time.
 */
export async function tryCreate(input: NewAccount): Promise<{ created: boolean; userId: string; orgId: string; email: string }> {
  const email = normalizeEmail(input.email);
  const userId = input.verification?.userId ?? newId();
  const orgId = newId();
  const orgName = input.organizationName ?? `${input.name.trim()}'s workspace`;
  const slug = `${slugifyTitle(orgName) || 'workspace'}-${orgId.slice(0, 6).toLowerCase()}`;
  const passwordHash = await hashPassword(input.password);
  const result = await db()
    .transaction.write(({ user, userEmail, organization, organizationSlug, member, verification }) => [
      userEmail.create({ email, userId }).commit(),
      user
        .create({
          userId,
          email,
          name: input.name.trim(),
          passwordHash,
          emailVerified: input.emailVerified ?? false,
          defaultOrgId: orgId,
          // New accounts start with personal data blurred in captures; the account page turns it off.
          blurPersonalData: true,
          ...(input.image ? { image: input.image } : {}),
        })
        .commit(),
      organization.create({ orgId, name: orgName, slug, personal: true, ownerCount: 1 }).commit(),
      organizationSlug.create({ slug, orgId }).commit(),
      member.create({ memberId: newId(), orgId, userId, role: CREATOR_ROLE }).commit(),
      ...(input.verification ? [verification.create(input.verification).commit()] : []),
    ])
    .go();
  return { created: !result.canceled, userId, orgId, email };
}

/** The user id that owns an email address, if any. */
export async function userIdByEmail(email: string): Promise<string | undefined> {
  const { data } = await db().entities.userEmail.get({ email: normalizeEmail(email) }).go();
  return data?.userId;
}
