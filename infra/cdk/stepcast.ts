import { existsSync, readFileSync } from 'node:fs';
import { Tags, type App, type Environment } from 'aws-cdk-lib';
import { z } from 'zod';
import type { WorkerSpec } from '../../functions/routes';
import { fromRoot } from './paths';
import { ApiStack } from './stacks/api-stack';
import { BackupCopyStack } from './stacks/backup-copy-stack';
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
  /**
   * Who is mailed when an alarm fires (SNS asks them to confirm first), and the budget and cost
   * anomaly alerts of a production stage. Required on `prod*` stages: an alarm nobody receives
   * watches nothing. @default no subscription (other stages)
   */
  readonly alarmEmail?: string;
  /** a production stage's monthly AWS budget in USD, alerted at 80% actual and 100% forecast. @default DEFAULT_MONTHLY_BUDGET_USD */
  readonly monthlyBudgetUsd?: number;
  /**
   * Where a production stage's backups are copied (AWS Backup, a vault in this region).
   * @default us-west-2 for a stage in us-east-1, else us-east-1
   */
  readonly backupCopyRegion?: string;
  /**
   * What each alarm's description links: the runbook, with a `#section` per alarm appended.
   * @default RUNBOOK_PATH, the file in the repository
   */
  readonly runbookUrl?: string;
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
  /** production stages only: the vault in a second region that backups are copied to */
  readonly backupCopy?: BackupCopyStack;
}

/** @default monthly budget of a production stage, in USD */
export const DEFAULT_MONTHLY_BUDGET_USD = 300;

/** The runbook every alarm links (docs/runbooks.md, one section per alarm). */
export const RUNBOOK_PATH = 'docs/runbooks.md';

/**
 * Per-stage settings kept in the repository (`infra/stages.json`): `{ "prod": { "domainName":
 * "...", "hostedZoneId": "...", "alarmEmail": "...", ... } }`, each key a context key with its
 * value as `-c key=value` would give it. A `-c` value on the command line wins.
 */
export const STAGES_FILE = fromRoot('infra/stages.json');
const StagesFile = z.record(z.string(), z.record(z.string(), z.string()));

/** The stage file's settings, by stage name; {} without the file. */
function readStagesFile(file: string): Record<string, Record<string, string>> {
  if (!existsSync(file)) return {};
  const parsed = StagesFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new ContextError(`${file} must map stage names to { "contextKey": "string value" } objects.`);
  return parsed.data;
}

/** Reads one stage's settings: a `-c` value first, then the stage's entry of the stage file. */
type Settings = (key: string) => string | undefined;

function settingsOf(app: App, fileSettings: Readonly<Record<string, string>>): Settings {
  return (key) => {
    const value: unknown = app.node.tryGetContext(key) ?? fileSettings[key];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw new ContextError(`Context "${key}" must be a string (-c ${key}=...).`);
    return value;
  };
}

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
function listContext(read: Settings, key: string): string[] {
  return (read(key) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * `appOrigin`, or `siteOrigin`, its older name: both name the one host serving the site, the API
 * and the assets, so two different values are a mistake.
 */
function parseAppOrigin(read: Settings): string | undefined {
  const appOrigin = read('appOrigin');
  const siteOrigin = read('siteOrigin');
  if (appOrigin && siteOrigin && appOrigin !== siteOrigin) {
    throw new ContextError(`Context "appOrigin" (${appOrigin}) and "siteOrigin" (${siteOrigin}) name the same origin: give one.`);
  }
  const value = appOrigin ?? siteOrigin;
  return value === undefined ? undefined : parseHttpsOrigin(appOrigin ? 'appOrigin' : 'siteOrigin', value);
}

// A Chrome extension id: 32 letters a-p (the hex digits of a key hash, shifted).
const EXTENSION_ID = /^[a-p]{32}$/;

function parseExtensionIds(read: Settings): string[] {
  const ids = listContext(read, 'extensionIds');
  const bad = ids.find((id) => !EXTENSION_ID.test(id));
  if (bad !== undefined) {
    throw new ContextError(`Context "extensionIds" must be comma-separated extension ids of 32 letters a-p, not "${bad}".`);
  }
  return ids;
}

// A Stripe price id: `price_` and Stripe's letters and digits.
const STRIPE_PRICE_ID = /^price_[A-Za-z0-9_]+$/;

function parseStripePriceId(read: Settings): string | undefined {
  const value = read('stripePriceId');
  if (value !== undefined && !STRIPE_PRICE_ID.test(value)) {
    throw new ContextError(`Context "stripePriceId" must be a Stripe price id such as price_1PqRsTuVwXyZ, not "${value}".`);
  }
  return value;
}

// A DNS name of at least two labels, lower case (ACM and Route 53 compare names case-insensitively).
const DOMAIN_NAME = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const HOSTED_ZONE_ID = /^Z[A-Z0-9]{1,31}$/;

function parseDomain(read: Settings): SiteDomain | undefined {
  const domainName = read('domainName');
  const hostedZoneId = read('hostedZoneId');
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

function parseAlarmEmail(read: Settings): string | undefined {
  const value = read('alarmEmail');
  if (value !== undefined && !EMAIL.test(value)) {
    throw new ContextError(`Context "alarmEmail" must be an e-mail address, not "${value}".`);
  }
  return value;
}

// A Bedrock model or inference profile id: `amazon.nova-lite-v1:0`, `us.anthropic.claude-...`.
const BEDROCK_MODEL_ID = /^[a-z0-9-]+(\.[a-z0-9-]+)+(:[0-9]+)?$/i;

function parseBedrockModelId(read: Settings): string | undefined {
  const value = read('bedrockModelId');
  if (value !== undefined && !BEDROCK_MODEL_ID.test(value)) {
    throw new ContextError(`Context "bedrockModelId" must be a Bedrock model id such as amazon.nova-lite-v1:0, not "${value}".`);
  }
  return value;
}

function parseMonthlyBudget(read: Settings): number | undefined {
  const value = read('monthlyBudgetUsd');
  if (value === undefined) return undefined;
  if (!/^[1-9][0-9]{0,6}$/.test(value)) throw new ContextError(`Context "monthlyBudgetUsd" must be a whole number of US dollars such as 300, not "${value}".`);
  return Number(value);
}

// An AWS region name: us-east-1, eu-central-1, ap-southeast-2, us-gov-west-1.
const REGION = /^[a-z]{2}(-gov)?-[a-z]+-[0-9]$/;

function parseRegion(read: Settings, key: string): string | undefined {
  const value = read(key);
  if (value !== undefined && !REGION.test(value)) throw new ContextError(`Context "${key}" must be an AWS region such as us-west-2, not "${value}".`);
  return value;
}

// An AWS account id: twelve digits.
const ACCOUNT = /^[0-9]{12}$/;

function parseAccount(read: Settings): string | undefined {
  const value = read('account');
  if (value !== undefined && !ACCOUNT.test(value)) throw new ContextError(`Context "account" must be a 12-digit AWS account id, not "${value}".`);
  return value;
}

function parseRunbookUrl(read: Settings): string | undefined {
  const value = read('runbookUrl');
  if (value !== undefined && !/^https:\/\/[^\s#]+$/.test(value)) {
    throw new ContextError(`Context "runbookUrl" must be the https address of docs/runbooks.md (no #section), not "${value}".`);
  }
  return value;
}

/**
 * The stage names `-c stage=...` gives: one, or several comma-separated (`-c stage=staging,prod`)
 * to synthesise them into one cloud assembly, which the pipeline deploys stage after stage.
 */
export function stageNamesFromContext(app: App): string[] {
  const value: unknown = app.node.tryGetContext('stage');
  if (value === undefined || value === null || value === '') return [DEFAULT_STAGE];
  if (typeof value !== 'string') throw new ContextError('Context "stage" must be a string (-c stage=NAME or -c stage=NAME,NAME).');
  const names = value.split(',').map((name) => name.trim());
  if (names.some((name) => !name) || new Set(names).size !== names.length) {
    throw new ContextError(`Context "stage" must name each stage once, comma-separated, not "${value}".`);
  }
  return names;
}

/**
 * One stage's options from `-c key=value` (which win) and its entry in infra/stages.json, and the
 * environment: `account` and `region` as configured, else the CLI's credentials, else the
 * placeholder account in DEFAULT_REGION (synth works offline).
 */
export function optionsFromContext(app: App, stagesFile: string = STAGES_FILE, stageName?: string): StepcastOptions {
  const stage = stageName ?? stageNamesFromContext(app)[0] ?? DEFAULT_STAGE;
  const read = settingsOf(app, readStagesFile(stagesFile)[stage] ?? {});
  return {
    stage,
    domain: parseDomain(read),
    alarmEmail: parseAlarmEmail(read),
    monthlyBudgetUsd: parseMonthlyBudget(read),
    backupCopyRegion: parseRegion(read, 'backupCopyRegion'),
    runbookUrl: parseRunbookUrl(read),
    bedrockModelId: parseBedrockModelId(read),
    appOrigin: parseAppOrigin(read),
    mailFrom: read('mailFrom'),
    extensionIds: parseExtensionIds(read),
    trustedOrigins: listContext(read, 'trustedOrigins').map((origin) => parseHttpsOrigin('trustedOrigins', origin)),
    stripePriceId: parseStripePriceId(read),
    env: {
      account: parseAccount(read) ?? process.env.CDK_DEFAULT_ACCOUNT ?? PLACEHOLDER_ACCOUNT,
      region: parseRegion(read, 'region') ?? process.env.CDK_DEFAULT_REGION ?? DEFAULT_REGION,
    },
  };
}

/** Every stage `-c stage=` names, each with its own options. */
export function stagesFromContext(app: App, stagesFile: string = STAGES_FILE): StepcastOptions[] {
  return stageNamesFromContext(app).map((stage) => optionsFromContext(app, stagesFile, stage));
}

/**
 * The site's configured origin: `appOrigin`, else its own domain's. Undefined for a stage on its
 * distribution's `*.cloudfront.net` name, known once deployed (infra/deploy.ts reads it then).
 */
export function configuredSiteOrigin(options: Pick<StepcastOptions, 'appOrigin' | 'domain'>): string | undefined {
  return options.appOrigin ?? (options.domain ? `https://${options.domain.domainName}` : undefined);
}

/**
 * The stacks of one stage: stepcast-{stage}-data, -web (with the HTTP API itself), -api (its
 * functions, routes and stage), -global (us-east-1) and -monitoring, and on production stages
 * -backup (the vault backups are copied to, in a second region).
 *
 * The web stack comes before the api stack so that the functions learn the site's origin inside
 * the app: a stage on its `*.cloudfront.net` name gets APP_ORIGIN from the distribution's own
 * domain (a reference across stacks), so a plain `cdk deploy --all` works the first time.
 */
export function addStepcastStacks(app: App, options: StepcastOptions = {}): StepcastStacks {
  const stage = stageConfig(options.stage ?? DEFAULT_STAGE);
  if (stage.isProduction && !options.alarmEmail) {
    throw new ContextError(
      `Stage ${stage.name} is a production stage and its alarms would reach nobody: set "alarmEmail" for it in infra/stages.json (or -c alarmEmail=...).`,
    );
  }
  const env = options.env ?? { account: PLACEHOLDER_ACCOUNT, region: DEFAULT_REGION };
  const region = env.region ?? DEFAULT_REGION;
  const common = { env, terminationProtection: stage.isProduction };
  const name = (concern: string) => `stepcast-${stage.name}-${concern}`;
  const configuredOrigin = configuredSiteOrigin(options);
  const runbookUrl = options.runbookUrl ?? RUNBOOK_PATH;

  // Production keeps a copy of its backups in a second region, in a vault of its own stack there.
  const backupCopy = stage.isProduction
    ? new BackupCopyStack(app, name('backup'), {
        ...common,
        env: { account: env.account, region: options.backupCopyRegion ?? (region === 'us-east-1' ? 'us-west-2' : 'us-east-1') },
        stage,
        description: `Stepcast ${stage.name}: the vault its backups are copied to, in a second region`,
      })
    : undefined;
  if (backupCopy && backupCopy.region === region) {
    throw new ContextError(`Context "backupCopyRegion" (${region}) must differ from the stage's own region: the copy is for losing that region.`);
  }

  const data = new DataStack(app, name('data'), {
    ...common,
    stage,
    siteOrigin: configuredOrigin,
    ...(options.extensionIds ? { extensionIds: options.extensionIds } : {}),
    ...(backupCopy ? { backupCopyRegion: backupCopy.region } : {}),
    description: `Stepcast ${stage.name}: table, asset bucket, log bucket, secrets and backups`,
  });
  if (backupCopy) data.addStackDependency(backupCopy, 'backups are copied to its vault');
  // CloudFront's certificate and web ACL must be in us-east-1; a stage elsewhere references them
  // across regions (CDK keeps the values in SSM parameters for that).
  const crossRegion = region !== GLOBAL_REGION;
  const global = new GlobalStack(app, name('global'), {
    ...common,
    env: { account: env.account, region: GLOBAL_REGION },
    crossRegionReferences: crossRegion,
    stage,
    domain: options.domain,
    ...(stage.isProduction && options.alarmEmail
      ? { costAlerts: { email: options.alarmEmail, monthlyBudgetUsd: options.monthlyBudgetUsd ?? DEFAULT_MONTHLY_BUDGET_USD } }
      : {}),
    description: `Stepcast ${stage.name}: WAF web ACL and its logs, certificate for CloudFront${stage.isProduction ? ', budget and cost anomaly alerts' : ''} (us-east-1)`,
  });
  const web = new WebStack(app, name('web'), {
    ...common,
    crossRegionReferences: crossRegion,
    stage,
    originVerifySecret: data.originVerifySecret,
    webAclArn: global.webAcl.attrArn,
    ...(options.domain && global.certificate ? { domain: { ...options.domain, certificate: global.certificate } } : {}),
    assetBucket: data.assetBucket,
    logBucket: data.logBucket,
    uploadOrigin: data.uploadOrigin,
    siteDir: options.siteDir,
    appOrigin: configuredOrigin,
    edgeEntry: options.edgeEntry,
    description: `Stepcast ${stage.name}: CloudFront, the HTTP API, SPA bucket and share-page edge function`,
  });
  const api = new ApiStack(app, name('api'), {
    ...common,
    stage,
    httpApi: web.httpApi,
    table: data.table,
    assetBucketName: data.assetBucketName,
    sessionSecret: data.sessionSecret,
    stripeSecret: data.stripeSecret,
    stripePriceId: options.stripePriceId,
    mailFrom: options.mailFrom,
    appOrigin: web.siteUrl,
    extensionIds: options.extensionIds,
    trustedOrigins: options.trustedOrigins,
    originVerifySecret: data.originVerifySecret,
    bedrockModelId: options.bedrockModelId,
    runbookUrl,
    ...(options.workers ? { workers: options.workers } : {}),
    description: `Stepcast ${stage.name}: the API's functions, routes and stage, and the worker queues`,
  });
  const monitoring = new MonitoringStack(app, name('monitoring'), {
    ...common,
    stage,
    api,
    web,
    table: data.table,
    alarmEmail: options.alarmEmail,
    runbookUrl,
    description: `Stepcast ${stage.name}: alarms (to an SNS topic) and the dashboard`,
  });

  const stacks = [data, api, global, web, monitoring, ...(backupCopy ? [backupCopy] : [])];
  for (const stack of stacks) {
    Tags.of(stack).add('project', 'stepcast');
    Tags.of(stack).add('stage', stage.name);
  }
  return { data, api, global, web, monitoring, ...(backupCopy ? { backupCopy } : {}) };
}
