import * as z from 'zod';

/**
 * Environment parsed with zod on first use (the cold start of a Lambda), failing with the list of
 * bad keys. Each concern declares only the keys it reads, so a function needs only its own.
 */
export function defineConfig<T extends z.ZodRawShape>(shape: T): () => z.infer<z.ZodObject<T>> {
  const schema = z.object(shape);
  let parsed: z.infer<z.ZodObject<T>> | undefined;
  return () => {
    if (parsed) return parsed;
    const result = schema.safeParse(process.env);
    if (!result.success) {
      const keys = result.error.issues.map((issue) => `${issue.path.join('.')} (${issue.message})`);
      throw new Error(`Invalid environment: ${keys.join(', ')}`);
    }
    parsed = result.data;
    return parsed;
  };
}

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.url().optional());

export const awsConfig = defineConfig({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** DynamoDB Local in development and tests; unset in AWS */
  DYNAMODB_ENDPOINT: optionalUrl,
  /** s3rver in development and tests; unset in AWS */
  S3_ENDPOINT: optionalUrl,
});

export const tableConfig = defineConfig({ TABLE_NAME: z.string().min(3) });

export const bucketConfig = defineConfig({ BUCKET_NAME: z.string().min(3) });
