import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { UsageError } from './errors';

/** A bad `-c` value: the CLI reports its message in one line instead of a stack trace. */
export class ContextError extends UsageError {
  override readonly name = 'ContextError';
}

/** Everything that differs between stages, decided once from the stage name. */
export interface StageConfig {
  /** `-c stage=NAME`: part of every stack name, so one account can hold several stages */
  readonly name: string;
  /** stages named `prod*` keep their data when a stack is deleted and refuse accidental deletes */
  readonly isProduction: boolean;
  /** for stateful resources (table, asset bucket, function logs) */
  readonly removalPolicy: RemovalPolicy;
  readonly logRetention: RetentionDays;
  /**
   * API functions shift to a new version through a CodeDeploy canary (10% for five minutes,
   * rolled back on the canary alarms): stages named `prod*` and `staging*`, the ones the pipeline
   * promotes through. Other stages switch at once (the same aliases and alarms, no bake time).
   */
  readonly canary: boolean;
  /** how long CloudFront, S3 and WAF logs are kept in the stage's log buckets */
  readonly accessLogDays: number;
}

/** @default the stage when none is given on the command line */
export const DEFAULT_STAGE = 'dev';

// Lower-case, starts with a letter, short: it ends up in stack names, log group names and tags,
// and CloudFormation stack names allow only [A-Za-z0-9-].
const STAGE_NAME = /^[a-z][a-z0-9-]{0,19}$/;

export function stageConfig(name: string): StageConfig {
  if (!STAGE_NAME.test(name)) {
    throw new ContextError(
      `Invalid stage "${name}": use 1-20 lower-case letters, digits or hyphens, starting with a letter (e.g. -c stage=dev).`,
    );
  }
  const isProduction = name.startsWith('prod');
  return {
    name,
    isProduction,
    removalPolicy: isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    logRetention: isProduction ? RetentionDays.ONE_YEAR : RetentionDays.ONE_MONTH,
    canary: isProduction || name.startsWith('staging'),
    // Viewer IPs and paths: kept long enough to investigate an incident or abuse, then gone.
    accessLogDays: isProduction ? 90 : 30,
  };
}
