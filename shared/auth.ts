import * as z from 'zod';
import { safeText } from './text';

/**
 * The /api/auth contract (better-auth's wire format, errors in the project's one shape): request
 * bodies parsed by the handlers and validated by the SPA's forms, and the answers' shapes.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const Email = z
  .string()
  .trim()
  .max(254, 'Email is too long.')
  .pipe(z.email('Enter a valid email address.'))
  .transform((email) => email.toLowerCase());

export const Password = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

export const PersonName = safeText().trim().min(1, 'Enter your name.').max(100, 'Use at most 100 characters.');

/** A same-site path to return to after signing in; anything else is dropped by safeRedirect. */
export const CallbackUrl = z.string().max(2048).optional();

export const SignUpBody = z.object({
  name: PersonName,
  email: Email,
  password: Password,
  image: z.string().url().max(2048).optional(),
  callbackURL: CallbackUrl,
});

export const SignInBody = z.object({
  email: Email,
  // Any length is checked against the hash; the limits apply when a password is chosen.
  password: z.string().min(1, 'Enter your password.').max(1024),
  rememberMe: z.boolean().optional(),
  callbackURL: CallbackUrl,
});

export const UpdateUserBody = z
  .object({
    name: PersonName.optional(),
    image: z.string().url().max(2048).nullable().optional(),
    /** capture blurs personal data in screenshots before upload (on for new accounts) */
    blurPersonalData: z.boolean().optional(),
  })
  .strict();

export const ChangeEmailBody = z.object({ newEmail: Email, callbackURL: CallbackUrl });

export const ChangePasswordBody = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: Password,
  revokeOtherSessions: z.boolean().optional(),
});

export const DeleteUserBody = z.object({ password: z.string().min(1, 'Enter your password.').max(1024), callbackURL: CallbackUrl });

export const SendVerificationEmailBody = z.object({ email: Email.optional(), callbackURL: CallbackUrl });

export const RequestPasswordResetBody = z.object({ email: Email, redirectTo: CallbackUrl });

export const ResetPasswordBody = z.object({ token: z.string().min(16).max(256), newPassword: Password });

export const RevokeSessionBody = z.object({ token: z.string().min(1).max(256) });

export const VerifyEmailQuery = z.object({ token: z.string().min(16).max(256), callbackURL: CallbackUrl });

export const UserDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  /** capture blurs personal data (typed values, e-mail addresses, card numbers…) in screenshots before upload */
  blurPersonalData: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserDto = z.infer<typeof UserDto>;

export const SessionDto = z.object({
  id: z.string(),
  /** the session's id, as better-auth names it: what revoke-session takes */
  token: z.string(),
  userId: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  activeOrganizationId: z.string().nullable(),
  /** true for the session that made the request */
  current: z.boolean().optional(),
});
export type SessionDto = z.infer<typeof SessionDto>;

/** GET /api/auth/get-session: the caller's session and user; null when signed out. */
export const SessionResponse = z.object({ session: SessionDto, user: UserDto });
export type SessionResponse = z.infer<typeof SessionResponse>;
export const SessionReply = SessionResponse.nullable();

export const SessionListDto = z.array(SessionDto);

/** The answers that only say it worked. */
export const StatusReply = z.object({ status: z.boolean() });
export const SuccessReply = z.object({ success: z.boolean() });
export const StatusMessageReply = z.object({ status: z.boolean(), message: z.string() });
export const SuccessMessageReply = z.object({ success: z.boolean(), message: z.string() });
export const UserReply = z.object({ status: z.boolean(), user: UserDto });
/** sign-up and change-password: no session token in the body (the cookie carries the session) */
export const TokenlessUserReply = z.object({ token: z.null(), user: UserDto });
export const SignInReply = z.object({ redirect: z.boolean(), token: z.string(), url: z.string().nullish(), user: UserDto });

/**
 * Where to go after signing in: a same-site path only. Absolute URLs, protocol-relative
 * (`//evil.example`), backslash tricks (`/\evil.example`) and `javascript:` fall back.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard'): string {
  if (!target || typeof target !== 'string') return fallback;
  const trimmed = target.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.startsWith('/\\')) return fallback;
  // Control characters and backslashes anywhere can be normalised by browsers into a new host.
  if ([...trimmed].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return fallback;
  try {
    const parsed = new URL(trimmed, 'https://stepcast.invalid');
    if (parsed.origin !== 'https://stepcast.invalid') return fallback;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return fallback;
  }
}

/**
 * What an account may do before its email address is verified: create guides and capture (its own
 * work, seen by nobody else), but not share a guide publicly, invite people or start a trial,
 * which reach other people or money on the strength of an address nobody has proved. The server
 * refuses these with `email_unverified`; the app says why and offers the verification mail again.
 */
export const UNVERIFIED_REFUSED = {
  publish: 'share a guide publicly',
  invite: 'invite people',
  trial: 'start a trial',
} as const;
export type VerifiedAction = keyof typeof UNVERIFIED_REFUSED;

export function unverifiedMessage(action: VerifiedAction): string {
  return `Verify your email address to ${UNVERIFIED_REFUSED[action]}. We sent you a link; you can ask for another one.`;
}
