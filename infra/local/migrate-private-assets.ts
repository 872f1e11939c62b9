import { z } from 'zod';
import { movePrivateGuidesAssets } from './private-assets';

/**
 * Once per deployed stage, after the deploy that brings private guides' assets their own place:
 * moves the assets of guides already private there. Uses the AWS credentials of the shell.
 *
 *   TABLE_NAME=… BUCKET_NAME=… AWS_REGION=… npx tsx infra/local/migrate-private-assets.ts
 */
const Env = z.object({ TABLE_NAME: z.string().min(3), BUCKET_NAME: z.string().min(3), AWS_REGION: z.string().min(1) });
const parsed = Env.safeParse(process.env);
if (!parsed.success) {
  console.error(`needs: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  process.exit(1);
}
console.log(`Moved the assets of ${await movePrivateGuidesAssets()} private guides (idempotent).`);
