import { Tags, type App, type Environment } from 'aws-cdk-lib';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
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
   * @default the functions read the host of each request; uploads from any origin
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
  /** the SPA build to deploy. @default web/dist */
  readonly siteDir?: string;
  /** the share-page edge handler. @default functions/edge/share.ts */
  readonly edgeEntry?: string;
}

export interface StepcastStacks {
  readonly data: DataStack;
  readonly api: ApiStack;
  readonly web: WebStack;
}

function stringContext(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new ContextError(`Context "${key}" must be a string (-c ${key}=...).`);
  return value;
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

/**
 * Options from `-c stage=... -c appOrigin=... -c mailFrom=... -c extensionIds=... -c trustedOrigins=...
 * -c stripePriceId=... -c account=... -c region=...` and the CLI's environment.
 */
export function optionsFromContext(app: App): StepcastOptions {
  return {
    stage: stringContext(app, 'stage') ?? DEFAULT_STAGE,
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

/** The three stacks of one stage: stepcast-{stage}-data, -api and -web. */
export function addStepcastStacks(app: App, options: StepcastOptions = {}): StepcastStacks {
  const stage = stageConfig(options.stage ?? DEFAULT_STAGE);
  const env = options.env ?? { account: PLACEHOLDER_ACCOUNT, region: DEFAULT_REGION };
  const common = { env, terminationProtection: stage.isProduction };
  const name = (concern: string) => `stepcast-${stage.name}-${concern}`;

  const data = new DataStack(app, name('data'), {
    ...common,
    stage,
    siteOrigin: options.appOrigin,
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
    appOrigin: options.appOrigin,
    extensionIds: options.extensionIds,
    trustedOrigins: options.trustedOrigins,
    description: `Stepcast ${stage.name}: HTTP API and its functions`,
  });
  const web = new WebStack(app, name('web'), {
    ...common,
    stage,
    httpApi: api.httpApi,
    assetBucket: data.assetBucket,
    uploadOrigin: data.uploadOrigin,
    siteDir: options.siteDir,
    edgeEntry: options.edgeEntry,
    description: `Stepcast ${stage.name}: CloudFront, SPA bucket and share-page edge function`,
  });

  for (const stack of [data, api, web]) {
    Tags.of(stack).add('project', 'stepcast');
    Tags.of(stack).add('stage', stage.name);
  }
  return { data, api, web };
}
