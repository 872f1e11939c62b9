import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { REPO_ROOT, type LocalEnv } from './config';
import { assertPortFree } from './ports';
import {
  ensureBucket,
  ensureTable,
  localDynamoClient,
  localS3Client,
  startDynamo,
  startMail,
  startS3,
  LOCAL_REGION,
  type Running,
} from './emulators';
import { startAppServer, type AppServer } from './server';
import { DEV_EXTENSION_ID } from '#shared/extension';
import { buildWeb, webBuildIsStale } from './build-web';
import { localSessionSecret, localSiteSessionKey, localWebhookSecret } from './session-secret';
import { startStripeDouble } from './stripe-double/server';
import { WORKERS } from '../../functions/routes';
import { queueUrlEnv } from '#shared/workers';
import { BundleRuntime, localBundles } from './bundles';
import { startSqsDouble } from './sqs-double';

export interface LocalStack {
  url: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  mailWebUrl: string;
  /** the Stripe double's URL, or undefined when the app talks to Stripe */
  stripeUrl: string | undefined;
  stop: () => Promise<void>;
}

export interface StartOptions {
  env: LocalEnv;
  /** Vite with hot reload instead of the production build */
  dev?: boolean;
  /** progress lines for the console */
  log?: (line: string) => void;
  /**
   * A cloud assembly (`cdk synth -o DIR`): every function runs from its bundle there, each in its
   * own process, instead of from the sources (infra/local/bundles.ts). @default the sources
   */
  bundles?: string;
}

/**
 * Brings up the whole product on one machine: DynamoDB Local, s3rver, maildev, the table and
 * bucket, the SPA and the local CloudFront. Emulators given by endpoint (the test harness runs
 * one of each for the whole suite) are used instead of starting new ones.
 */
export async function startLocalStack({ env, dev = false, log = () => {}, bundles: assemblyDir }: StartOptions): Promise<LocalStack> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => {});
  };
  try {
    if (env.PORT !== 0) await assertPortFree(env.PORT, 'the app', 'PORT');
    if (!env.STRIPE_SECRET_KEY && env.STRIPE_PORT !== 0) await assertPortFree(env.STRIPE_PORT, 'the Stripe test double', 'STRIPE_PORT');
    const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR);

    let dynamoEndpoint = env.DYNAMODB_ENDPOINT;
    if (!dynamoEndpoint) {
      await assertPortFree(env.DYNAMODB_PORT, 'DynamoDB Local', 'DYNAMODB_PORT');
      const dynamo: Running = await startDynamo({ port: env.DYNAMODB_PORT, dataDir: path.join(dataDir, 'dynamodb') });
      stops.push(dynamo.stop);
      dynamoEndpoint = dynamo.endpoint;
    }
    let s3Endpoint = env.S3_ENDPOINT;
    if (!s3Endpoint) {
      await assertPortFree(env.S3_PORT, 'the local S3', 'S3_PORT');
      const s3 = await startS3({ port: env.S3_PORT, dataDir: path.join(dataDir, 's3') });
      stops.push(s3.stop);
      s3Endpoint = s3.endpoint;
    }
    if (env.SMTP_PORT !== 0) await assertPortFree(env.SMTP_PORT, 'the mail catcher (SMTP)', 'SMTP_PORT');
    if (env.MAIL_WEB_PORT !== 0) await assertPortFree(env.MAIL_WEB_PORT, 'the mail catcher inbox', 'MAIL_WEB_PORT');
    const mail = await startMail({ smtpPort: env.SMTP_PORT, webPort: env.MAIL_WEB_PORT, dataDir: path.join(dataDir, 'mail') });
    stops.push(mail.stop);

    const dynamoClient = localDynamoClient(dynamoEndpoint);
    const s3Client = localS3Client(s3Endpoint);
    stops.push(async () => {
      dynamoClient.destroy();
      s3Client.destroy();
    });
    await ensureTable(dynamoClient, env.TABLE_NAME);
    await ensureBucket(s3Client, env.BUCKET_NAME);

    // The functions read the same variables they get from CDK in AWS.
    Object.assign(process.env, {
      STAGE: 'local',
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'S3RVER',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'S3RVER',
      TABLE_NAME: env.TABLE_NAME,
      BUCKET_NAME: env.BUCKET_NAME,
      DYNAMODB_ENDPOINT: dynamoEndpoint,
      S3_ENDPOINT: s3Endpoint,
      SMTP_URL: mail.endpoint,
      // The development build of the capture extension calls the API with the user's session.
      EXTENSION_IDS: process.env.EXTENSION_IDS ?? DEV_EXTENSION_ID,
      // Browsers upload screenshots straight to the bucket: the page's CSP must allow its origin.
      UPLOAD_ORIGIN: new URL(s3Endpoint).origin,
      SESSION_SECRET: process.env.SESSION_SECRET ?? localSessionSecret(dataDir),
      SITE_SESSION_KEY: process.env.SITE_SESSION_KEY ?? localSiteSessionKey(dataDir),
      POWERTOOLS_LOG_LEVEL: env.LOG_LEVEL,
      // No X-Ray daemon here: tracing stays off even where AWS_EXECUTION_ENV is set (CloudShell, CodeBuild).
      POWERTOOLS_TRACE_ENABLED: 'false',
    });

    // From the bundles: their processes reach the workers through SQS's wire format on loopback.
    let fromBundles: { bundles: Awaited<ReturnType<typeof localBundles>>; runtime: BundleRuntime } | undefined;
    // Filled once the app server (and its workers) runs; nothing is sent before.
    const toWorkers: { deliver?: (worker: string, body: string, group: string | undefined) => void } = {};
    if (assemblyDir) {
      const bundles = await localBundles(path.resolve(REPO_ROOT, assemblyDir), process.env.BUNDLES_STAGE || undefined, log);
      const sqs = await startSqsDouble((worker, body, group) => toWorkers.deliver?.(worker, body, group));
      stops.push(() => sqs.stop());
      process.env.AWS_ENDPOINT_URL_SQS = sqs.endpoint;
      for (const worker of Object.keys(WORKERS) as Array<keyof typeof WORKERS>) process.env[queueUrlEnv(worker)] = sqs.queueUrl(worker);
      const runtime = new BundleRuntime();
      stops.push(() => runtime.stop());
      fromBundles = { bundles, runtime };
      log(`Every function runs from its bundle in ${bundles.assemblyDir} (stage ${bundles.stage}), each in its own process.`);
    }

    let vite: ViteDevServer | undefined;
    if (dev) {
      const { createServer } = await import('vite');
      vite = await createServer({
        configFile: path.join(REPO_ROOT, 'web/vite.config.ts'),
        server: { middlewareMode: true },
        appType: 'spa',
      });
      stops.push(() => vite!.close());
    } else if (webBuildIsStale()) {
      log('Building the web app (web/dist is missing or older than its sources)…');
      await buildWeb();
    }

    if (env.SEED === 'true') {
      const { seedDemo } = await import('./seed/seed');
      const seeded = await seedDemo();
      log(seeded.created ? `Seeded the demo account and ${seeded.guides} guides.` : 'Demo data already present.');
    }

    // Guides made private before private assets had their own place: moved there (idempotent).
    const { movePrivateGuidesAssets } = await import('./private-assets');
    await movePrivateGuidesAssets();

    const app: AppServer = await startAppServer({
      port: env.PORT,
      webRoot: path.join(REPO_ROOT, 'web/dist'),
      ...(vite ? { vite } : {}),
      s3: s3Client,
      bucket: env.BUCKET_NAME,
      mailWebUrl: mail.webUrl,
      ...(fromBundles ? { bundles: fromBundles } : {}),
    });
    stops.push(app.close);
    toWorkers.deliver = (worker, body, group) => app.workers.send(worker, body, group);

    // Billing is ready before the demo's narration runs: the app already answers meanwhile.
    let stripeUrl: string | undefined;
    if (env.STRIPE_SECRET_KEY) {
      log('Billing talks to Stripe (STRIPE_SECRET_KEY is set).');
    } else {
      const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? localWebhookSecret(dataDir);
      const double = await startStripeDouble({
        port: env.STRIPE_PORT,
        webhookUrl: `${app.url}/api/stripe/webhook`,
        webhookSecret,
        stateFile: path.join(dataDir, 'stripe-double.json'),
      });
      stops.push(double.stop);
      stripeUrl = double.url;
      Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_local_double', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: double.url });
    }

    if (env.SEED === 'true') {
      // The demo guides are narrated by the local worker while the app already serves: a
      // restart finds their audio fresh (content-hashed) and starts nothing.
      const { narrateDemo } = await import('./seed/seed');
      const started = performance.now();
      const { jobs } = await narrateDemo();
      if (jobs > 0) {
        const narrated = app.workers.idle().then(() => log(`Demo guides narrated (${((performance.now() - started) / 1000).toFixed(1)} s).`));
        if (env.SEED_NARRATION === 'wait') await narrated;
        else log(`Narrating the ${jobs} demo guides in the background…`);
      }
    }

    app.markReady();
    return { url: app.url, dynamoEndpoint, s3Endpoint, mailWebUrl: mail.webUrl, stripeUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
