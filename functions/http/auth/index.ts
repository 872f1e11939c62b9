import { dispatch } from '../../core/dispatch';
import { changeEmail, changePassword, deleteUser, updateUser } from './account';
import { getSession } from './get-session';
import { listSessions, revokeOtherSessions, revokeSession, revokeSessions } from './sessions';
import { signInEmail } from './sign-in';
import { signOut } from './sign-out';
import { signUpEmail } from './sign-up';
import { requestPasswordReset, resetPassword, sendVerificationEmail, verifyEmail } from './verification';

export const handler = dispatch('auth', {
  signUpEmail,
  signInEmail,
  getSession,
  signOut,
  listSessions,
  revokeSession,
  revokeSessions,
  revokeOtherSessions,
  updateUser,
  changeEmail,
  changePassword,
  deleteUser,
  sendVerificationEmail,
  verifyEmail,
  requestPasswordReset,
  resetPassword,
});
