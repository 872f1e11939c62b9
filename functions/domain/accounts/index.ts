export * as Account from './account';
export { hashPassword, verifyPassword } from './password';
export * as Session from './session';
export * as Token from './token';
export * as Users from './user';
export { requireUser, requireVerifiedEmail, requireVerifiedUser, sessionDto, userById, userDto } from './user';
export type { RequestContext, User } from './user';
