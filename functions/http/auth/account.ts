// Account: update-user, change-email, change-password, delete-user.
import { ChangeEmailBody, ChangePasswordBody, DeleteUserBody, UpdateUserBody } from '#shared/auth';
import { Reply, defineHandler } from '../../core/http';
import { Auth } from '../../domain/auth';
import { requestContext, requireSession } from '../actor';
import { clearedSessionCookie } from '../session-cookie';

// POST /api/auth/update-user — name and picture
export const updateUser = defineHandler({ body: UpdateUserBody }, async ({ body, event }) => {
  const session = await requireSession(event);
  const user = await Auth.updateUser(session.userId, body);
  return { status: true, user: Auth.userDto(user) };
});

// POST /api/auth/change-email — mail a confirmation link to the new address; it applies when followed
export const changeEmail = defineHandler({ body: ChangeEmailBody }, async ({ body, event }) => {
  const session = await requireSession(event);
  await Auth.changeEmail(session.userId, body.newEmail, requestContext(event), body.callbackURL);
  return { status: true };
});

// POST /api/auth/change-password — check the current password, set the new one, end the other sessions
export const changePassword = defineHandler({ body: ChangePasswordBody }, async ({ body, event }) => {
  const session = await requireSession(event);
  const user = await Auth.changePassword(session.userId, session.sessionId, body);
  return { token: null, user: Auth.userDto(user) };
});

// POST /api/auth/delete-user — delete the account, its sessions and the organisations it alone belongs to
export const deleteUser = defineHandler({ body: DeleteUserBody }, async ({ body, event }) => {
  const session = await requireSession(event);
  await Auth.deleteUser(session.userId, body.password);
  return new Reply(200, { success: true, message: 'User deleted' }, {}, [clearedSessionCookie(event)]);
});
