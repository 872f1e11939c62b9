// GET /api/health — is every dependency of the API up?
import { Health } from '../../domain/platform';
import { Reply, defineHandler } from '../../core/http';

export const health = defineHandler({}, async () => {
  const report = await Health.check();
  return new Reply(report.status === 'ok' ? 200 : 503, report);
});
