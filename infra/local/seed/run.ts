import { z } from 'zod';
import { seedDemo } from './seed';

/**
 * npm run seed: loads the six gallery guides (and their account) into a deployed stage, through
 * the same seed job `npm start` runs locally. Idempotent: guides keep their ids, so the gallery's
 * links work on every stage. Uses the AWS credentials of the shell.
 *
 *   TABLE_NAME=… BUCKET_NAME=… AWS_REGION=… SEED_EMAIL=… SEED_PASSWORD=… npm run seed
 *
 * (TableName and AssetBucketName are outputs of the stage's data stack.)
 */
const Env = z.object({
  TABLE_NAME: z.string().min(3),
  BUCKET_NAME: z.string().min(3),
  AWS_REGION: z.string().min(1),
  SEED_EMAIL: z.email(),
  SEED_PASSWORD: z.string().min(12, 'use at least 12 characters for a deployed account'),
  SEED_NAME: z.string().default('Stepcast Gallery'),
  SEED_ORGANIZATION: z.string().default('Stepcast Gallery'),
});

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const parsed = Env.safeParse(process.env);
if (!parsed.success) {
  console.error(`npm run seed needs: ${parsed.error.issues.map((i) => `${i.path.join('.')} (${i.message})`).join(', ')}`);
  process.exit(1);
}
const env = parsed.data;
const result = await seedDemo({ name: env.SEED_NAME, email: env.SEED_EMAIL, password: env.SEED_PASSWORD, organization: env.SEED_ORGANIZATION });
console.log(result.created ? `Seeded ${result.guides} guides into ${env.TABLE_NAME}.` : 'The gallery guides were already there.');
