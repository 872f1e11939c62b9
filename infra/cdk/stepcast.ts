import { Tags, type App, type Environment } from 'aws-cdk-lib';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
import { WebStack } from './stacks/web-stack';
import { DEFAULT_STAGE, stageConfig } from './stage';

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
  /** only origin allowed to POST uploads to the asset bucket. @default any origin */
  readonly siteOrigin?: string;
  /** sender of outgoing mail, an SES-verified identity. @default the functions' default sender */
  readonly mailFrom?: string;
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
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string (-c ${key}=...).`);
  return value;
}

function parseSiteOrigin(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || url.origin !== value || url.protocol !== 'https:') {
    throw new Error(`Context "siteOrigin" must be an https origin such as https://stepcast.example.com, not "${value}".`);
  }
  return value;
}

/**
 * Options from `-c stage=... -c siteOrigin=... -c mailFrom=... -c account=... -c region=...`
 * and the CLI's environment.
 */
export function optionsFromContext(app: App): StepcastOptions {
  return {
    stage: stringContext(app, 'stage') ?? DEFAULT_STAGE,
    siteOrigin: parseSiteOrigin(stringContext(app, 'siteOrigin')),
    mailFrom: stringContext(app, 'mailFrom'),
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
    siteOrigin: options.siteOrigin,
    description: `Stepcast ${stage.name}: table and asset bucket`,
  });
  const api = new ApiStack(app, name('api'), {
    ...common,
    stage,
    table: data.table,
    assetBucket: data.assetBucket,
    sessionSecret: data.sessionSecret,
    mailFrom: options.mailFrom,
    description: `Stepcast ${stage.name}: HTTP API and its functions`,
  });
  const web = new WebStack(app, name('web'), {
    ...common,
    stage,
    httpApi: api.httpApi,
    assetBucket: data.assetBucket,
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
