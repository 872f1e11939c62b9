// GET /api/auth/get-session — { session, user } of the caller, or null (200 either way)
import { defineHandler } from '../../core/http';
import { Auth } from '../../domain/auth';
import { currentSession } from '../actor';

export const getSession = defineHandler({}, async ({ event }) => {
  const verified = await currentSession(event);
  if (!verified) return null;
  const user = await Auth.userById(verified.session.userId);
  if (!user) return null;
  return { session: Auth.sessionDto(verified.session), user: Auth.userDto(user) };
});
