/**
 * Deploys (or diffs) one stage, site included:
 *
 *   npm run deploy -- --stage NAME [-c key=value ...] [--yes] [--app DIR]
 *   npm run diff -- --stage NAME [-c key=value ...]
 *
 * First the preflight (infra/preflight.ts): credentials, CDK's bootstrap, SES and Lambda's quota,
 * each problem in one line; an error stops here. Then the site is built (for the stage's origin
 * when it has one configured; else a local build, whose origin the web stack replaces with the
 * distribution's as it uploads it), then `cdk deploy --all -c stage=NAME` with the `-c` values and
 * an outputs file, whose SiteUrl is printed. With `--app DIR` it deploys the stage's stacks of an
 * assembly synthesised before (the pipeline's, promoted from staging to production) without
 * building or synthesising anything. `--yes` deploys without asking to approve security changes
 * (CI). AWS credentials and region come from the environment, as for the CDK CLI; nothing else is
 * needed (no AWS CLI).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { App } from 'aws-cdk-lib';
import * as z from 'zod';
import { DEPLOY_STAGE_VARIABLE, SITE_ORIGIN_VARIABLE } from '#shared/site-build';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SSMClient } from '@aws-sdk/client-ssm';
import { STSClient } from '@aws-sdk/client-sts';
import { UsageError } from './cdk/errors';
import { fromRoot } from './cdk/paths';
import { stageConfig } from './cdk/stage';
import { configuredSiteOrigin, optionsFromContext, STAGES_FILE } from './cdk/stepcast';
import { preflight, type Finding } from './preflight';

export type DeployCommand = 'deploy' | 'diff';

export interface DeployArgs {
  command: DeployCommand;
  stage: string;
  /** `key=value` pairs for `cdk -c` */
  context: string[];
  /** deploy without CDK's approval prompt for security changes */
  yes: boolean;
  /** a cloud assembly synthesised before: deploy its stacks of the stage, build and synth nothing */
  app?: string | undefined;
}

/** The command line: `deploy|diff --stage NAME [-c key=value ...] [--yes]`; a mistake is one line. */
export function parseDeployArgs(argv: readonly string[]): DeployArgs {
  const [command, ...rest] = argv;
  if (command !== 'deploy' && command !== 'diff') throw new UsageError(`Unknown command "${command ?? ''}": use deploy or diff.`);
  let parsed;
  try {
    parsed = parseArgs({
      args: [...rest],
      options: { stage: { type: 'string' }, context: { type: 'string', short: 'c', multiple: true }, yes: { type: 'boolean', default: false }, app: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. Usage: npm run ${command} -- --stage NAME [-c key=value ...]${command === 'deploy' ? ' [--yes]' : ''}`);
  }
  const { stage, context = [], yes, app } = parsed.values;
  if (!stage) throw new UsageError(`Name the stage: npm run ${command} -- --stage NAME (e.g. --stage staging).`);
  const bad = context.find((pair) => !/^[A-Za-z][\w:-]*=/.test(pair));
  if (bad !== undefined) throw new UsageError(`-c takes key=value, not "${bad}".`);
  if (context.some((pair) => pair.startsWith('stage='))) throw new UsageError('Give the stage with --stage, not -c stage=.');
  if (app !== undefined && command !== 'deploy') throw new UsageError('--app deploys an assembly; npm run diff synthesises its own.');
  if (app !== undefined && context.length > 0) throw new UsageError('--app deploys an assembly as it was synthesised: its -c values were given then.');
  return { command, stage, context, yes: yes ?? false, ...(app !== undefined ? { app } : {}) };
}

/** The context the CDK app will see for this stage (the `-c` values; infra/stages.json is read by the app). */
function contextOf(args: DeployArgs): Record<string, string> {
  return { stage: args.stage, ...Object.fromEntries(args.context.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)])) };
}

/** The stage's configured site origin, read as the CDK app reads it (stage file, then `-c`). */
export function stageSiteOrigin(args: DeployArgs, stagesFile?: string): string | undefined {
  const app = new App({ context: contextOf(args) });
  return configuredSiteOrigin(optionsFromContext(app, stagesFile));
}

export interface DeployStep {
  /** what the step does, printed before it runs */
  title: string;
  command: string;
  args: string[];
  /** added to the environment */
  env?: Record<string, string>;
}

const webStack = (stage: string) => `stepcast-${stage}-web`;

/**
 * `npm run build` for the stage's site: with its configured origin, its pages name it (and the
 * capture extension built beside it talks to it); without one, a local build, whose origin the
 * web stack replaces with the distribution's name as it uploads it.
 */
export function siteBuildStep(stage: string, origin: string | undefined): DeployStep {
  if (!origin) return { title: `Build the site (its origin is replaced by stage ${stage}'s CloudFront name as it is uploaded)`, command: 'npm', args: ['run', 'build'] };
  return {
    title: `Build the site for stage ${stage} (${origin})`,
    command: 'npm',
    args: ['run', 'build'],
    env: { [DEPLOY_STAGE_VARIABLE]: stage, [SITE_ORIGIN_VARIABLE]: origin, STEPCAST_APP_ORIGIN: origin },
  };
}

/**
 * `cdk deploy --all` or `cdk diff` (which diffs every stack when none is named) of the stage; with
 * --app, `cdk deploy` of the assembly's stacks of the stage (and what they depend on).
 */
export function cdkStep(args: DeployArgs, extra: string[] = []): DeployStep {
  const deploy = args.command === 'deploy';
  const approval = deploy && args.yes ? ['--require-approval', 'never'] : [];
  if (args.app) {
    return {
      title: `cdk deploy stage ${args.stage} from the assembly ${args.app}`,
      command: 'npx',
      args: ['cdk', 'deploy', '--app', args.app, `stepcast-${args.stage}-*`, ...approval, ...extra],
    };
  }
  return {
    title: `cdk ${args.command} every stack of stage ${args.stage}`,
    command: 'npx',
    args: ['cdk', args.command, ...(deploy ? ['--all'] : []), '-c', `stage=${args.stage}`, ...args.context.flatMap((pair) => ['-c', pair]), ...approval, ...extra],
  };
}

/** The web stack's SiteUrl output from a `cdk deploy --outputs-file` file. */
export function siteUrlFromOutputs(file: string, stage: string): string {
  const outputs = z.record(z.string(), z.record(z.string(), z.string())).parse(JSON.parse(readFileSync(file, 'utf8')));
  const url = outputs[webStack(stage)]?.['SiteUrl'];
  if (!url) throw new UsageError(`${file} has no SiteUrl output of ${webStack(stage)}.`);
  return url;
}

function run(step: DeployStep): Promise<void> {
  console.log(`\n▶ ${step.title}\n  ${[step.command, ...step.args].join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(step.command, step.args, { cwd: fromRoot('.'), stdio: 'inherit', env: { ...process.env, ...step.env } });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new UsageError(`${step.command} ${step.args[0] ?? ''} ${step.args[1] ?? ''} failed (exit ${code}).`))));
  });
}

/** The preflight's findings, one line each; true when none is an error. */
export function reportFindings(findings: readonly Finding[], print: (line: string) => void = console.log): boolean {
  for (const finding of findings) print(`${finding.level === 'ok' ? '  ok   ' : finding.level === 'warning' ? '  warn ' : '  ERROR'} ${finding.message}`);
  return !findings.some((finding) => finding.level === 'error');
}

async function main(args: DeployArgs): Promise<void> {
  const app = new App({ context: contextOf(args) });
  const options = optionsFromContext(app);
  const stage = stageConfig(args.stage);
  const region = options.env?.region ?? 'us-east-1';
  const configuredAccount = (app.node.tryGetContext('account') as string | undefined) ?? stagesFileAccount(args.stage);

  console.log(`\n▶ Preflight of stage ${args.stage} (${region})`);
  const findings = await preflight(
    {
      sts: new STSClient({ region }),
      ssm: (where) => new SSMClient({ region: where }),
      ses: new SESv2Client({ region }),
      lambda: new LambdaClient({ region }),
    },
    {
      ...options,
      stage: args.stage,
      isProduction: stage.isProduction,
      // A production stage's backups are copied to a second region, which must be bootstrapped too.
      backupCopyRegion: options.backupCopyRegion ?? (stage.isProduction ? (region === 'us-east-1' ? 'us-west-2' : 'us-east-1') : undefined),
      ...(configuredAccount ? { configuredAccount } : {}),
    },
  );
  if (!reportFindings(findings)) throw new UsageError('the preflight found errors (above): nothing was built or deployed.');

  if (args.command === 'diff') {
    await run(cdkStep(args));
    return;
  }
  if (!args.app) await run(siteBuildStep(args.stage, configuredSiteOrigin(options)));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stepcast-deploy-'));
  try {
    const outputs = path.join(dir, 'outputs.json');
    await run(cdkStep(args, ['--outputs-file', outputs]));
    const siteUrl = siteUrlFromOutputs(outputs, args.stage);
    console.log(`\nStage ${args.stage} is at ${siteUrl}`);
    // In GitHub Actions, the step's output `site_url` (the pipeline smoke-tests it).
    if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `site_url=${siteUrl}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The account infra/stages.json gives the stage, if any. */
function stagesFileAccount(stage: string): string | undefined {
  try {
    const file = z.record(z.string(), z.record(z.string(), z.string())).parse(JSON.parse(readFileSync(STAGES_FILE, 'utf8')));
    return file[stage]?.['account'];
  } catch {
    return undefined;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await main(parseDeployArgs(process.argv.slice(2)));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`stepcast: ${error.message}`);
    process.exit(1);
  }
}
