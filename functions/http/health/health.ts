// GET /api/health — is every dependency of the API up?
import * as Health from '../../domain/platform/health';
import { Reply, defineHandler } from '../../core/http';

export const health = defineHandler({}, async () => {
  const report = await Health.check();
  return new Reply(report.status === 'ok' ? 200 : 503, report);
});
