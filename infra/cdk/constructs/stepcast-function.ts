import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { fromRoot } from '../paths';

/** API Gateway HTTP APIs stop waiting for an integration after 29 s; a longer timeout only hides a 504. */
export const API_GATEWAY_TIMEOUT_SECONDS = 29;

/** @default timeout of a function whose spec gives none (as `functions/routes.ts` documents) */
export const DEFAULT_TIMEOUT_SECONDS = 10;

/** @default memory of a function whose spec gives none; also buys CPU, which cold starts need */
export const DEFAULT_MEMORY_MB = 512;

/**
 * Modules the bundle must not contain.
 * - `@aws-sdk/*`: the Node.js 22 Lambda runtime provides the AWS SDK v3.
 * - `sharp`, `@node-rs/argon2`: native addons; esbuild cannot bundle `.node` binaries, and the
 *   linux-arm64 builds are not in this machine's node_modules (npm installs only the host's).
 *   They stay external so a synth needs no network. A function that imports one of them needs
 *   those binaries shipped first (see infra/cdk/README.md, "Native modules").
 */
export const EXTERNAL_MODULES = ['@aws-sdk/*', 'sharp', '@node-rs/argon2'];

// ESM output has no `require`; bundled CommonJS dependencies that call it get one from here.
const ESM_REQUIRE_SHIM = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

export interface StepcastFunctionProps {
  /** entry module, relative to the repository root; it exports `handler` */
  readonly entry: string;
  /** @default DEFAULT_TIMEOUT_SECONDS; must stay under API_GATEWAY_TIMEOUT_SECONDS */
  readonly timeoutSeconds?: number;
  /** @default DEFAULT_MEMORY_MB */
  readonly memoryMb?: number;
  /** @default no variables beyond NODE_OPTIONS */
  readonly environment?: Record<string, string>;
  /** @default RetentionDays.ONE_MONTH */
  readonly logRetention?: RetentionDays;
  /** what happens to the log group when the function goes. @default RemovalPolicy.DESTROY */
  readonly logRemovalPolicy?: RemovalPolicy;
  /** @default no description */
  readonly description?: string;
}

/**
 * Every Stepcast Lambda (except the edge handler, which Lambda@Edge constrains differently) with
 * the defaults fixed once: Node.js 22 on arm64, ESM bundled locally by esbuild (no Docker), source
 * maps on, X-Ray tracing, and its own log group with a retention, so no log lives forever.
 * Permissions are not decided here: whoever creates the function grants exactly what it uses.
 */
export class StepcastFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: StepcastFunctionProps) {
    const timeoutSeconds = props.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
    if (!(timeoutSeconds > 0 && timeoutSeconds < API_GATEWAY_TIMEOUT_SECONDS)) {
      throw new Error(
        `${id}: timeout ${timeoutSeconds} s must be above 0 and under API Gateway's ${API_GATEWAY_TIMEOUT_SECONDS} s.`,
      );
    }
    // The log group exists before the function, so its retention applies from the first line
    // and the group is removed (or kept) with the stack instead of lingering unowned.
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: props.logRemovalPolicy ?? RemovalPolicy.DESTROY,
    });
    super(scope, id, {
      entry: fromRoot(props.entry),
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMb ?? DEFAULT_MEMORY_MB,
      timeout: Duration.seconds(timeoutSeconds),
      tracing: Tracing.ACTIVE,
      logGroup,
      environment: {
        // Stack traces point at the TypeScript sources instead of the minified bundle.
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
      // The repository is one npm project: its lock file and tsconfig drive every bundle.
      projectRoot: fromRoot('.'),
      depsLockFilePath: fromRoot('package-lock.json'),
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_SHIM,
        externalModules: EXTERNAL_MODULES,
        minify: true,
        // Error class names (AppError, ZodError) survive minification for logs and `name` checks.
        keepNames: true,
        sourceMap: true,
        // The map only needs positions and file names; the sources are in the repository.
        sourcesContent: false,
        tsconfig: fromRoot('tsconfig.json'),
      },
    });
  }
}
