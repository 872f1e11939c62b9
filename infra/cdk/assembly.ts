import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { FUNCTIONS, WORKERS } from '../../functions/routes';
import { fromRoot } from './paths';
import { pascalCase } from './names';

/**
 * A synthesised cloud assembly as the CDK CLI writes it (`cdk synth -o DIR`), read back: the
 * Lambda functions of Stepcast's stacks, each with the bundle CDK made for it and the environment
 * its template gives it. The bundle test (bundles.test.ts), `npm start -- --bundles` and the
 * bundle bench all read the same assembly, which `npm test` synthesises once.
 */

/** Where `npm test` writes its assembly: inside the repository, so bundles resolve the dev-only nodemailer locally as they would not on Lambda. */
export const TEST_ASSEMBLY_DIR = fromRoot('cdk.out/npm-test');

/** The stages `npm test` synthesises: a development stage and a production one (infra/stages.json's). */
export const TEST_STAGES = ['dev', 'prod'] as const;

/** `npx cdk synth` of the stages into `outdir`, quietly, through the real CLI and app (cdk.json): bundling, validation and cdk-nag included. */
export function synthCommand(outdir: string, stages: readonly string[] = TEST_STAGES): { command: string; args: string[] } {
  return { command: 'npx', args: ['cdk', 'synth', '-c', `stage=${stages.join(',')}`, '-o', outdir, '--quiet'] };
}

/** Runs synthCommand; resolves with its exit code. */
export function synthesise(outdir: string, stages: readonly string[] = TEST_STAGES, stdio: 'inherit' | 'ignore' = 'inherit'): Promise<number> {
  const { command, args } = synthCommand(outdir, stages);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: fromRoot('.'), stdio, env: process.env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** What a function of the assembly is, by its construct path in Stepcast's stacks. */
export type FunctionKind =
  | { readonly type: 'api'; readonly name: string }
  | { readonly type: 'worker'; readonly name: string }
  | { readonly type: 'edge' }
  | { readonly type: 'invalidation' };

export interface AssemblyFunction {
  readonly stack: string;
  readonly stage: string;
  readonly kind: FunctionKind;
  /** the construct path, e.g. stepcast-dev-api/GuidesFunction/Resource */
  readonly path: string;
  /** the bundle's folder, absolute */
  readonly assetDir: string;
  /** `index.handler`: the file (index.mjs or index.js) and the export */
  readonly handler: string;
  readonly runtime: string;
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
  /** the template's variables, values as CloudFormation has them (strings, or references) */
  readonly environment: Readonly<Record<string, unknown>>;
}

const Manifest = z.object({
  artifacts: z.record(z.string(), z.object({ type: z.string(), properties: z.object({ templateFile: z.string().optional() }).optional() })),
});
const FunctionResource = z.object({
  Type: z.literal('AWS::Lambda::Function'),
  Metadata: z.object({ 'aws:cdk:path': z.string(), 'aws:asset:path': z.string().optional() }),
  Properties: z.object({
    Handler: z.string().optional(),
    Runtime: z.string().optional(),
    MemorySize: z.number().optional(),
    Timeout: z.number().optional(),
    Environment: z.object({ Variables: z.record(z.string(), z.unknown()) }).optional(),
  }),
});

const byPascal = (names: readonly string[]) => new Map(names.map((name) => [pascalCase(name), name]));
const API_BY_ID = byPascal(Object.keys(FUNCTIONS));
const WORKER_BY_ID = byPascal(Object.keys(WORKERS));

/** Stepcast's own functions by construct path; CDK's helpers (uploads, log retention) are not ours to test. */
export function functionKind(constructPath: string): FunctionKind | undefined {
  const api = /^stepcast-[a-z0-9-]+-api\/([A-Za-z0-9]+)(Function|Worker)\/Resource$/.exec(constructPath);
  if (api) {
    const name = (api[2] === 'Function' ? API_BY_ID : WORKER_BY_ID).get(api[1]!);
    if (!name) return undefined;
    return api[2] === 'Function' ? { type: 'api', name } : { type: 'worker', name };
  }
  if (/^stepcast-[a-z0-9-]+-web\/ShareEdgeFunction\/Fn\/Resource$/.test(constructPath)) return { type: 'edge' };
  if (/^stepcast-[a-z0-9-]+-web\/AssetInvalidation\/Fn\/Resource$/.test(constructPath)) return { type: 'invalidation' };
  return undefined;
}

/** A readable name: `api guides`, `worker export`, `edge`, `invalidation`. */
export function kindName(kind: FunctionKind): string {
  return kind.type === 'api' || kind.type === 'worker' ? `${kind.type} ${kind.name}` : kind.type;
}

/** Every Stepcast function of the assembly in `dir`, stage by stage. Throws when `dir` holds no assembly. */
export function readAssemblyFunctions(dir: string): AssemblyFunction[] {
  const manifestFile = path.join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${dir} holds no cloud assembly (no manifest.json): synthesise it with npx cdk synth -o ${dir}`);
  const manifest = Manifest.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
  const found: AssemblyFunction[] = [];
  for (const [stack, artifact] of Object.entries(manifest.artifacts)) {
    const templateFile = artifact.properties?.templateFile;
    if (artifact.type !== 'aws:cloudformation:stack' || !templateFile) continue;
    const stage = /^stepcast-([a-z0-9-]+)-[a-z]+$/.exec(stack)?.[1];
    if (!stage) continue;
    const template = z.object({ Resources: z.record(z.string(), z.unknown()) }).parse(JSON.parse(readFileSync(path.join(dir, templateFile), 'utf8')));
    for (const resource of Object.values(template.Resources)) {
      const parsed = FunctionResource.safeParse(resource);
      if (!parsed.success) continue;
      const kind = functionKind(parsed.data.Metadata['aws:cdk:path']);
      const asset = parsed.data.Metadata['aws:asset:path'];
      if (!kind || !asset) continue;
      const p = parsed.data.Properties;
      found.push({
        stack,
        stage,
        kind,
        path: parsed.data.Metadata['aws:cdk:path'],
        assetDir: path.resolve(dir, asset),
        handler: p.Handler ?? 'index.handler',
        runtime: p.Runtime ?? '',
        memoryMb: p.MemorySize ?? 128,
        timeoutSeconds: p.Timeout ?? 3,
        environment: p.Environment?.Variables ?? {},
      });
    }
  }
  return found;
}

/** The bundle's entry file and the name of the export its handler setting names. */
export function handlerOf(fn: Pick<AssemblyFunction, 'assetDir' | 'handler'>): { file: string; exportName: string } {
  const [base, exportName] = fn.handler.split('.') as [string, string];
  for (const extension of ['.mjs', '.js', '.cjs']) {
    const file = path.join(fn.assetDir, `${base}${extension}`);
    if (existsSync(file)) return { file, exportName };
  }
  throw new Error(`${fn.assetDir} has no ${base}.mjs or ${base}.js for handler ${fn.handler}`);
}

/** The account and the distribution's name the bundle test gives references it cannot resolve. */
const PLACEHOLDER = { account: '111111111111', distributionDomain: 'd111111abcdef8.cloudfront.net' } as const;

/**
 * A value a deployed function would see for a variable whose template value is a reference (a
 * table's name, a secret's ARN, a queue's URL, the distribution's name): of the same shape, so the
 * function's own parsing of its environment (zod, at cold start) runs as in AWS.
 */
function placeholderFor(variable: string, reference: unknown, region: string): string {
  const json = JSON.stringify(reference);
  if (/DomainName/.test(json)) return PLACEHOLDER.distributionDomain;
  if (variable.endsWith('_QUEUE_URL')) return `https://sqs.${region}.amazonaws.com/${PLACEHOLDER.account}/stepcast-placeholder-queue`;
  if (variable === 'SITE_SESSION_KMS_KEY_ID') return `arn:aws:kms:${region}:${PLACEHOLDER.account}:key/00000000-0000-4000-8000-000000000000`;
  if (variable.endsWith('_ARN')) return `arn:aws:secretsmanager:${region}:${PLACEHOLDER.account}:secret:stepcast-placeholder-AbCdEf`;
  if (variable === 'TABLE_NAME') return 'stepcast-placeholder-Table-ABCDEF123456';
  if (variable === 'DISTRIBUTION_ID') return 'E2PLACEHOLDER0';
  return `placeholder-${variable.toLowerCase()}`;
}

function resolveValue(variable: string, value: unknown, region: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const join = z.object({ 'Fn::Join': z.tuple([z.string(), z.array(z.unknown())]) }).safeParse(value);
  if (join.success) return join.data['Fn::Join'][1].map((part) => resolveValue(variable, part, region)).join(join.data['Fn::Join'][0]);
  return placeholderFor(variable, value, region);
}

/**
 * Exactly the environment Lambda gives the function: its template's variables (references as
 * placeholders of the same shape) and the variables the Lambda runtime itself sets (Node.js 22,
 * active tracing, credentials of its role), and nothing of this machine's. Lambda@Edge functions
 * have no variables of their own.
 */
export function lambdaEnvironment(fn: AssemblyFunction, taskRoot: string, region = 'us-east-1'): Record<string, string> {
  const name = `${fn.stack}-${fn.path.split('/')[1] ?? 'fn'}`.slice(0, 64);
  const own = Object.fromEntries(Object.entries(fn.environment).map(([key, value]) => [key, resolveValue(key, value, region)]));
  return {
    ...own,
    AWS_REGION: region,
    AWS_DEFAULT_REGION: region,
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
    AWS_LAMBDA_FUNCTION_NAME: fn.kind.type === 'edge' ? `us-east-1.${name}` : name,
    AWS_LAMBDA_FUNCTION_VERSION: fn.kind.type === 'edge' ? '1' : '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${name}`,
    AWS_LAMBDA_LOG_STREAM_NAME: '2026/01/01/[$LATEST]00000000000000000000000000000000',
    AWS_ACCESS_KEY_ID: 'ASIAPLACEHOLDER00000',
    AWS_SECRET_ACCESS_KEY: 'placeholder-secret-access-key',
    AWS_SESSION_TOKEN: 'placeholder-session-token',
    AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
    AWS_XRAY_DAEMON_ADDRESS: '169.254.79.129:2000',
    _AWS_XRAY_DAEMON_ADDRESS: '169.254.79.129',
    _AWS_XRAY_DAEMON_PORT: '2000',
    _HANDLER: fn.handler,
    LAMBDA_TASK_ROOT: taskRoot,
    LAMBDA_RUNTIME_DIR: '/var/runtime',
    LANG: 'en_US.UTF-8',
    TZ: ':UTC',
    PATH: '/usr/local/bin:/usr/bin/:/bin:/opt/bin',
  };
}

/** The region a function runs in: the stage's (from its stack's ARNs) or us-east-1 for the edge and the default. */
export function regionOf(fn: AssemblyFunction): string {
  const region = /arn:aws:[a-z-]+:([a-z]{2}(-gov)?-[a-z]+-\d):/.exec(JSON.stringify(fn.environment))?.[1];
  return fn.kind.type === 'edge' ? 'us-east-1' : (region ?? 'us-east-1');
}
