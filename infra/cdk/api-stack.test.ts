import { CfnResource, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FUNCTIONS, ROUTES, WORKERS, routeKey, type FunctionAccess, type FunctionSpec, type RouteSpec, type WorkerSpec } from '../../functions/routes';
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS, type StepcastFunction } from './constructs/stepcast-function';
import { ACCESS_LOG_FIELDS, API_THROTTLE, ApiStack, bedrockModelArns } from './stacks/api-stack';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { DataStack } from './stacks/data-stack';
import { stageConfig } from './stage';
import { LogicalRef, resourceById, synthStepcast, testApp } from './test-support';

const dev = synthStepcast({ stage: 'dev' });
const prod = synthStepcast({ stage: 'prod' });
const configured = synthStepcast({
  stage: 'dev',
  appOrigin: 'https://stepcast.example.com',
  extensionIds: ['abcdefghijklmnopabcdefghijklmnop', 'ponmlkjihgfedcbaponmlkjihgfedcba'],
  trustedOrigins: ['https://preview.stepcast.example.com'],
  stripePriceId: 'price_1PqRsTuVwXyZ',
});
const FUNCTION_SPECS: Array<[string, FunctionSpec]> = Object.entries(FUNCTIONS);

/** What an ApiStack needs of the other stacks, made in a test app: the data stack and an HTTP API. */
function dependencies(app: ReturnType<typeof testApp>, stage: ReturnType<typeof stageConfig>) {
  const data = new DataStack(app, 'data', { stage });
  const httpApi = new HttpApi(new Stack(app, 'gateway'), 'HttpApi', { createDefaultStage: false });
  return {
    data,
    props: {
      stage,
      httpApi,
      appOrigin: 'https://stepcast.example.com',
      table: data.table,
      assetBucketName: data.assetBucketName,
      sessionSecret: data.sessionSecret,
      stripeSecret: data.stripeSecret,
      originVerifySecret: data.originVerifySecret,
    },
  };
}

function logicalId(fn: StepcastFunction): string {
  const cfn = fn.node.defaultChild;
  if (!(cfn instanceof CfnFunction)) throw new Error('no CfnFunction');
  return Stack.of(fn).getLogicalId(cfn);
}

const LambdaResource = z.object({
  Properties: z.object({
    Runtime: z.string(),
    Architectures: z.array(z.string()),
    Handler: z.string(),
    MemorySize: z.number(),
    Timeout: z.number(),
    TracingConfig: z.object({ Mode: z.string() }),
    LoggingConfig: z.object({ LogGroup: LogicalRef }),
    Environment: z.object({ Variables: z.record(z.string(), z.unknown()) }),
    Role: LogicalRef,
  }),
});
const LogGroupResource = z.object({ Properties: z.object({ RetentionInDays: z.number() }) });
const Statement = z.object({
  Effect: z.literal('Allow'),
  Action: z.union([z.string(), z.array(z.string())]).transform((a) => (Array.isArray(a) ? a : [a])),
  Resource: z.unknown(),
});
const PolicyResource = z.object({
  Properties: z.object({
    Roles: z.array(LogicalRef),
    PolicyDocument: z.object({ Statement: z.array(Statement) }),
  }),
});
const RoleResource = z.object({ Properties: z.object({ ManagedPolicyArns: z.array(z.unknown()).default([]) }) });

/**
 * What a function may do, from its `access` alone: the least-privilege contract. Written out
 * here rather than derived from the stack's code, so a broader grant makes the test fail.
 */
const TABLE_READ = ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:Query'];
const TABLE_WRITE = ['dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];
/** A function with tableWriteKeys: updates of its own items only. */
const TABLE_RESTRICTED_WRITE = ['dynamodb:UpdateItem'];
const BUCKET_READ = ['s3:GetObject'];
const BUCKET_WRITE = ['s3:DeleteObject', 's3:PutObject'];
const BUCKET_LIST = ['s3:ListBucket'];
const MAIL = ['ses:SendEmail', 'ses:SendRawEmail'];
const SECRETS = ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'];
const QUEUE_SEND = ['sqs:SendMessage'];
const POLLY = ['polly:DescribeVoices', 'polly:SynthesizeSpeech'];
const TRANSLATE = ['translate:TranslateText'];
const BEDROCK = ['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream'];
/** What an SQS event source needs on the worker's own queue (CDK's grantConsumeMessages). */
const QUEUE_CONSUME = ['sqs:ChangeMessageVisibility', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:ReceiveMessage'];

/** API functions (not workers) all read the origin-verify secret: they check CloudFront's header. */
function allowedActions(access: FunctionAccess, kind: 'api' | 'worker' = 'api', bedrockConfigured = true): string[] {
  return [...new Set([
    ...(access.table ? TABLE_READ : []),
    ...(access.table === 'readwrite' ? (access.tableWriteKeys ? TABLE_RESTRICTED_WRITE : TABLE_WRITE) : []),
    ...(access.bucket ? BUCKET_READ : []),
    ...(access.bucket === 'readwrite' ? BUCKET_WRITE : []),
    ...(access.bucket || access.bucketList ? BUCKET_LIST : []),
    ...(access.mail ? MAIL : []),
    ...(access.secrets || access.stripe || kind === 'api' ? SECRETS : []),
    ...(access.queues?.length || access.clearsShares ? QUEUE_SEND : []),
    ...(access.polly ? POLLY : []),
    ...(access.translate ? TRANSLATE : []),
    ...(access.bedrock && bedrockConfigured ? BEDROCK : []),
    ...(access.siteSessionKey === 'seal' ? ['kms:GenerateDataKey'] : access.siteSessionKey === 'open' ? ['kms:Decrypt'] : []),
    ...(kind === 'worker' ? QUEUE_CONSUME : []),
  ])].sort();
}

/** The secrets a function may read, by the construct id of the data stack's secret. */
function allowedSecrets(access: FunctionAccess, kind: 'api' | 'worker' = 'api'): string[] {
  return [
    ...(kind === 'api' ? ['OriginVerifySecret'] : []),
    ...(access.secrets ? ['SessionSecret'] : []),
    ...(access.stripe ? ['StripeSecret'] : []),
  ].sort();
}

/** Concrete actions a grant must not cover unless the access allows it (IAM wildcards matched). */
function probes(access: FunctionAccess, kind: 'api' | 'worker' = 'api', bedrockConfigured = true): Array<[action: string, allowed: boolean]> {
  const tableWrite = access.table === 'readwrite';
  const anyTableWrite = tableWrite && !access.tableWriteKeys;
  const bucketWrite = access.bucket === 'readwrite';
  return [
    ['dynamodb:GetItem', access.table !== undefined],
    ['dynamodb:Query', access.table !== undefined],
    // No request path scans the table (design.md): IAM says so too.
    ['dynamodb:Scan', false],
    ['dynamodb:PutItem', anyTableWrite],
    ['dynamodb:UpdateItem', tableWrite],
    ['dynamodb:DeleteItem', anyTableWrite],
    ['dynamodb:BatchWriteItem', anyTableWrite],
    ['dynamodb:DeleteTable', false],
    ['dynamodb:UpdateTable', false],
    ['dynamodb:DescribeStream', false],
    ['s3:GetObject', access.bucket !== undefined],
    // Reading lists too (missing keys answer 404 as locally).
    ['s3:ListBucket', access.bucket !== undefined || access.bucketList === true],
    ['s3:PutObject', bucketWrite],
    ['s3:DeleteObject', bucketWrite],
    // The bucket keeps old versions so that a deletion can be undone (the restore runbook): no function may delete one.
    ['s3:DeleteObjectVersion', false],
    ['s3:PutObjectAcl', false],
    ['s3:PutLifecycleConfiguration', false],
    ['s3:DeleteBucket', false],
    ['s3:PutBucketPolicy', false],
    ['ses:SendEmail', access.mail === true],
    ['ses:SendRawEmail', access.mail === true],
    ['ses:DeleteEmailIdentity', false],
    ['secretsmanager:GetSecretValue', access.secrets === true || access.stripe === true || kind === 'api'],
    ['secretsmanager:PutSecretValue', false],
    ['secretsmanager:ListSecrets', false],
    ['iam:PassRole', false],
    ['lambda:InvokeFunction', false],
    ['sqs:SendMessage', Boolean(access.queues?.length) || access.clearsShares === true],
    ['kms:GenerateDataKey', access.siteSessionKey === 'seal'],
    ['kms:Decrypt', access.siteSessionKey === 'open'],
    ['kms:Encrypt', false],
    ['kms:ScheduleKeyDeletion', false],
    ['sqs:PurgeQueue', false],
    ['sqs:DeleteQueue', false],
    ['polly:SynthesizeSpeech', access.polly === true],
    ['polly:PutLexicon', false],
    ['polly:DeleteLexicon', false],
    ['translate:TranslateText', access.translate === true],
    ['translate:ImportTerminology', false],
    ['bedrock:InvokeModel', access.bedrock === true && bedrockConfigured],
    ['bedrock:CreateModelCustomizationJob', false],
    ['bedrock:InvokeAgent', false],
  ];
}

function matches(pattern: string, action: string): boolean {
  const source = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${source}$`, 'i').test(action);
}

interface Permissions {
  actions: string[];
  statements: Array<z.output<typeof Statement>>;
  managedPolicies: string[];
}

function permissionsOf(template: Template, fnLogicalId: string): Permissions {
  const fn = resourceById(template, fnLogicalId, LambdaResource);
  const roleId = fn.Properties.Role;
  const statements = Object.values(template.findResources('AWS::IAM::Policy'))
    .map((resource) => PolicyResource.parse(resource))
    .filter((policy) => policy.Properties.Roles.includes(roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
  const role = resourceById(template, roleId, RoleResource);
  return {
    actions: [...new Set(statements.flatMap((s) => s.Action))].sort(),
    statements,
    managedPolicies: role.Properties.ManagedPolicyArns.map((arn) => JSON.stringify(arn)),
  };
}

/**
 * The secrets the statements let a function read, by the data stack's construct id (the
 * cross-stack reference names it); anything else shows as its JSON, so it fails the comparison.
 */
function readableSecrets(statements: Permissions['statements']): string[] {
  return statements
    .filter((statement) => statement.Action.some((action) => matches(action, 'secretsmanager:GetSecretValue')))
    .flatMap((statement) => (Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource]))
    .map((resource) => {
      const json = JSON.stringify(resource);
      return /(SessionSecret|StripeSecret|OriginVerifySecret)[0-9A-F]{8}/.exec(json)?.[1] ?? json;
    })
    .sort();
}

function expectLeastPrivilege(
  template: Template,
  fnLogicalId: string,
  access: FunctionAccess,
  kind: 'api' | 'worker' = 'api',
  bedrockConfigured = true,
): void {
  const { actions, statements, managedPolicies } = permissionsOf(template, fnLogicalId);
  expect(actions).toEqual(allowedActions(access, kind, bedrockConfigured));
  for (const [action, allowed] of probes(access, kind, bedrockConfigured)) {
    expect({ action, granted: actions.some((pattern) => matches(pattern, action)) }).toEqual({ action, granted: allowed });
  }
  // Reading one secret must not mean reading the other: the Stripe keys are not the session key.
  expect(readableSecrets(statements)).toEqual(allowedSecrets(access, kind));
  // Only Polly and Translate (which have no resource-level permissions for these actions) may name every resource.
  for (const statement of statements) {
    if (statement.Action.every((a) => a.startsWith('polly:') || a === 'translate:TranslateText')) continue;
    expect(JSON.stringify(statement.Resource)).not.toBe('"*"');
  }
  // Logs and traces only: the basic execution role and X-Ray's own policy.
  expect(managedPolicies).toHaveLength(2);
  expect(managedPolicies[0]).toContain('service-role/AWSLambdaBasicExecutionRole');
  expect(managedPolicies[1]).toContain('policy/AWSXRayDaemonWriteAccess');
}

describe('api stack: functions', () => {
  it('has one Lambda per FUNCTIONS entry (and one per WORKERS entry)', () => {
    dev.api.resourceCountIs('AWS::Lambda::Function', FUNCTION_SPECS.length + Object.keys(WORKERS).length);
    expect(Object.keys(dev.stacks.api.functions).sort()).toEqual(Object.keys(FUNCTIONS).sort());
  });

  it('seals saved sign-ins under a rotated KMS key whose ARN only the functions that use it are given', () => {
    dev.api.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    for (const [name, spec] of FUNCTION_SPECS) {
      const fn = resourceById(dev.api, logicalId(dev.stacks.api.functions[name]!), z.object({ Properties: z.object({ Environment: z.object({ Variables: z.record(z.string(), z.unknown()) }) }) })).Properties;
      expect({ name, hasKey: 'SITE_SESSION_KMS_KEY_ID' in fn.Environment.Variables }).toEqual({ name, hasKey: Boolean(spec.access.siteSessionKey) });
    }
  });

  it.each(FUNCTION_SPECS)('%s: Node 22, traced, with the spec memory and timeout, arm64 unless native', (name, spec) => {
    const fn = resourceById(dev.api, logicalId(dev.stacks.api.functions[name]!), LambdaResource).Properties;
    expect(fn.Runtime).toBe('nodejs22.x');
    expect(fn.Architectures).toEqual([spec.nativeModules?.length ? 'x86_64' : 'arm64']);
    expect(fn.Handler).toBe('index.handler');
    expect(fn.TracingConfig.Mode).toBe('Active');
    expect(fn.MemorySize).toBe(spec.memoryMb ?? DEFAULT_MEMORY_MB);
    expect(fn.Timeout).toBe(spec.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS);
    expect(fn.Timeout).toBeLessThan(29);
  });

  it('runs auth on x86_64, whose argon2 binary is the linux-x64 one, and health on arm64', () => {
    const architectures = (name: string) =>
      resourceById(dev.api, logicalId(dev.stacks.api.functions[name]!), LambdaResource).Properties.Architectures;
    expect(architectures('auth')).toEqual(['x86_64']);
    expect(architectures('health')).toEqual(['arm64']);
  });

  it.each(FUNCTION_SPECS)('%s: environment names only what the function may touch', (name, spec) => {
    const variables = resourceById(dev.api, logicalId(dev.stacks.api.functions[name]!), LambdaResource).Properties
      .Environment.Variables;
    expect(variables).toMatchObject({
      NODE_OPTIONS: '--enable-source-maps',
      STAGE: 'dev',
      POWERTOOLS_SERVICE_NAME: 'stepcast',
      POWERTOOLS_LOG_LEVEL: 'INFO',
    });
    expect('TABLE_NAME' in variables).toBe(spec.access.table !== undefined);
    expect('BUCKET_NAME' in variables).toBe(spec.access.bucket !== undefined || spec.access.bucketList === true);
    expect('SESSION_SECRET_ARN' in variables).toBe(spec.access.secrets === true);
    expect('STRIPE_SECRET_ARN' in variables).toBe(spec.access.stripe === true);
    for (const key of ['EXTENSION_IDS', 'TRUSTED_ORIGINS', 'STRIPE_PRICE_ID']) expect(key in variables, key).toBe(false);
  });

  it.each(FUNCTION_SPECS)("%s: without a configured origin, gets the distribution's own name as APP_ORIGIN, so it starts on a first deploy", (name) => {
    const variables = resourceById(dev.api, logicalId(dev.stacks.api.functions[name]!), LambdaResource).Properties.Environment.Variables;
    expect(JSON.stringify(variables['APP_ORIGIN'])).toMatch(/^\{"Fn::Join":\["",\["https:\/\/",\{"Fn::GetStackOutput":\{"StackName":"stepcast-dev-web".*Distribution[0-9A-F]{8}DomainName/);
  });

  it.each(FUNCTION_SPECS)('%s: ORIGIN_VERIFY_SECRET_ARN names the origin-verify secret', (name) => {
    const variables = resourceById(dev.api, logicalId(dev.stacks.api.functions[name]!), LambdaResource).Properties
      .Environment.Variables;
    expect(JSON.stringify(variables['ORIGIN_VERIFY_SECRET_ARN'])).toMatch(/OriginVerifySecret[0-9A-F]{8}/);
  });

  it.each(FUNCTION_SPECS)('%s: STRIPE_SECRET_ARN names the Stripe secret and nothing else', (name, spec) => {
    const variables = resourceById(dev.api, logicalId(dev.stacks.api.functions[name]!), LambdaResource).Properties
      .Environment.Variables;
    if (!spec.access.stripe) return;
    expect(JSON.stringify(variables['STRIPE_SECRET_ARN'])).toMatch(/StripeSecret[0-9A-F]{8}/);
    expect(JSON.stringify(variables['STRIPE_SECRET_ARN'])).not.toContain('SessionSecret');
  });

  it.each(FUNCTION_SPECS)('%s: gets the site origin, extension ids, trusted origins and Stripe price the context gives', (name, spec) => {
    const variables = resourceById(
      configured.api,
      logicalId(configured.stacks.api.functions[name]!),
      LambdaResource,
    ).Properties.Environment.Variables;
    expect(variables).toMatchObject({
      APP_ORIGIN: 'https://stepcast.example.com',
      EXTENSION_IDS: 'abcdefghijklmnopabcdefghijklmnop,ponmlkjihgfedcbaponmlkjihgfedcba',
      TRUSTED_ORIGINS: 'https://preview.stepcast.example.com',
    });
    expect(variables['STRIPE_PRICE_ID']).toBe(spec.access.stripe ? 'price_1PqRsTuVwXyZ' : undefined);
  });

  it('gives Stripe to billing and its webhook, the functions whose access says stripe', () => {
    const stripe = FUNCTION_SPECS.filter(([, spec]) => spec.access.stripe).map(([name]) => name);
    expect(stripe.sort()).toEqual(['billing', 'stripeWebhook']);
  });

  it('warns when a prod* stage has no Stripe price, and not once it has one', () => {
    const priced = synthStepcast({ stage: 'prod', stripePriceId: 'price_1PqRsTuVwXyZ' });
    Annotations.fromStack(prod.stacks.api).hasWarning('*', Match.stringLikeRegexp('No -c stripePriceId'));
    Annotations.fromStack(priced.stacks.api).hasNoWarning('*', Match.stringLikeRegexp('stripePriceId'));
    Annotations.fromStack(dev.stacks.api).hasNoWarning('*', Match.stringLikeRegexp('stripePriceId'));
  });

  it.each(FUNCTION_SPECS)('%s: logs to its own log group, kept a month (a year on prod)', (name) => {
    for (const [synth, days] of [
      [dev, 30],
      [prod, 365],
    ] as const) {
      const fn = resourceById(synth.api, logicalId(synth.stacks.api.functions[name]!), LambdaResource);
      const logGroup = resourceById(synth.api, fn.Properties.LoggingConfig.LogGroup, LogGroupResource);
      expect(logGroup.Properties.RetentionInDays).toBe(days);
    }
  });

  it.each(FUNCTION_SPECS)('%s: least privilege, granted only what its access says', (name, spec) => {
    // The dev synth names no Bedrock model: `bedrock` access grants nothing there.
    expectLeastPrivilege(dev.api, logicalId(dev.stacks.api.functions[name]!), spec.access, 'api', false);
  });

  it('the health function cannot write the table, write the bucket or send mail', () => {
    const { actions } = permissionsOf(dev.api, logicalId(dev.stacks.api.functions['health']!));
    for (const action of ['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem', 's3:PutObject', 's3:DeleteObject']) {
      expect(actions.some((pattern) => matches(pattern, action)), action).toBe(false);
    }
    expect(actions.some((a) => a.startsWith('ses:'))).toBe(false);
  });
});

describe('api stack: least privilege for every kind of access', () => {
  // Synthetic functions cover the access kinds the real table does not use yet.
  const SYNTHETIC: Record<string, FunctionSpec> = {
    nothing: { entry: 'functions/http/health/index.ts', access: {} },
    reader: { entry: 'functions/http/health/index.ts', access: { table: 'read', bucket: 'read' } },
    writer: { entry: 'functions/http/health/index.ts', access: { table: 'readwrite', bucket: 'readwrite' } },
    mailer: { entry: 'functions/http/health/index.ts', access: { table: 'readwrite', mail: true } },
    signer: { entry: 'functions/http/health/index.ts', access: { table: 'read', secrets: true } },
    payer: { entry: 'functions/http/health/index.ts', access: { table: 'readwrite', stripe: true } },
    signingPayer: { entry: 'functions/http/health/index.ts', access: { table: 'readwrite', secrets: true, stripe: true } },
    lister: { entry: 'functions/http/health/index.ts', access: { bucketList: true } },
    enqueuer: { entry: 'functions/http/health/index.ts', access: { table: 'readwrite', queues: ['voiceover'] } },
    clearer: { entry: 'functions/http/health/index.ts', access: { table: 'readwrite', clearsShares: true } },
    speaker: { entry: 'functions/http/health/index.ts', access: { polly: true } },
    writerOfText: { entry: 'functions/http/health/index.ts', access: { bedrock: true } },
  };
  const app = testApp();
  const stage = stageConfig('dev');
  const { props } = dependencies(app, stage);
  const api = new ApiStack(app, 'api', {
    ...props,
    stripePriceId: 'price_1PqRsTuVwXyZ',
    mailFrom: 'Stepcast <no-reply@stepcast.example.com>',
    functions: SYNTHETIC,
    workers: { voiceover: { entry: 'functions/http/health/index.ts', access: {} }, translation: { entry: 'functions/http/health/index.ts', access: {} } },
    bedrockModelId: 'amazon.nova-lite-v1:0',
    routes: [{ method: 'POST', path: '/api/things', fn: 'writer' }],
  });
  const template = Template.fromStack(api);

  it.each(Object.entries(SYNTHETIC))('%s', (name, spec) => {
    expectLeastPrivilege(template, logicalId(api.functions[name]!), spec.access);
  });

  it('scopes SendMessage to the named queue and gives its URL', () => {
    const { statements } = permissionsOf(template, logicalId(api.functions['enqueuer']!));
    const send = statements.find((s) => s.Action.includes('sqs:SendMessage'));
    expect(JSON.stringify(send?.Resource)).toMatch(/VoiceoverQueue[0-9A-F]{8}/);
    expect(JSON.stringify(send?.Resource)).not.toContain('DeadLetter');
    const variables = resourceById(template, logicalId(api.functions['enqueuer']!), LambdaResource).Properties.Environment.Variables;
    expect(JSON.stringify(variables['VOICEOVER_QUEUE_URL'])).toMatch(/VoiceoverQueue[0-9A-F]{8}/);
    expect('VOICEOVER_QUEUE_URL' in resourceById(template, logicalId(api.functions['writer']!), LambdaResource).Properties.Environment.Variables).toBe(false);
  });

  it('scopes Bedrock to the configured foundation model and names it in the environment', () => {
    const { statements } = permissionsOf(template, logicalId(api.functions['writerOfText']!));
    const invoke = statements.find((s) => s.Action.includes('bedrock:InvokeModel'));
    expect(JSON.stringify(invoke?.Resource)).toMatch(/:bedrock:",\{"Ref":"AWS::Region"\},"::foundation-model\/amazon\.nova-lite-v1:0"/);
    const variables = resourceById(template, logicalId(api.functions['writerOfText']!), LambdaResource).Properties.Environment.Variables;
    expect(variables['BEDROCK_MODEL_ID']).toBe('amazon.nova-lite-v1:0');
    expect('BEDROCK_MODEL_ID' in resourceById(template, logicalId(api.functions['speaker']!), LambdaResource).Properties.Environment.Variables).toBe(false);
  });

  it('grants no Bedrock access at all when no model is configured', () => {
    const app = testApp();
    const noModel = new ApiStack(app, 'api', {
      ...dependencies(app, stage).props,
      functions: { writerOfText: SYNTHETIC['writerOfText']! },
      workers: {},
      routes: [],
    });
    const noModelTemplate = Template.fromStack(noModel);
    expectLeastPrivilege(noModelTemplate, logicalId(noModel.functions['writerOfText']!), { bedrock: true }, 'api', false);
    expect(
      'BEDROCK_MODEL_ID' in resourceById(noModelTemplate, logicalId(noModel.functions['writerOfText']!), LambdaResource).Properties.Environment.Variables,
    ).toBe(false);
  });

  it('scopes an inference profile to the profile and its model', () => {
    expect(bedrockModelArns(dev.stacks.api, 'us.amazon.nova-lite-v1:0').map((arn) => arn.replace(/\$\{Token\[[^\]]+\]\}/g, 'T'))).toEqual([
      'arn:aws:bedrock:us-east-1:111111111111:inference-profile/us.amazon.nova-lite-v1:0',
      'arn:aws:bedrock:*::foundation-model/amazon.nova-lite-v1:0',
    ]);
    expect(bedrockModelArns(dev.stacks.api, 'amazon.nova-lite-v1:0').map((arn) => arn.replace(/\$\{Token\[[^\]]+\]\}/g, 'T'))).toEqual([
      'arn:aws:bedrock:us-east-1::foundation-model/amazon.nova-lite-v1:0',
    ]);
  });

  it('scopes mail to the SES identities of the account and region', () => {
    const { statements } = permissionsOf(template, logicalId(api.functions['mailer']!));
    const mail = statements.find((s) => s.Action.includes('ses:SendEmail'));
    expect(JSON.stringify(mail?.Resource)).toMatch(/:ses:.*:identity\/\*/);
  });

  it('scopes the secret grant to the session secret and names it in the environment', () => {
    const { statements } = permissionsOf(template, logicalId(api.functions['signer']!));
    const read = statements.find((s) => s.Action.includes('secretsmanager:GetSecretValue'));
    expect(JSON.stringify(read?.Resource)).toContain('SessionSecret');
    expect(JSON.stringify(read?.Resource)).not.toContain('StripeSecret');
  });

  it('scopes the Stripe grant to the Stripe secret, and names it and the price only where stripe is', () => {
    const variables = (name: string) =>
      resourceById(template, logicalId(api.functions[name]!), LambdaResource).Properties.Environment.Variables;
    expect(readableSecrets(permissionsOf(template, logicalId(api.functions['payer']!)).statements)).toEqual(['OriginVerifySecret', 'StripeSecret']);
    expect(JSON.stringify(variables('payer')['STRIPE_SECRET_ARN'])).toContain('StripeSecret');
    expect(variables('payer')['STRIPE_PRICE_ID']).toBe('price_1PqRsTuVwXyZ');
    expect('SESSION_SECRET_ARN' in variables('payer')).toBe(false);
    for (const name of ['signer', 'writer', 'nothing']) {
      expect('STRIPE_SECRET_ARN' in variables(name), name).toBe(false);
      expect('STRIPE_PRICE_ID' in variables(name), name).toBe(false);
    }
  });

  it('gives the mail sender only to functions that send mail', () => {
    const variables = (name: string) =>
      resourceById(template, logicalId(api.functions[name]!), LambdaResource).Properties.Environment.Variables;
    expect(variables('mailer')['MAIL_FROM']).toBe('Stepcast <no-reply@stepcast.example.com>');
    expect('MAIL_FROM' in variables('writer')).toBe(false);
  });

  it('refuses a timeout API Gateway would not wait for', () => {
    const other = testApp();
    const slowProps = dependencies(other, stage).props;
    expect(
      () =>
        new ApiStack(other, 'slow', {
          ...slowProps,
          functions: { slow: { entry: 'functions/http/health/index.ts', access: {}, timeoutSeconds: 29 } },
          routes: [],
        }),
    ).toThrow(/under API Gateway's 29 s/);
  });
});

function aliasLogicalId(fn: string): string {
  const alias = dev.stacks.api.aliases[fn];
  if (!alias) throw new Error(`no alias of ${fn}`);
  return Stack.of(alias).getLogicalId(alias.node.defaultChild as CfnResource);
}

describe('api stack: routes', () => {
  const Route = z.object({
    Properties: z.object({
      RouteKey: z.string(),
      Target: z.object({ 'Fn::Join': z.tuple([z.literal(''), z.tuple([z.literal('integrations/'), LogicalRef])]) }),
    }),
  });
  const Integration = z.object({
    Properties: z.object({ IntegrationType: z.string(), PayloadFormatVersion: z.string(), IntegrationUri: LogicalRef }),
  });
  const routes = Object.values(dev.api.findResources('AWS::ApiGatewayV2::Route')).map((r) => Route.parse(r).Properties);

  it('has exactly one route per ROUTES entry', () => {
    expect(routes.map((r) => r.RouteKey).sort()).toEqual(ROUTES.map((r) => routeKey(r)).sort());
  });

  it.each(ROUTES.map((r): [string, RouteSpec] => [routeKey(r), r]))("%s goes to its function's live alias (payload v2)", (key, route) => {
    const found = routes.find((r) => r.RouteKey === key);
    expect(found).toBeDefined();
    const integration = resourceById(dev.api, found!.Target['Fn::Join'][1][1], Integration).Properties;
    expect(integration.IntegrationType).toBe('AWS_PROXY');
    expect(integration.PayloadFormatVersion).toBe('2.0');
    expect(integration.IntegrationUri).toBe(aliasLogicalId(route.fn));
  });

  it("lets API Gateway invoke each routed function's live alias through one permission scoped to this API", () => {
    const Permission = z.object({
      Properties: z.object({ Action: z.string(), Principal: z.string(), FunctionName: LogicalRef, SourceArn: z.unknown() }),
    });
    const permissions = Object.values(dev.api.findResources('AWS::Lambda::Permission')).map((p) => Permission.parse(p).Properties);
    const routed = [...new Set(ROUTES.map((r) => r.fn))].map(aliasLogicalId);
    expect(permissions.map((p) => p.FunctionName).sort()).toEqual(routed.sort());
    for (const permission of permissions) {
      expect(permission.Action).toBe('lambda:InvokeFunction');
      expect(permission.Principal).toBe('apigateway.amazonaws.com');
      expect(JSON.stringify(permission.SourceArn)).toContain('HttpApi');
    }
  });

  it('maps the ANY catch-all to HTTP API ANY', () => {
    expect(routes.some((r) => r.RouteKey.startsWith('ANY /api/'))).toBe(ROUTES.some((r) => r.method === 'ANY'));
  });
});

describe('api stack: queue-fed workers', () => {
  // A fixture entry, so the generic CDK is tested before the voiceover and export workers land.
  const WORKER_FIXTURES: Record<string, WorkerSpec> = {
    voiceover: {
      entry: 'functions/http/health/index.ts',
      access: { table: 'readwrite', bucket: 'readwrite', polly: true, bedrock: true },
      timeoutSeconds: 300,
      memoryMb: 1024,
      maxReceiveCount: 5,
    },
    export: {
      entry: 'functions/http/health/index.ts',
      access: { table: 'readwrite', bucket: 'readwrite', queues: ['voiceover'] },
      timeoutSeconds: 900,
      memoryMb: 3008,
      ephemeralStorageMb: 4096,
    },
    drift: { entry: 'functions/http/health/index.ts', access: { table: 'readwrite', bucket: 'readwrite' }, timeoutSeconds: 600, memoryMb: 2048 },
    translation: { entry: 'functions/http/health/index.ts', access: { table: 'readwrite', bucket: 'readwrite', polly: true, translate: true }, timeoutSeconds: 300, memoryMb: 1024 },
  };
  const withWorkers = synthStepcast({ stage: 'dev', workers: WORKER_FIXTURES, bedrockModelId: 'amazon.nova-lite-v1:0' });
  const workers = withWorkers.stacks.api.workers;
  const QueueResource = z.object({
    Properties: z.object({
      VisibilityTimeout: z.number().optional(),
      MessageRetentionPeriod: z.number(),
      SqsManagedSseEnabled: z.literal(true),
      RedrivePolicy: z.object({ deadLetterTargetArn: z.unknown(), maxReceiveCount: z.number() }).optional(),
    }),
  });
  const queueId = (construct: { node: { defaultChild?: unknown } }) => {
    const cfn = construct.node.defaultChild;
    if (!(cfn instanceof CfnResource)) throw new Error('no CfnResource');
    return withWorkers.stacks.api.getLogicalId(cfn);
  };

  it('makes a queue, a dead-letter queue and a worker Lambda per WORKERS entry', () => {
    expect(Object.keys(workers).sort()).toEqual(['drift', 'export', 'translation', 'voiceover']);
    withWorkers.api.resourceCountIs('AWS::SQS::Queue', 8);
    withWorkers.api.resourceCountIs('AWS::Lambda::Function', FUNCTION_SPECS.length + 4);
  });

  it.each(Object.entries(WORKER_FIXTURES))('%s: timeout, memory and ephemeral storage from its spec', (name, spec) => {
    const fn = resourceById(withWorkers.api, logicalId(workers[name]!.fn), z.object({ Properties: z.record(z.string(), z.unknown()) })).Properties;
    expect(fn['Timeout']).toBe(spec.timeoutSeconds);
    expect(fn['MemorySize']).toBe(spec.memoryMb);
    expect(fn['EphemeralStorage']).toEqual(spec.ephemeralStorageMb ? { Size: spec.ephemeralStorageMb } : undefined);
    expect(fn['Runtime']).toBe('nodejs22.x');
  });

  it.each(Object.entries(WORKER_FIXTURES))('%s: its queue redrives to its dead-letter queue after maxReceiveCount, visible again after 6× the timeout', (name, spec) => {
    const queue = resourceById(withWorkers.api, queueId(workers[name]!.queue), QueueResource).Properties;
    expect(queue.VisibilityTimeout).toBe(6 * spec.timeoutSeconds!);
    expect(queue.RedrivePolicy?.maxReceiveCount).toBe(spec.maxReceiveCount ?? 3);
    expect(JSON.stringify(queue.RedrivePolicy?.deadLetterTargetArn)).toContain(queueId(workers[name]!.deadLetterQueue));
    const dlq = resourceById(withWorkers.api, queueId(workers[name]!.deadLetterQueue), QueueResource).Properties;
    expect(dlq.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    expect(dlq.RedrivePolicy).toBeUndefined();
  });

  it.each(Object.entries(WORKER_FIXTURES))('%s: fed by its queue one message at a time, reporting batch item failures', (name) => {
    withWorkers.api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(workers[name]!.fn) },
      EventSourceArn: { 'Fn::GetAtt': [queueId(workers[name]!.queue), 'Arn'] },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('sweeps the drift queue on a schedule (EventBridge Scheduler), with a role that may only send to it', () => {
    withWorkers.api.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(15 minutes)',
      Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [queueId(workers['drift']!.queue), 'Arn'] }, Input: '{"sweep":true}' }),
    });
    withWorkers.api.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: [Match.objectLike({ Action: Match.arrayWith(['sqs:SendMessage']), Resource: { 'Fn::GetAtt': [queueId(workers['drift']!.queue), 'Arn'] } })],
      },
    });
  });

  it('refuses plain http to the queues (SSL enforced by their policies)', () => {
    for (const name of Object.keys(WORKER_FIXTURES)) {
      for (const queue of [workers[name]!.queue, workers[name]!.deadLetterQueue]) {
        withWorkers.api.hasResourceProperties('AWS::SQS::QueuePolicy', {
          Queues: [{ Ref: queueId(queue) }],
          PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
        });
      }
    }
  });

  it.each(Object.entries(WORKER_FIXTURES))('%s: least privilege, consuming its own queue and granted only what its access says', (name, spec) => {
    expectLeastPrivilege(withWorkers.api, logicalId(workers[name]!.fn), spec.access, 'worker');
    const { statements } = permissionsOf(withWorkers.api, logicalId(workers[name]!.fn));
    const consume = statements.find((s) => s.Action.includes('sqs:ReceiveMessage'));
    expect(JSON.stringify(consume?.Resource)).toContain(queueId(workers[name]!.queue));
  });

  it('gives a worker that enqueues the URL of the queue it sends to, and no origin-verify secret', () => {
    const variables = resourceById(withWorkers.api, logicalId(workers['export']!.fn), LambdaResource).Properties.Environment.Variables;
    expect(JSON.stringify(variables['VOICEOVER_QUEUE_URL'])).toContain(queueId(workers['voiceover']!.queue));
    expect('ORIGIN_VERIFY_SECRET_ARN' in variables).toBe(false);
  });

  it('tells a function allowed to call TranslateText to translate with Amazon Translate, and no other', () => {
    const variables = (name: string) => resourceById(withWorkers.api, logicalId(workers[name]!.fn), LambdaResource).Properties.Environment.Variables;
    expect(variables('translation')['TRANSLATION_PROVIDER']).toBe('amazon-translate');
    expect('TRANSLATION_PROVIDER' in variables('voiceover')).toBe(false);
  });

  it('refuses a worker timeout beyond Lambda\'s 900 s, and ephemeral storage outside 512-10240 MB', () => {
    expect(() => synthStepcast({ workers: { ...WORKERS, export: { entry: 'functions/http/health/index.ts', access: {}, timeoutSeconds: 901 } } })).toThrow(/at most 900 s/);
    expect(() => synthStepcast({ workers: { ...WORKERS, export: { entry: 'functions/http/health/index.ts', access: {}, ephemeralStorageMb: 20_000 } } })).toThrow(
      /between 512 and 10240 MB/,
    );
  });

  it('refuses a function that enqueues to a worker WORKERS does not list', () => {
    expect(() =>
      synthStepcast({ workers: { export: { entry: 'functions/http/health/index.ts', access: { queues: ['voiceover'] } } } }),
    ).toThrow(/"voiceover", which WORKERS does not list/);
  });
});

describe('api stack: the drift worker', () => {
  const worker = dev.stacks.api.workers['drift']!;
  const fn = () => resourceById(dev.api, logicalId(worker.fn), z.object({ Properties: z.record(z.string(), z.unknown()) })).Properties;

  it('ships its own Chromium (@sparticuz/chromium) and playwright-core unbundled, on x86_64 where that Chromium runs', () => {
    expect(WORKERS.drift.nativeModules).toEqual(expect.arrayContaining(['chromium', 'playwright', 'sharp']));
    expect(fn()['Architectures']).toEqual(['x86_64']);
  });

  it('has room in /tmp for the unpacked Chromium (about 200 MB) and the memory a browser needs', () => {
    expect(fn()['EphemeralStorage']).toEqual({ Size: WORKERS.drift.ephemeralStorageMb });
    expect(WORKERS.drift.ephemeralStorageMb).toBeGreaterThanOrEqual(1024);
    expect(fn()['MemorySize']).toBeGreaterThanOrEqual(2048);
  });
});

describe('api stack: the export worker', () => {
  const worker = dev.stacks.api.workers['export']!;
  const fn = () => resourceById(dev.api, logicalId(worker.fn), z.object({ Properties: z.record(z.string(), z.unknown()) })).Properties;

  it('runs on x86_64, where the shipped ffmpeg and sharp binaries (linux-x64) run, for up to Lambda\'s 15 minutes', () => {
    expect(fn()['Architectures']).toEqual(['x86_64']);
    expect(fn()['Timeout']).toBe(900);
    expect(WORKERS.export.nativeModules).toEqual(expect.arrayContaining(['ffmpeg', 'sharp', 'fonts']));
  });

  it('has the memory (CPU) and ephemeral storage a 100-slide guide needs', () => {
    expect(fn()['MemorySize']).toBeGreaterThanOrEqual(3008);
    expect(fn()['EphemeralStorage']).toEqual({ Size: WORKERS.export.ephemeralStorageMb });
    expect(WORKERS.export.ephemeralStorageMb).toBeGreaterThanOrEqual(2048);
  });

  it('is fed by its queue one message at a time, reporting failures per message, with a dead-letter queue', () => {
    dev.api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(worker.fn) },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const queue = dev.stacks.api.getLogicalId(worker.queue.node.defaultChild as CfnResource);
    const deadLetters = dev.stacks.api.getLogicalId(worker.deadLetterQueue.node.defaultChild as CfnResource);
    dev.api.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: 6 * 900,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [deadLetters, 'Arn'] }, maxReceiveCount: WORKERS.export.maxReceiveCount },
    });
    expect(queue).not.toBe(deadLetters);
  });

  it('is the queue the exports API sends to, and only it', () => {
    const variables = resourceById(dev.api, logicalId(dev.stacks.api.functions['exports']!), LambdaResource).Properties.Environment.Variables;
    expect(JSON.stringify(variables['EXPORT_QUEUE_URL'])).toContain(dev.stacks.api.getLogicalId(worker.queue.node.defaultChild as CfnResource));
    expect(Object.keys(variables).filter((name) => name.endsWith('_QUEUE_URL'))).toEqual(['EXPORT_QUEUE_URL']);
  });
});

describe('api stack: stage', () => {
  it('throttles the $default stage and writes JSON access logs to a log group with the stage retention', () => {
    dev.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: API_THROTTLE.rateLimit, ThrottlingBurstLimit: API_THROTTLE.burstLimit },
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AccessLogs'), 'Arn'] }, Format: JSON.stringify(ACCESS_LOG_FIELDS) },
    });
    const format = z.record(z.string(), z.string()).parse(JSON.parse(JSON.stringify(ACCESS_LOG_FIELDS)));
    expect(Object.keys(format)).toEqual(expect.arrayContaining(['requestId', 'routeKey', 'status', 'latencyMs', 'sourceIp']));
    const logGroups = dev.api.findResources('AWS::Logs::LogGroup');
    const access = Object.entries(logGroups).find(([id]) => id.startsWith('AccessLogs'));
    expect(access?.[1]).toMatchObject({ Properties: { RetentionInDays: 30 }, DeletionPolicy: 'Delete' });
    const prodAccess = Object.entries(prod.api.findResources('AWS::Logs::LogGroup')).find(([id]) => id.startsWith('AccessLogs'));
    expect(prodAccess?.[1]).toMatchObject({ Properties: { RetentionInDays: 365 }, DeletionPolicy: 'Retain' });
  });
});
