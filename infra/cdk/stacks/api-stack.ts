import { Annotations, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption, type IQueue } from 'aws-cdk-lib/aws-sqs';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key, type IKey } from 'aws-cdk-lib/aws-kms';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { queueUrlEnv } from '#shared/workers';
import { DEFAULT_MAX_RECEIVE_COUNT, FUNCTIONS, ROUTES, WORKERS, type FunctionAccess, type FunctionSpec, type RouteSpec, type WorkerSpec } from '../../../functions/routes';
import { BUCKET_READ_ACTION_FINDINGS, BUCKET_WRITE_ACTION_FINDINGS, acknowledgeNag, nagAttribute, nagEnvironment } from '../nag';
import { DEFAULT_TIMEOUT_SECONDS, LAMBDA_MAX_TIMEOUT_SECONDS, StepcastFunction } from '../constructs/stepcast-function';
import { DriftSweep } from '../constructs/drift-sweep';
import type { StageConfig } from '../stage';

/** The Powertools service name every function logs and traces under. */
export const SERVICE_NAME = 'stepcast';

/** A route as the stack needs it: the function by name, checked against `functions` at synth. */
export type ApiRoute = Pick<RouteSpec, 'method' | 'path'> & { readonly fn: string };

export interface ApiStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly table: ITable;
  readonly assetBucket: IBucket;
  /** the session-signing secret, read by functions whose access has `secrets` */
  readonly sessionSecret: ISecret;
  /** Stripe's keys `{ secretKey, webhookSecret }`, read by functions whose access has `stripe` */
  readonly stripeSecret: ISecret;
  /**
   * The value CloudFront sends in `x-origin-verify` on every request to the API: each API function
   * gets its ARN (ORIGIN_VERIFY_SECRET_ARN) and may read it, and answers 403 without it, so the
   * API cannot be reached around CloudFront (its WAF, headers and caching).
   */
  readonly originVerifySecret: ISecret;
  /**
   * The Pro plan's Stripe price (STRIPE_PRICE_ID of functions whose access has `stripe`).
   * @default billing's own placeholder price, which only the local Stripe double knows
   */
  readonly stripePriceId?: string;
  /**
   * The sender of outgoing mail (MAIL_FROM); SES sends only from a verified identity.
   * @default the functions' own default sender
   */
  readonly mailFrom?: string;
  /**
   * The site's public origin (APP_ORIGIN): every absolute link (mail, Stripe) and the origin check
   * on mutations. The API functions refuse to start without it: links never come from a request's
   * Host. Optional only so that `cdk synth` works without context; a deploy needs it.
   * @default none: the stack synthesises with a warning, and its API functions fail at cold start
   */
  readonly appOrigin?: string;
  /** ids of the capture extension allowed to call the API with a session (EXTENSION_IDS). @default none */
  readonly extensionIds?: readonly string[];
  /** further origins trusted for mutations (TRUSTED_ORIGINS), e.g. a preview host. @default none */
  readonly trustedOrigins?: readonly string[];
  /**
   * The Bedrock model functions whose access has `bedrock` may converse with (BEDROCK_MODEL_ID):
   * a foundation model id (`amazon.nova-lite-v1:0`) or a cross-region inference profile id
   * (`us.amazon.nova-lite-v1:0`). @default none: no Bedrock permission at all, and the transcript
   * uses its deterministic generator
   */
  readonly bedrockModelId?: string;
  /** @default FUNCTIONS from functions/routes.ts; tests pass their own to cover every access kind */
  readonly functions?: Readonly<Record<string, FunctionSpec>>;
  /** @default WORKERS from functions/routes.ts; tests pass a fixture */
  readonly workers?: Readonly<Record<string, WorkerSpec>>;
  /** @default ROUTES from functions/routes.ts */
  readonly routes?: readonly ApiRoute[];
}

/** What API Gateway lets through per second across the stage, and in a burst: far above what the product needs, well below what would run up a bill. */
export const API_THROTTLE = { rateLimit: 200, burstLimit: 400 } as const;

/** The fields of every API access log line (JSON, one object per request). */
export const ACCESS_LOG_FIELDS: Readonly<Record<string, string>> = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  routeKey: '$context.routeKey',
  method: '$context.httpMethod',
  path: '$context.path',
  status: '$context.status',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  integrationError: '$context.integrationErrorMessage',
  sourceIp: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
};

/** A worker's queue, dead-letter queue and function, by WORKERS name. */
export interface WorkerResources {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly fn: StepcastFunction;
}

/** SQS keeps a message at most this long; the dead-letter queue keeps failures for inspection as long as it can. */
const QUEUE_RETENTION = Duration.days(4);
const DEAD_LETTER_RETENTION = Duration.days(14);
/** AWS's advice for an SQS event source: a visibility timeout of six times the function's timeout. */
const VISIBILITY_TIMEOUT_FACTOR = 6;

export function pascalCase(name: string): string {
  return name.replace(/(^|[-_\s]+)(\w)/g, (_match, _sep: string, letter: string) => letter.toUpperCase());
}

/**
 * The HTTP API: one Lambda per entry of FUNCTIONS and one route per entry of ROUTES, read from the
 * table the local adapter also mounts, so a new route or function needs no change here; and for
 * each entry of WORKERS a queue, its dead-letter queue and the worker Lambda it feeds.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** the JSON access log of the API's stage */
  readonly accessLogs: LogGroup;
  /** by FUNCTIONS name */
  readonly functions: Readonly<Record<string, StepcastFunction>>;
  /** by WORKERS name */
  readonly workers: Readonly<Record<string, WorkerResources>>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage, table, assetBucket, sessionSecret, stripeSecret, originVerifySecret } = props;
    const specs: Readonly<Record<string, FunctionSpec>> = props.functions ?? FUNCTIONS;
    const workerSpecs: Readonly<Record<string, WorkerSpec>> = props.workers ?? WORKERS;
    const routes = props.routes ?? ROUTES;
    // Read by functions/core/origin.ts; a variable is set only when the context gives a value.
    const siteEnvironment: Record<string, string> = {
      ...(props.appOrigin ? { APP_ORIGIN: props.appOrigin } : {}),
      ...(props.extensionIds?.length ? { EXTENSION_IDS: props.extensionIds.join(',') } : {}),
      ...(props.trustedOrigins?.length ? { TRUSTED_ORIGINS: props.trustedOrigins.join(',') } : {}),
    };

    // The queues first: a function that enqueues is given their URLs.
    const queues: Record<string, { queue: Queue; deadLetterQueue: Queue }> = {};
    for (const [name, spec] of Object.entries(workerSpecs)) {
      const deadLetterQueue = new Queue(this, `${pascalCase(name)}DeadLetterQueue`, {
        retentionPeriod: DEAD_LETTER_RETENTION,
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        removalPolicy: stage.removalPolicy,
      });
      const queue = new Queue(this, `${pascalCase(name)}Queue`, {
        visibilityTimeout: Duration.seconds((spec.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * VISIBILITY_TIMEOUT_FACTOR),
        retentionPeriod: QUEUE_RETENTION,
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: spec.maxReceiveCount ?? DEFAULT_MAX_RECEIVE_COUNT },
        removalPolicy: stage.removalPolicy,
      });
      queues[name] = { queue, deadLetterQueue };
    }

    // Saved sign-ins of apps behind a sign-in are sealed under data keys of this key; only the
    // drift function (seals) and the drift worker (opens) may use it.
    const needsSiteSessionKey = [...Object.values(specs), ...Object.values(workerSpecs)].some((spec) => spec.access.siteSessionKey);
    const siteSessionKey = needsSiteSessionKey
      ? new Key(this, 'SiteSessionKey', { description: `Stepcast ${stage.name}: saved sign-ins for drift checks`, enableKeyRotation: true, removalPolicy: stage.removalPolicy })
      : undefined;

    const grantResources: GrantResources = {
      siteSessionKey,
      table,
      assetBucket,
      sessionSecret,
      stripeSecret,
      queues: Object.fromEntries(Object.entries(queues).map(([name, q]) => [name, q.queue])),
      bedrockModelId: props.bedrockModelId,
    };
    const makeFunction = (name: string, spec: FunctionSpec | WorkerSpec, kind: 'api' | 'worker'): StepcastFunction => {
      const worker = kind === 'worker';
      const fn = new StepcastFunction(this, `${pascalCase(name)}${worker ? 'Worker' : 'Function'}`, {
        entry: spec.entry,
        timeoutSeconds: spec.timeoutSeconds,
        ...(worker ? { maxTimeoutSeconds: LAMBDA_MAX_TIMEOUT_SECONDS } : {}),
        memoryMb: spec.memoryMb,
        ephemeralStorageMb: 'ephemeralStorageMb' in spec ? spec.ephemeralStorageMb : undefined,
        nativeModules: spec.nativeModules,
        description: `Stepcast ${stage.name}: ${worker ? `${name} worker` : name}`,
        logRetention: stage.logRetention,
        logRemovalPolicy: stage.removalPolicy,
        environment: {
          STAGE: stage.name,
          POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
          POWERTOOLS_LOG_LEVEL: 'INFO',
          ...siteEnvironment,
          // Only the names of what the function may touch: config parsing fails fast on the rest.
          ...(spec.access.table ? { TABLE_NAME: table.tableName } : {}),
          ...(spec.access.bucket || spec.access.bucketList ? { BUCKET_NAME: assetBucket.bucketName } : {}),
          ...(spec.access.secrets ? { SESSION_SECRET_ARN: sessionSecret.secretArn } : {}),
          ...(spec.access.stripe ? { STRIPE_SECRET_ARN: stripeSecret.secretArn } : {}),
          ...(spec.access.stripe && props.stripePriceId ? { STRIPE_PRICE_ID: props.stripePriceId } : {}),
          ...(spec.access.mail && props.mailFrom ? { MAIL_FROM: props.mailFrom } : {}),
          ...(spec.access.bedrock && props.bedrockModelId ? { BEDROCK_MODEL_ID: props.bedrockModelId } : {}),
          ...(spec.access.translate ? { TRANSLATION_PROVIDER: 'amazon-translate' } : {}),
          ...(spec.access.siteSessionKey && siteSessionKey ? { SITE_SESSION_KMS_KEY_ID: siteSessionKey.keyArn } : {}),
          ...Object.fromEntries(
            (spec.access.queues ?? []).map((worker) => [queueUrlEnv(worker), queueOf(queues, worker, name).queue.queueUrl]),
          ),
          // Every API function checks the header CloudFront sends, so the execute-api endpoint cannot be used around it; workers serve no HTTP.
          ...(worker ? {} : { ORIGIN_VERIFY_SECRET_ARN: originVerifySecret.secretArn }),
        },
      });
      grantAccess(fn, spec.access, grantResources);
      if (!worker) originVerifySecret.grantRead(fn);
      return fn;
    };

    const functions: Record<string, StepcastFunction> = {};
    for (const [name, spec] of Object.entries(specs)) functions[name] = makeFunction(name, spec, 'api');
    this.functions = functions;

    const workers: Record<string, WorkerResources> = {};
    for (const [name, spec] of Object.entries(workerSpecs)) {
      const { queue, deadLetterQueue } = queueOf(queues, name, name);
      const fn = makeFunction(name, spec, 'worker');
      // One message per invocation: a voiceover or an export is minutes of work, and a failure
      // retries that message alone (the handler answers batchItemFailures).
      fn.addEventSource(new SqsEventSource(queue, { batchSize: 1, reportBatchItemFailures: true }));
      workers[name] = { queue, deadLetterQueue, fn };
    }
    this.workers = workers;
    // Scheduled drift checks: the worker starts those due each time the scheduler sweeps.
    if (workers['drift']) new DriftSweep(this, 'DriftSweep', { queue: workers['drift'].queue, description: `Stepcast ${stage.name}: starts the scheduled drift checks that are due` });

    if (!props.appOrigin) {
      Annotations.of(this).addWarningV2(
        'stepcast:api:no-app-origin',
        'No -c appOrigin (or domainName): the API functions refuse to start without APP_ORIGIN. Deploy with -c appOrigin=https://SITE, the DistributionUrl of stepcast-NAME-web on a first deploy.',
      );
    }
    if (stage.isProduction && !props.stripePriceId && Object.values(specs).some((spec) => spec.access.stripe)) {
      Annotations.of(this).addWarningV2(
        'stepcast:api:no-stripe-price',
        "No -c stripePriceId: checkout asks Stripe for billing's placeholder price, which only the local double has. Deploy with -c stripePriceId=price_...",
      );
    }

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `stepcast-${stage.name}`,
      description: `Stepcast ${stage.name}: /api/* behind CloudFront`,
      // The stage below, with throttling and access logs.
      createDefaultStage: false,
    });
    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });

    // One integration per function, shared by all of its routes.
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const route of routes) {
      const fn = functions[route.fn];
      if (!fn) throw new Error(`Route ${route.method} ${route.path} names unknown function "${route.fn}"`);
      let integration = integrations.get(route.fn);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${pascalCase(route.fn)}Integration`, fn, {
          // One invoke permission per function for this API, not one per route: a function's
          // resource policy is capped at 20 KB, which a few dozen per-route statements reach.
          scopePermissionToRoute: false,
        });
        integrations.set(route.fn, integration);
      }
      this.httpApi.addRoutes({
        path: route.path,
        // 'ANY' maps to HttpMethod.ANY like every other verb.
        methods: [HttpMethod[route.method]],
        integration,
      });
    }

    // No API Gateway authorizer: the functions authenticate every request themselves (the
    // session cookie checked against DynamoDB, Stripe's signature on the webhook, public reads
    // by design), and refuse anything without CloudFront's origin-verify header.
    acknowledgeNag(this.httpApi, 'APIG4', 'Sessions and Stripe signatures are checked by the functions; requests not from CloudFront are refused.');

    new CfnOutput(this, 'ApiEndpoint', {
      value: this.httpApi.apiEndpoint,
      description: 'The HTTP API itself; browsers use it through the distribution at /api',
    });
  }
}

function queueOf<T>(queues: Readonly<Record<string, T>>, worker: string, user: string): T {
  const queue = queues[worker];
  if (!queue) throw new Error(`${user} names the queue of "${worker}", which WORKERS does not list`);
  return queue;
}

export interface GrantResources {
  table: ITable;
  assetBucket: IBucket;
  sessionSecret: ISecret;
  stripeSecret: ISecret;
  /** the worker queues by WORKERS name */
  queues?: Readonly<Record<string, IQueue>>;
  /** the configured Bedrock model; without it `bedrock` access grants nothing */
  bedrockModelId?: string;
  /** the KMS key of saved sign-ins */
  siteSessionKey?: IKey | undefined;
}

/**
 * The ARNs Converse on one model needs: a foundation model in this region, or for a cross-region
 * inference profile (`us.`, `eu.`, `apac.`, `global.` prefixes) the profile and the model it
 * routes to in any region.
 */
export function bedrockModelArns(stack: Stack, modelId: string): string[] {
  const profile = /^(us|eu|apac|us-gov|global)\.(.+)$/.exec(modelId);
  if (!profile) return [`arn:${stack.partition}:bedrock:${stack.region}::foundation-model/${modelId}`];
  return [
    `arn:${stack.partition}:bedrock:${stack.region}:${stack.account}:inference-profile/${modelId}`,
    `arn:${stack.partition}:bedrock:*::foundation-model/${profile[2]}`,
  ];
}

/**
 * Grants a function exactly what its `access` says and nothing else. The CDK grant helpers are
 * used as they are: for the bucket their `s3:List*` makes a missing key answer NoSuchKey (404)
 * as s3rver does locally, instead of AccessDenied.
 */
export function grantAccess(
  fn: StepcastFunction,
  access: FunctionAccess,
  resources: GrantResources,
): void {
  const { table, assetBucket, sessionSecret, stripeSecret } = resources;
  if (access.table === 'read') table.grantReadData(fn);
  if (access.table === 'readwrite') table.grantReadWriteData(fn);
  // The grants name the table's indexes as `table/index/*`: every index of this one table.
  if (access.table) acknowledgeNag(fn, 'IAM5', "The indexes of the one table the function uses.", [`Resource::${nagAttribute(table)}/index/*`]);
  if (access.bucket === 'read') assetBucket.grantRead(fn);
  // Includes s3:PutObject (uploads, presigned POST) and s3:DeleteObject*.
  if (access.bucket === 'readwrite') assetBucket.grantReadWrite(fn);
  // CDK's bucket grants: action groups (s3:GetObject* ...) on the objects (`bucket/*`) of the one
  // asset bucket; the exact actions are checked in api-stack.test.ts.
  if (access.bucket) {
    acknowledgeNag(fn, 'IAM5', "CDK's grant action groups on the objects of the one asset bucket.", [
      ...BUCKET_READ_ACTION_FINDINGS,
      ...(access.bucket === 'readwrite' ? BUCKET_WRITE_ACTION_FINDINGS : []),
      `Resource::${nagAttribute(assetBucket)}/*`,
    ]);
  }
  if (access.bucketList) {
    // HeadBucket is authorised by s3:ListBucket on the bucket itself, not its objects.
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [assetBucket.bucketArn] }));
  }
  // secretsmanager:GetSecretValue and DescribeSecret, each on its one secret.
  if (access.secrets) sessionSecret.grantRead(fn);
  if (access.stripe) stripeSecret.grantRead(fn);
  if (access.mail) {
    const stack = Stack.of(fn);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        // Any verified identity of this account and region: the sender address is configuration.
        resources: [`arn:${stack.partition}:ses:${stack.region}:${stack.account}:identity/*`],
      }),
    );
    const env = nagEnvironment(stack);
    acknowledgeNag(fn, 'IAM5', 'Any verified SES identity of the account: the sender is configuration.', [
      `Resource::arn:${env.partition}:ses:${env.region}:${env.account}:identity/*`,
    ]);
  }
  // SendMessage only (with the queue's KMS-free SSE, nothing else is needed), each on its queue.
  for (const worker of access.queues ?? []) {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queueOf(resources.queues ?? {}, worker, fn.node.id).queueArn] }));
  }
  if (access.polly) {
    // Polly has no resource-level permissions for these two: "*" is the only resource there is.
    fn.addToRolePolicy(new PolicyStatement({ actions: ['polly:DescribeVoices', 'polly:SynthesizeSpeech'], resources: ['*'] }));
  }
  if (access.translate) {
    // TranslateText names no resource unless it uses custom terminology, which nothing here does.
    fn.addToRolePolicy(new PolicyStatement({ actions: ['translate:TranslateText'], resources: ['*'] }));
  }
  if (access.siteSessionKey && resources.siteSessionKey) {
    fn.addToRolePolicy(
      new PolicyStatement({ actions: [access.siteSessionKey === 'seal' ? 'kms:GenerateDataKey' : 'kms:Decrypt'], resources: [resources.siteSessionKey.keyArn] }),
    );
  }
  if (access.bedrock && resources.bedrockModelId) {
    // Converse and ConverseStream are authorised as InvokeModel(WithResponseStream), on the model.
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream'],
        resources: bedrockModelArns(Stack.of(fn), resources.bedrockModelId),
      }),
    );
  }
}
