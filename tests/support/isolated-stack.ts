import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { ensureBucket, ensureTable, localDynamoClient, localS3Client } from '../../infra/local/emulators';
import { startAppServer, type AppServer } from '../../infra/local/server';
import { startStripeDouble, type StripeDouble } from '../../infra/local/stripe-double/server';

export interface IsolatedStack {
  /** the local CloudFront in front of this file's table and bucket */
  url: string;
  tableName: string;
  bucketName: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  mailApiUrl: string;
  server: AppServer;
  /** the Stripe double this file's app talks to */
  stripe: StripeDouble;
  stripeWebhookSecret: string;
}

/**
 * Gives the calling test file its own table and bucket on the run's shared emulators, sets the
 * environment the functions read, and starts the local server (API adapter, assets, edge, SPA)
 * on a free port. Use at the top level of an integration test file.
 */
export function useIsolatedStack(options: { env?: Record<string, string> } = {}): () => IsolatedStack {
  let stack: IsolatedStack | undefined;
  beforeAll(async () => {
    const id = randomUUID().slice(0, 8);
    const dynamoEndpoint = inject('dynamoEndpoint');
    const s3Endpoint = inject('s3Endpoint');
    const tableName = `test-${id}`;
    const bucketName = `test-${id}`;
    const dynamo = localDynamoClient(dynamoEndpoint);
    const s3 = localS3Client(s3Endpoint);
    await Promise.all([ensureTable(dynamo, tableName), ensureBucket(s3, bucketName)]);
    dynamo.destroy();
    Object.assign(process.env, {
      STAGE: 'test',
      TABLE_NAME: tableName,
      BUCKET_NAME: bucketName,
      DYNAMODB_ENDPOINT: dynamoEndpoint,
      S3_ENDPOINT: s3Endpoint,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      SESSION_SECRET: randomUUID() + randomUUID(),
      SMTP_URL: inject('smtpUrl'),
      // The test helpers' signUp follows the verification link in the mail (tests/support/api-client.ts).
      TEST_MAIL_API_URL: inject('mailApiUrl'),
      // Every test client shares 127.0.0.1: per-IP limits are tested where a file asks for them.
      RATE_LIMIT_IP_MAX: '10000',
      RATE_LIMIT_ACCOUNT_MAX: '3',
      ...options.env,
    });
    const server = await startAppServer({
      port: 0,
      webRoot: path.resolve(import.meta.dirname, '../../web/dist'),
      s3,
      bucket: bucketName,
    });
    const stripeWebhookSecret = `whsec_${randomUUID().replace(/-/g, '')}`;
    const stripe = await startStripeDouble({ port: 0, webhookUrl: `${server.url}/api/stripe/webhook`, webhookSecret: stripeWebhookSecret });
    Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_double', STRIPE_WEBHOOK_SECRET: stripeWebhookSecret, STRIPE_API_URL: stripe.url });
    stack = { url: server.url, tableName, bucketName, dynamoEndpoint, s3Endpoint, mailApiUrl: inject('mailApiUrl'), server, stripe, stripeWebhookSecret };
  });
  afterAll(async () => {
    await stack?.stripe.stop();
    await stack?.server.close();
  });
  return () => {
    if (!stack) throw new Error('useIsolatedStack(): the stack starts in beforeAll');
    return stack;
  };
}
