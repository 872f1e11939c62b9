import { existsSync, readFileSync } from 'node:fs';
import { Tags, type App, type Environment } from 'aws-cdk-lib';
import { z } from 'zod';
import type { WorkerSpec } from '../../functions/routes';
import { fromRoot } from './paths';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
import { GLOBAL_REGION, GlobalStack, type SiteDomain } from './stacks/global-stack';
import { MonitoringStack } from './stacks/monitoring-stack';
import { WebStack } from './stacks/web-stack';
import { ContextError, DEFAULT_STAGE, stageConfig } from './stage';

/** Stands in for the account when no credentials are around: synth works offline. */
export const PLACEHOLDER_ACCOUNT = '111111111111';
/** Lambda@Edge functions live in us-east-1; keeping the stacks there keeps them in one stack. */
export const DEFAULT_REGION = 'us-east-1';

export interface StepcastOptions {
  /** @default DEFAULT_STAGE */
  readonly stage?: string;
  /**
   * Explicit on every stack: `cloudfront.experimental.EdgeFunction` needs a concrete region.
   * @default the placeholder account in DEFAULT_REGION
   */
  readonly env?: Environment;
  /**
   * The site's public https origin: APP_ORIGIN of the API functions (links in mail, origin
   * checks) and the only origin allowed to POST uploads to the asset bucket (CORS).
   * @default https://{domainName} with a domain; else none, and the API functions refuse to start
   */
  readonly appOrigin?: string;
  /** sender of outgoing mail, an SES-verified identity. @default the functions' default sender */
  readonly mailFrom?: string;
  /** ids of the capture extension allowed to call the API with a session. @default none */
  readonly extensionIds?: readonly string[];
  /** further https origins trusted for mutations, e.g. a preview host. @default none */
  readonly trustedOrigins?: readonly string[];
  /** the Pro plan's Stripe price id (`price_...`). @default billing's placeholder, known only to the local double */
  readonly stripePriceId?: string;
  /**
   * The site's own domain and its Route 53 hosted zone: a certificate (us-east-1), the
   * distribution's alternate name, A/AAAA aliases. `appOrigin` defaults to `https://{domainName}`.
   * @default the distribution's `*.cloudfront.net` name
   */
  readonly domain?: SiteDomain;
  /** who is mailed when an alarm fires (SNS asks them to confirm first). @default no subscription */
  readonly alarmEmail?: string;
  /** the Bedrock model functions with `bedrock` access may use. @default none: no Bedrock access */
  readonly bedrockModelId?: string;
  /** @default WORKERS of functions/routes.ts; tests pass a fixture */
  readonly workers?: Readonly<Record<string, WorkerSpec>>;
  /** the SPA build to deploy. @default web/dist */
  readonly siteDir?: string;
  /** the share-page edge handler. @default functions/edge/share.ts */
  readonly edgeEntry?: string;
}

export interface StepcastStacks {
  readonly data: DataStack;
  readonly api: ApiStack;
  readonly global: GlobalStack;
  readonly web: WebStack;
  readonly monitoring: MonitoringStack;
}

/**
 * Per-stage settings kept in the repository (`infra/stages.json`): `{ "prod": { "domainName":
 * "...", "hostedZoneId": "...", "alarmEmail": "...", ... } }`, each key a context key with its
 * value as `-c key=value` would give it. A `-c` value on the command line wins.
 */
export const STAGES_FILE = fromRoot('infra/stages.json');
const StagesFile = z.record(z.string(), z.record(z.string(), z.string()));

function stageFileSettings(app: App, file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const parsed = StagesFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new ContextError(`${file} must map stage names to { "contextKey": "string value" } objects.`);
  const stage: unknown = app.node.tryGetContext('stage');
  return parsed.data[typeof stage === 'string' && stage ? stage : DEFAULT_STAGE] ?? {};
}

function stringContext(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key) ?? stageSettings.get(app)?.[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new ContextError(`Context "${key}" must be a string (-c ${key}=...).`);
  return value;
}

/** The stage file's settings of the app being read (optionsFromContext sets them). */
const stageSettings = new WeakMap<App, Record<string, string>>();

/** An https origin exactly (`https://host[:port]`, no path or trailing slash), or a one-line error. */
function parseHttpsOrigin(key: string, value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || url.origin !== value || url.protocol !== 'https:') {
    throw new ContextError(`Context "${key}" must be an https origin such as https://stepcast.example.com, not "${value}".`);
  }
  return value;
}

/** A comma-separated context value as its non-empty items. */
function listContext(app: App, key: string): string[] {
  return (stringContext(app, key) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * `appOrigin`, or `siteOrigin`, its older name: both name the one host serving the site, the API
 * and the assets, so two different values are a mistake.
 */
function parseAppOrigin(app: App): string | undefined {
  const appOrigin = stringContext(app, 'appOrigin');
  const siteOrigin = stringContext(app, 'siteOrigin');
  if (appOrigin && siteOrigin && appOrigin !== siteOrigin) {
    throw new ContextError(`Context "appOrigin" (${appOrigin}) and "siteOrigin" (${siteOrigin}) name the same origin: give one.`);
  }
  const value = appOrigin ?? siteOrigin;
  return value === undefined ? undefined : parseHttpsOrigin(appOrigin ? 'appOrigin' : 'siteOrigin', value);
}

// A Chrome extension id: 32 letters a-p (the hex digits of a key hash, shifted).
const EXTENSION_ID = /^[a-p]{32}$/;

function parseExtensionIds(app: App): string[] {
  const ids = listContext(app, 'extensionIds');
  const bad = ids.find((id) => !EXTENSION_ID.test(id));
  if (bad !== undefined) {
    throw new ContextError(`Context "extensionIds" must be comma-separated extension ids of 32 letters a-p, not "${bad}".`);
  }
  return ids;
}

// A Stripe price id: `price_` and Stripe's letters and digits.
const STRIPE_PRICE_ID = /^price_[A-Za-z0-9_]+$/;

function parseStripePriceId(app: App): string | undefined {
  const value = stringContext(app, 'stripePriceId');
  if (value !== undefined && !STRIPE_PRICE_ID.test(value)) {
    throw new ContextError(`Context "stripePriceId" must be a Stripe price id such as price_1PqRsTuVwXyZ, not "${value}".`);
  }
  return value;
}

// A DNS name of at least two labels, lower case (ACM and Route 53 compare names case-insensitively).
const DOMAIN_NAME = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const HOSTED_ZONE_ID = /^Z[A-Z0-9]{1,31}$/;

function parseDomain(app: App): SiteDomain | undefined {
  const domainName = stringContext(app, 'domainName');
  const hostedZoneId = stringContext(app, 'hostedZoneId');
  if (domainName === undefined && hostedZoneId === undefined) return undefined;
  if (domainName === undefined || hostedZoneId === undefined) {
    throw new ContextError('Context "domainName" and "hostedZoneId" go together: give both, or neither for the *.cloudfront.net name.');
  }
  if (!DOMAIN_NAME.test(domainName)) {
    throw new ContextError(`Context "domainName" must be a lower-case DNS name such as stepcast.example.com, not "${domainName}".`);
  }
  if (!HOSTED_ZONE_ID.test(hostedZoneId)) {
    throw new ContextError(`Context "hostedZoneId" must be a Route 53 hosted zone id such as Z0123456789ABCDEFGHIJ, not "${hostedZoneId}".`);
  }
  return { domainName, hostedZoneId };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function parseAlarmEmail(app: App): string | undefined {
  const value = stringContext(app, 'alarmEmail');
  if (value !== undefined && !EMAIL.test(value)) {
    throw new ContextError(`Context "alarmEmail" must be an e-mail address, not "${value}".`);
  }
  return value;
}

// A Bedrock model or inference profile id: `amazon.nova-lite-v1:0`, `us.anthropic.claude-...`.
const BEDROCK_MODEL_ID = /^[a-z0-9-]+(\.[a-z0-9-]+)+(:[0-9]+)?$/i;

function parseBedrockModelId(app: App): string | undefined {
  const value = stringContext(app, 'bedrockModelId');
  if (value !== undefined && !BEDROCK_MODEL_ID.test(value)) {
    throw new ContextError(`Context "bedrockModelId" must be a Bedrock model id such as amazon.nova-lite-v1:0, not "${value}".`);
  }
  return value;
}

/**
 * Options from `-c stage=... -c appOrigin=... -c mailFrom=... -c extensionIds=... -c trustedOrigins=...
 * -c stripePriceId=... -c account=... -c region=...` and the CLI's environment.
 */
export function optionsFromContext(app: App, stagesFile: string = STAGES_FILE): StepcastOptions {
  stageSettings.set(app, stageFileSettings(app, stagesFile));
  const domain = parseDomain(app);
  return {
    stage: stringContext(app, 'stage') ?? DEFAULT_STAGE,
    domain,
    alarmEmail: parseAlarmEmail(app),
    bedrockModelId: parseBedrockModelId(app),
    appOrigin: parseAppOrigin(app),
    mailFrom: stringContext(app, 'mailFrom'),
    extensionIds: parseExtensionIds(app),
    trustedOrigins: listContext(app, 'trustedOrigins').map((origin) => parseHttpsOrigin('trustedOrigins', origin)),
    stripePriceId: parseStripePriceId(app),
    env: {
      account: process.env.CDK_DEFAULT_ACCOUNT ?? stringContext(app, 'account') ?? PLACEHOLDER_ACCOUNT,
      region: process.env.CDK_DEFAULT_REGION ?? stringContext(app, 'region') ?? DEFAULT_REGION,
    },
  };
}

/**
 * The site's configured origin: `appOrigin`, else its own domain's. Undefined for a stage on its
 * distribution's `*.cloudfront.net` name, known once deployed (infra/deploy.ts reads it then).
 */
export function configuredSiteOrigin(options: Pick<StepcastOptions, 'appOrigin' | 'domain'>): string | undefined {
  return options.appOrigin ?? (options.domain ? `https://${options.domain.domainName}` : undefined);
}

/** The stacks of one stage: stepcast-{stage}-data, -api, -global, -web and -monitoring. */
export function addStepcastStacks(app: App, options: StepcastOptions = {}): StepcastStacks {
  const stage = stageConfig(options.stage ?? DEFAULT_STAGE);
  const env = options.env ?? { account: PLACEHOLDER_ACCOUNT, region: DEFAULT_REGION };
  const common = { env, terminationProtection: stage.isProduction };
  const name = (concern: string) => `stepcast-${stage.name}-${concern}`;
  const appOrigin = configuredSiteOrigin(options);

  const data = new DataStack(app, name('data'), {
    ...common,
    stage,
    siteOrigin: appOrigin,
    ...(options.extensionIds ? { extensionIds: options.extensionIds } : {}),
    description: `Stepcast ${stage.name}: table, asset bucket and secrets`,
  });
  const api = new ApiStack(app, name('api'), {
    ...common,
    stage,
    table: data.table,
    assetBucket: data.assetBucket,
    sessionSecret: data.sessionSecret,
    stripeSecret: data.stripeSecret,
    stripePriceId: options.stripePriceId,
    mailFrom: options.mailFrom,
    appOrigin,
    extensionIds: options.extensionIds,
    trustedOrigins: options.trustedOrigins,
    originVerifySecret: data.originVerifySecret,
    bedrockModelId: options.bedrockModelId,
    ...(options.workers ? { workers: options.workers } : {}),
    description: `Stepcast ${stage.name}: HTTP API, its functions and the worker queues`,
  });
  // CloudFront's certificate and web ACL must be in us-east-1; a stage elsewhere references them
  // across regions (CDK keeps the values in SSM parameters for that).
  const crossRegion = env.region !== GLOBAL_REGION;
  const global = new GlobalStack(app, name('global'), {
    ...common,
    env: { account: env.account, region: GLOBAL_REGION },
    crossRegionReferences: crossRegion,
    stage,
    domain: options.domain,
    description: `Stepcast ${stage.name}: WAF web ACL and certificate for CloudFront (us-east-1)`,
  });
  const web = new WebStack(app, name('web'), {
    ...common,
    crossRegionReferences: crossRegion,
    stage,
    originVerifySecret: data.originVerifySecret,
    webAclArn: global.webAcl.attrArn,
    ...(options.domain && global.certificate ? { domain: { ...options.domain, certificate: global.certificate } } : {}),
    httpApi: api.httpApi,
    assetBucket: data.assetBucket,
    uploadOrigin: data.uploadOrigin,
    siteDir: options.siteDir,
    appOrigin,
    edgeEntry: options.edgeEntry,
    description: `Stepcast ${stage.name}: CloudFront, SPA bucket and share-page edge function`,
  });
  const monitoring = new MonitoringStack(app, name('monitoring'), {
    ...common,
    stage,
    api,
    table: data.table,
    distributionId: web.distribution.distributionId,
    alarmEmail: options.alarmEmail,
    description: `Stepcast ${stage.name}: alarms (to an SNS topic) and the dashboard`,
  });

  for (const stack of [data, api, global, web, monitoring]) {
    Tags.of(stack).add('project', 'stepcast');
    Tags.of(stack).add('stage', stage.name);
  }
  return { data, api, global, web, monitoring };
}
