/**
 * Deploys (or diffs) one stage, site included:
 *
 *   npm run deploy -- --stage NAME [-c key=value ...] [--yes]
 *   npm run diff -- --stage NAME [-c key=value ...]
 *
 * The web build names the site's origin in its canonical URLs, Open Graph tags and sitemap, so it
 * is built here for the stage (shared/site-build.ts), with the origin from the stage's
 * configuration (`appOrigin` or `domainName` in infra/stages.json or `-c`), else from the stage's
 * deployed distribution (the web stack's SiteUrl output, read with the AWS CLI). A stage deployed
 * for the first time without either is deployed twice: its stacks first, to learn the
 * distribution's name, then the site built for it. Then `cdk deploy --all` (or `cdk diff`, of
 * every stack) with `-c stage=NAME` and the `-c` values given. `--yes` deploys without asking to approve
 * security changes (CI). AWS credentials come from the environment, as for the CDK CLI.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { App } from 'aws-cdk-lib';
import * as z from 'zod';
import { DEPLOY_STAGE_VARIABLE, SITE_ORIGIN_VARIABLE } from '#shared/site-build';
import { UsageError } from './cdk/errors';
import { fromRoot } from './cdk/paths';
import { configuredSiteOrigin, optionsFromContext } from './cdk/stepcast';

export type DeployCommand = 'deploy' | 'diff';

export interface DeployArgs {
  command: DeployCommand;
  stage: string;
  /** `key=value` pairs for `cdk -c` */
  context: string[];
  /** deploy without CDK's approval prompt for security changes */
  yes: boolean;
}

/** The command line: `deploy|diff --stage NAME [-c key=value ...] [--yes]`; a mistake is one line. */
export function parseDeployArgs(argv: readonly string[]): DeployArgs {
  const [command, ...rest] = argv;
  if (command !== 'deploy' && command !== 'diff') throw new UsageError(`Unknown command "${command ?? ''}": use deploy or diff.`);
  let parsed;
  try {
    parsed = parseArgs({
      args: [...rest],
      options: { stage: { type: 'string' }, context: { type: 'string', short: 'c', multiple: true }, yes: { type: 'boolean', default: false } },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. Usage: npm run ${command} -- --stage NAME [-c key=value ...]${command === 'deploy' ? ' [--yes]' : ''}`);
  }
  const { stage, context = [], yes } = parsed.values;
  if (!stage) throw new UsageError(`Name the stage: npm run ${command} -- --stage NAME (e.g. --stage staging).`);
  const bad = context.find((pair) => !/^[A-Za-z][\w:-]*=/.test(pair));
  if (bad !== undefined) throw new UsageError(`-c takes key=value, not "${bad}".`);
  if (context.some((pair) => pair.startsWith('stage='))) throw new UsageError('Give the stage with --stage, not -c stage=.');
  return { command, stage, context, yes: yes ?? false };
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

/** `npm run build` for the stage's site: its origin in the pages, the build's record of both. */
export function siteBuildStep(stage: string, origin: string): DeployStep {
  return {
    title: `Build the site for stage ${stage} (${origin})`,
    command: 'npm',
    args: ['run', 'build'],
    // The capture extension built beside it talks to the same site.
    env: { [DEPLOY_STAGE_VARIABLE]: stage, [SITE_ORIGIN_VARIABLE]: origin, STEPCAST_APP_ORIGIN: origin },
  };
}

/** `cdk deploy --all` or `cdk diff` (which diffs every stack when none is named) of the stage. */
export function cdkStep(args: DeployArgs, extra: string[] = []): DeployStep {
  const deploy = args.command === 'deploy';
  const approval = deploy && args.yes ? ['--require-approval', 'never'] : [];
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

/**
 * The deployed stage's site URL (the web stack's SiteUrl output), or undefined when the stage has
 * no web stack yet. Read with the AWS CLI, which finds credentials and region as the CDK CLI does.
 */
function deployedSiteUrl(stage: string, region: string | undefined): Promise<string | undefined> {
  const args = [
    'cloudformation',
    'describe-stacks',
    '--stack-name',
    webStack(stage),
    '--query',
    "Stacks[0].Outputs[?OutputKey=='SiteUrl'].OutputValue",
    '--output',
    'text',
    ...(region ? ['--region', region] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('aws', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', () =>
      reject(new UsageError(`Stage ${stage} has no appOrigin or domainName, and the AWS CLI (aws) is not installed to read its distribution's name: install it, or set appOrigin in infra/stages.json.`)),
    );
    child.on('exit', (code) => {
      if (code === 0) resolve(out.trim() && out.trim() !== 'None' ? out.trim() : undefined);
      else if (/does not exist/.test(err)) resolve(undefined);
      else reject(new UsageError(`aws cloudformation describe-stacks ${webStack(stage)} failed: ${err.trim().split('\n')[0]}`));
    });
  });
}

async function main(args: DeployArgs): Promise<void> {
  const context = contextOf(args);
  const region = process.env.CDK_DEFAULT_REGION ?? context['region'] ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  let origin = stageSiteOrigin(args) ?? (await deployedSiteUrl(args.stage, region));

  if (!origin && args.command === 'diff') {
    console.log(`Stage ${args.stage} is not deployed and has no appOrigin or domainName: the diff leaves the site out.`);
    await run(cdkStep(args));
    return;
  }
  if (!origin) {
    // Its stacks first (any build in web/dist is not this stage's, so the web stack leaves it out),
    // to learn the distribution's name; then the site, built for it.
    console.log(`Stage ${args.stage} is deployed for the first time on its CloudFront name: its stacks first, then its site.`);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stepcast-deploy-'));
    try {
      const outputs = path.join(dir, 'outputs.json');
      await run(cdkStep(args, ['--outputs-file', outputs]));
      origin = siteUrlFromOutputs(outputs, args.stage);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  await run(siteBuildStep(args.stage, origin));
  await run(cdkStep(args));
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
