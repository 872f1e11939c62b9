// ANY /api/{proxy+} — an /api path no route matches: 404, or 405 when another method would match.
import { AppError } from '#shared/errors';
import { allowedMethods } from '../../routes';
import { defineHandler } from '../../core/http';

export const notFound = defineHandler({}, async ({ event }) => {
  const allowed = allowedMethods(event.rawPath);
  if (allowed.length > 0) {
    throw new AppError('method_not_allowed', `Use ${allowed.join(' or ')} for this route.`);
  }
  throw new AppError('not_found', 'No such API route.');
});
