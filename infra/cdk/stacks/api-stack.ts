import { Annotations, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { CfnStage, HttpMethod, HttpRoute, HttpRouteKey, HttpStage, LogGroupLogDestination, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Alarm, ComparisonOperator, MathExpression, Stats, TreatMissingData, type IAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import { Alias } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption, type IQueue } from 'aws-cdk-lib/aws-sqs';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key, type IKey } from 'aws-cdk-lib/aws-kms';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { CDN_INVALIDATION_QUEUE_ENV, queueUrlEnv } from '#shared/workers';
import {
  DEFAULT_MAX_RECEIVE_COUNT,
  DEFAULT_WORKER_MAX_CONCURRENCY,
  FUNCTIONS,
  ROUTES,
  WORKERS,
  routeKey,
  type FunctionAccess,
  type FunctionSpec,
  type RouteSpec,
  type WorkerSpec,
} from '../../../functions/routes';
import { runbookLink } from '../constructs/alarm-topic';
import { pascalCase } from '../names';
export { pascalCase };
import { TABLE_INDEXES } from '../../table-definition';
import { acknowledgeNag, nagEnvironment, nagSpelling } from '../nag';
import { DEFAULT_TIMEOUT_SECONDS, LAMBDA_MAX_TIMEOUT_SECONDS, StepcastFunction } from '../constructs/stepcast-function';
import { DriftSweep } from '../constructs/drift-sweep';
import { cdnInvalidationQueueName } from '../constructs/asset-invalidation';
import type { StageConfig } from '../stage';

/** The Powertools service name every function logs and traces under. */
export const SERVICE_NAME = 'stepcast';

/** A route as the stack needs it: the function by name, checked against `functions` at synth. */
export type ApiRoute = Pick<RouteSpec, 'method' | 'path'> & { readonly fn: string };

export interface ApiStackProps extends StackProps {
  readonly stage: StageConfig;
  /** the HTTP API (web stack): this stack adds its routes, its $default stage and its functions */
  readonly httpApi: IHttpApi;
  readonly table: ITable;
  /** the asset bucket's name (fixed at synth: data-stack.ts, assetBucketName) */
  readonly assetBucketName: string;
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
   * on mutations; the API functions refuse to start without it (links never come from a request's
   * Host). The configured origin, or the distribution's own `https://{id}.cloudfront.net` (a
   * reference to the web stack), so every stage has one from its first deploy.
   */
  readonly appOrigin: string;
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
  /** what each canary alarm's description links. @default docs/runbooks.md */
  readonly runbookUrl?: string;
  /** @default FUNCTIONS from functions/routes.ts; tests pass their own to cover every access kind */
  readonly functions?: Readonly<Record<string, FunctionSpec>>;
  /** @default WORKERS from functions/routes.ts; tests pass a fixture */
  readonly workers?: Readonly<Record<string, WorkerSpec>>;
  /** @default ROUTES from functions/routes.ts */
  readonly routes?: readonly ApiRoute[];
}

/**
 * What API Gateway lets through per second, and in a burst, on each route of the authors' app
 * (HTTP APIs apply the stage's default route settings to every route on its own): far above what
 * the product needs, well below what would run up a bill.
 */
export const API_THROTTLE = { rateLimit: 200, burstLimit: 400 } as const;

/**
 * The public routes' own limits, apart from the authors' (ROUTE_THROTTLES applies them to each
 * route they match). Viewers' events: a viewer sends about three batches per view, so 500/s is
 * some 10,000 viewers arriving a minute; a flood of them is refused (429) before it costs more
 * than 500 invocations a second. Shared guides: CloudFront caches public guides' answers, so
 * what reaches the API is mostly cache misses, members' private reads and the edge's own reads.
 */
export const EVENTS_THROTTLE = { rateLimit: 500, burstLimit: 1000 } as const;
export const SHARE_THROTTLE = { rateLimit: 300, burstLimit: 600 } as const;

/** Route throttles by path prefix; the first that matches a route applies, else API_THROTTLE. */
export const ROUTE_THROTTLES: ReadonlyArray<{ readonly pathPrefix: string; readonly throttle: { readonly rateLimit: number; readonly burstLimit: number } }> = [
  { pathPrefix: '/api/events', throttle: EVENTS_THROTTLE },
  { pathPrefix: '/api/share/', throttle: SHARE_THROTTLE },
];

/**
 * How a new version of an API function takes traffic: on canary stages (StageConfig.canary) 10%
 * for five minutes, then all, rolled back by CodeDeploy if a canary alarm fires meanwhile;
 * elsewhere all at once. A function that throws at cold start (a missing variable, a module
 * its bundle lacks) fails every request it gets, and so its version's error rate.
 */
export const CANARY_DEPLOYMENT = LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES;

/** The alias the API's routes invoke: CodeDeploy moves it from version to version. */
export const LIVE_ALIAS = 'live';

/** The canary alarms' thresholds, in one-minute periods: sensitive, since they only decide a rollback. */
export const CANARY_ALARM = {
  /** % of a function's invocations (through its live alias) that failed */
  functionErrorRatePercent: 5,
  /** % of all API requests answered 5xx, with at least this many requests */
  apiServerErrorRatePercent: 5,
  apiMinimumRequests: 10,
} as const;

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


/**
 * The HTTP API: one Lambda per entry of FUNCTIONS and one route per entry of ROUTES, read from the
 * table the local adapter also mounts, so a new route or function needs no change here; and for
 * each entry of WORKERS a queue, its dead-letter queue and the worker Lambda it feeds.
 */
export class ApiStack extends Stack {
  readonly httpApi: IHttpApi;
  readonly stage: HttpStage;
  /** the JSON access log of the API's stage */
  readonly accessLogs: LogGroup;
  /** by FUNCTIONS name */
  readonly functions: Readonly<Record<string, StepcastFunction>>;
  /** each API function's `live` alias, which its routes invoke, by FUNCTIONS name */
  readonly aliases: Readonly<Record<string, Alias>>;
  /** the alarms a canary is rolled back on: the API's 5xx rate and each function's error rate */
  readonly canaryAlarms: readonly IAlarm[];
  /** by WORKERS name */
  readonly workers: Readonly<Record<string, WorkerResources>>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage, table, assetBucketName, sessionSecret, stripeSecret, originVerifySecret } = props;
    const specs: Readonly<Record<string, FunctionSpec>> = props.functions ?? FUNCTIONS;
    const workerSpecs: Readonly<Record<string, WorkerSpec>> = props.workers ?? WORKERS;
    const routes = props.routes ?? ROUTES;
    // Read by functions/core/origin.ts; a variable is set only when the context gives a value.
    const siteEnvironment: Record<string, string> = {
      APP_ORIGIN: props.appOrigin,
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
      assetBucketName,
      sessionSecret,
      stripeSecret,
      queues: Object.fromEntries(Object.entries(queues).map(([name, q]) => [name, q.queue])),
      bedrockModelId: props.bedrockModelId,
    };
    // The web stack's CloudFront invalidation queue, by its fixed name (that stack depends on this
    // one): API functions that change guides send it the share answers to clear.
    const cdnQueueName = cdnInvalidationQueueName(stage.name);
    const cdnQueueUrl = `https://sqs.${this.region}.${this.urlSuffix}/${this.account}/${cdnQueueName}`;
    const cdnQueueArn = `arn:${this.partition}:sqs:${this.region}:${this.account}:${cdnQueueName}`;
    const makeFunction = (name: string, spec: FunctionSpec | WorkerSpec, kind: 'api' | 'worker'): StepcastFunction => {
      const worker = kind === 'worker';
      const clearsShares = spec.access.clearsShares === true;
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
          ...(spec.access.bucket || spec.access.bucketList ? { BUCKET_NAME: assetBucketName } : {}),
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
          ...(clearsShares ? { [CDN_INVALIDATION_QUEUE_ENV]: cdnQueueUrl } : {}),
        },
      });
      grantAccess(fn, spec.access, grantResources);
      if (clearsShares) fn.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [cdnQueueArn] }));
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
      // retries that message alone (the handler answers batchItemFailures). At most
      // maxConcurrency at once: a burst waits in the queue instead of taking the account's
      // Lambda concurrency from the API (no reserved concurrency: a new account's quota of 10
      // could not spare it, and a throttled SQS invocation counts as a failed delivery).
      fn.addEventSource(
        new SqsEventSource(queue, { batchSize: 1, reportBatchItemFailures: true, maxConcurrency: spec.maxConcurrency ?? DEFAULT_WORKER_MAX_CONCURRENCY }),
      );
      workers[name] = { queue, deadLetterQueue, fn };
    }
    this.workers = workers;
    // Scheduled drift checks: the worker starts those due each time the scheduler sweeps.
    if (workers['drift']) new DriftSweep(this, 'DriftSweep', { queue: workers['drift'].queue, description: `Stepcast ${stage.name}: starts the scheduled drift checks that are due` });

    if (stage.isProduction && !props.stripePriceId && Object.values(specs).some((spec) => spec.access.stripe)) {
      Annotations.of(this).addWarningV2(
        'stepcast:api:no-stripe-price',
        "No -c stripePriceId: checkout asks Stripe for billing's placeholder price, which only the local double has. Deploy with -c stripePriceId=price_...",
      );
    }

    this.httpApi = props.httpApi;
    // Each API function serves through its `live` alias, moved to each new version by CodeDeploy.
    const runbookUrl = props.runbookUrl ?? 'docs/runbooks.md';
    const application = new LambdaApplication(this, 'Deployments', { applicationName: `stepcast-${stage.name}-api` });
    const apiServerErrorRate = new MathExpression({
      label: 'API 5xx % (1 min)',
      expression: `IF(requests >= ${CANARY_ALARM.apiMinimumRequests}, 100 * errors / requests, 0)`,
      usingMetrics: {
        requests: this.httpApi.metricCount({ period: Duration.minutes(1), statistic: Stats.SUM }),
        errors: this.httpApi.metricServerError({ period: Duration.minutes(1), statistic: Stats.SUM }),
      },
      period: Duration.minutes(1),
    });
    const canaryAlarms: IAlarm[] = [
      canaryAlarm(this, 'CanaryApiServerErrorRate', apiServerErrorRate, CANARY_ALARM.apiServerErrorRatePercent, `Canary: ${CANARY_ALARM.apiServerErrorRatePercent}% or more of API requests answered 5xx in a minute. ${runbookLink(runbookUrl, 'canary-rollback')}`),
    ];
    const aliases: Record<string, Alias> = {};
    for (const [name, fn] of Object.entries(functions)) {
      const id = pascalCase(name);
      const alias = new Alias(this, `${id}Live`, { aliasName: LIVE_ALIAS, version: fn.currentVersion });
      const errorRate = new MathExpression({
        label: `${name} errors % (1 min)`,
        expression: '100 * errors / MAX([invocations, 1])',
        usingMetrics: {
          errors: alias.metricErrors({ period: Duration.minutes(1), statistic: Stats.SUM }),
          invocations: alias.metricInvocations({ period: Duration.minutes(1), statistic: Stats.SUM }),
        },
        period: Duration.minutes(1),
      });
      const functionAlarm = canaryAlarm(this, `Canary${id}ErrorRate`, errorRate, CANARY_ALARM.functionErrorRatePercent, `Canary: ${CANARY_ALARM.functionErrorRatePercent}% or more of ${name}'s invocations failed in a minute. ${runbookLink(runbookUrl, 'canary-rollback')}`);
      const group = new LambdaDeploymentGroup(this, `${id}Deployment`, {
        application,
        alias,
        deploymentConfig: stage.canary ? CANARY_DEPLOYMENT : LambdaDeploymentConfig.ALL_AT_ONCE,
        alarms: [canaryAlarms[0]!, functionAlarm],
        autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
      });
      // CodeDeploy's own role for Lambda deployments: it shifts aliases and reads alarms.
      acknowledgeNag(group, 'IAM4', "CodeDeploy's managed role for Lambda deployments (shifting this function's alias, reading its alarms).", [
        'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited',
      ]);
      canaryAlarms.push(functionAlarm);
      aliases[name] = alias;
    }
    this.aliases = aliases;
    this.canaryAlarms = canaryAlarms;

    // One integration per function (its alias), shared by all of its routes.
    const integrations = new Map<string, HttpLambdaIntegration>();
    const routeResources: HttpRoute[] = [];
    for (const route of routes) {
      const alias = aliases[route.fn];
      if (!alias) throw new Error(`Route ${route.method} ${route.path} names unknown function "${route.fn}"`);
      let integration = integrations.get(route.fn);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${pascalCase(route.fn)}Integration`, alias, {
          // One invoke permission per function for this API, not one per route: a function's
          // resource policy is capped at 20 KB, which a few dozen per-route statements reach.
          scopePermissionToRoute: false,
        });
        integrations.set(route.fn, integration);
      }
      const httpRoute = new HttpRoute(this, `Route${pascalCase(`${route.method} ${route.path}`.replace(/[^A-Za-z0-9]+/g, ' ').trim())}`, {
        httpApi: this.httpApi,
        // 'ANY' maps to HttpMethod.ANY like every other verb.
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration,
      });
      // No API Gateway authorizer: the functions authenticate every request themselves (the
      // session cookie checked against DynamoDB, Stripe's signature on the webhook, public reads
      // by design), and refuse anything without CloudFront's origin-verify header.
      acknowledgeNag(httpRoute, 'APIG4', 'Sessions and Stripe signatures are checked by the functions; requests not from CloudFront are refused.');
      routeResources.push(httpRoute);
    }

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
    // The public routes' own throttles. API Gateway refuses settings for a route that does not
    // exist yet, so the stage waits for the routes.
    const routeSettings = Object.fromEntries(
      routes.flatMap((route) => {
        const match = ROUTE_THROTTLES.find((t) => route.path.startsWith(t.pathPrefix));
        return match ? [[routeKey(route), { ThrottlingRateLimit: match.throttle.rateLimit, ThrottlingBurstLimit: match.throttle.burstLimit }]] : [];
      }),
    );
    const cfnStage = this.stage.node.defaultChild;
    if (!(cfnStage instanceof CfnStage)) throw new Error('the API stage has no CfnStage');
    if (Object.keys(routeSettings).length > 0) cfnStage.routeSettings = routeSettings;
    for (const route of routeResources) this.stage.node.addDependency(route);

    new CfnOutput(this, 'ApiEndpoint', {
      value: this.httpApi.apiEndpoint,
      description: 'The HTTP API itself; browsers use it through the distribution at /api',
    });
  }
}

/** An alarm CodeDeploy watches during a canary: no notification (the rollback is the action), one-minute periods. */
function canaryAlarm(scope: Stack, id: string, metric: MathExpression, threshold: number, description: string): Alarm {
  return new Alarm(scope, id, {
    metric,
    threshold,
    alarmDescription: description,
    // Any one of the last two minutes: a broken version fails at once, and five minutes is the bake.
    evaluationPeriods: 2,
    datapointsToAlarm: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

function queueOf<T>(queues: Readonly<Record<string, T>>, worker: string, user: string): T {
  const queue = queues[worker];
  if (!queue) throw new Error(`${user} names the queue of "${worker}", which WORKERS does not list`);
  return queue;
}

export interface GrantResources {
  table: ITable;
  /** the asset bucket's name, a plain string at synth */
  assetBucketName: string;
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
 * What `table: 'read'` and `'readwrite'` allow, on the table and each of its indexes by name: the
 * item reads and writes the product makes, no Scan (no request path scans: design.md) and
 * nothing on the table's streams or settings.
 */
export const TABLE_ACTIONS = {
  read: ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:Query'],
  write: ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
} as const;

/** What `bucket: 'read'` and `'readwrite'` allow on the asset bucket's objects: never a version's deletion. */
export const BUCKET_OBJECT_ACTIONS = {
  read: ['s3:GetObject'],
  readwrite: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
} as const;

/** What `tableWriteKeys` leaves a function to write with: counters and patches, never a put, delete or batch. */
export const RESTRICTED_TABLE_WRITE_ACTIONS = ['dynamodb:UpdateItem'] as const;

/**
 * Grants a function exactly what its `access` says and nothing else. The asset bucket's grants
 * name their actions rather than CDK's action groups: `s3:DeleteObject*` would include
 * DeleteObjectVersion, which deletes the versions the bucket keeps so that a deletion can be
 * undone (the restore runbook). Reading includes s3:ListBucket on the bucket, so that a missing
 * key answers NoSuchKey (404) as s3rver does locally, instead of AccessDenied.
 */
export function grantAccess(
  fn: StepcastFunction,
  access: FunctionAccess,
  resources: GrantResources,
): void {
  const { table, sessionSecret, stripeSecret } = resources;
  const stack = Stack.of(fn);
  if (access.tableWriteKeys && access.table !== 'readwrite') throw new Error(`${fn.node.id}: tableWriteKeys needs table: 'readwrite'`);
  // The table and each index by name: Query on an index is authorised on the index.
  const tableArns = [table.tableArn, ...TABLE_INDEXES.map((index) => `${table.tableArn}/index/${index.indexName}`)];
  if (access.table) fn.addToRolePolicy(new PolicyStatement({ actions: [...TABLE_ACTIONS.read], resources: tableArns }));
  if (access.table === 'readwrite' && !access.tableWriteKeys) {
    fn.addToRolePolicy(new PolicyStatement({ actions: [...TABLE_ACTIONS.write], resources: [table.tableArn] }));
  }
  if (access.tableWriteKeys) {
    // Items whose partition key matches, through UpdateItem only. A public function's worst case
    // is then counters, not the product's data.
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [...RESTRICTED_TABLE_WRITE_ACTIONS],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...access.tableWriteKeys] } },
      }),
    );
  }
  // The bucket by its name, fixed at synth (data-stack.ts, assetBucketName): no reference across stacks.
  const bucketArn = `arn:${stack.partition}:s3:::${resources.assetBucketName}`;
  if (access.bucket) {
    fn.addToRolePolicy(new PolicyStatement({ actions: [...BUCKET_OBJECT_ACTIONS[access.bucket]], resources: [`${bucketArn}/*`] }));
    // The objects of the one asset bucket: keys are made per organisation and guide at run time.
    acknowledgeNag(fn, 'IAM5', 'The objects of the one asset bucket, whose keys are made at run time.', [
      `Resource::arn:${nagEnvironment(stack).partition}:s3:::${nagSpelling(stack, resources.assetBucketName)}/*`,
    ]);
  }
  if (access.bucket || access.bucketList) {
    // HeadBucket and ListObjectsV2 are authorised by s3:ListBucket on the bucket itself, not its objects.
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucketArn] }));
  }
  // secretsmanager:GetSecretValue and DescribeSecret, each on its one secret.
  if (access.secrets) sessionSecret.grantRead(fn);
  if (access.stripe) stripeSecret.grantRead(fn);
  if (access.mail) {
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
  if (access.polly || access.translate) {
    acknowledgeNag(fn, 'IAM5', `${[access.polly ? 'Polly' : '', access.translate ? 'Translate' : ''].filter(Boolean).join(' and ')}: actions without resource-level permissions.`, ['Resource::*']);
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
