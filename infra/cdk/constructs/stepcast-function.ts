import path from 'node:path';
import { Duration, RemovalPolicy, Size, Stack } from 'aws-cdk-lib';
import { ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import { Architecture, CfnFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import {
  copyPackagesCommands,
  nativeModulePackages,
  undeclaredImportsCommand,
  type NativeModule,
} from '../native-modules';
import { acknowledgeNag } from '../nag';
import { fromRoot } from '../paths';

/** API Gateway HTTP APIs stop waiting for an integration after 29 s; a longer timeout only hides a 504. */
export const API_GATEWAY_TIMEOUT_SECONDS = 29;

/** Lambda's own limit, the most a queue-fed worker may run. */
export const LAMBDA_MAX_TIMEOUT_SECONDS = 900;

/** @default timeout of a function whose spec gives none (as `functions/routes.ts` documents) */
export const DEFAULT_TIMEOUT_SECONDS = 10;

/** @default memory of a function whose spec gives none; also buys CPU, which cold starts need */
export const DEFAULT_MEMORY_MB = 512;

/**
 * Modules the bundle must not contain. The AWS SDK is not one of them: it is bundled, at the
 * versions package.json pins and the tests run, rather than taken from the Lambda runtime (whose
 * SDK version AWS chooses and changes). Minified into one file, it also loads faster: an API
 * bundle imported 1.4-7× faster on a cold process than the same code reading the SDK's own files
 * from node_modules, for about 200 KB more zipped (infra/cdk/README.md, Lambda bundles).
 * - the native addons (`sharp`, `@node-rs/argon2`): esbuild cannot bundle `.node` binaries, nor
 *   `@ffmpeg-installer/ffmpeg` its executable (it finds it beside its own folder). A
 *   function declaring one gets its packages copied beside the bundle; a bundle importing one
 *   it did not declare fails the synth (see `nativeModules`).
 * - `nodemailer`: the local stack's SMTP client, imported lazily only when SMTP_URL is set
 *   (functions/domain/platform/mail.ts); in AWS, SES sends. `lambda-bundles.test.ts` checks no bundle
 *   imports it statically.
 */
export const EXTERNAL_MODULES = ['sharp', '@node-rs/argon2', '@ffmpeg-installer/ffmpeg', 'nodemailer', '@sparticuz/chromium', 'playwright-core'];

// ESM output has no `require`; bundled CommonJS dependencies that call it get one from here.
const ESM_REQUIRE_SHIM = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/**
 * esbuild's settings for every Stepcast Lambda bundle, in one place for the construct below and
 * for `lambda-bundles.ts` (which measures the bundles and checks what they contain).
 */
export const LAMBDA_BUNDLING = {
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_SHIM,
  externalModules: EXTERNAL_MODULES,
  minify: true,
  // Error class names (AppError, ZodError) survive minification for logs and `name` checks.
  keepNames: true,
} as const;

export interface StepcastFunctionProps {
  /** entry module, relative to the repository root; it exports `handler` */
  readonly entry: string;
  /** @default DEFAULT_TIMEOUT_SECONDS; must stay under `maxTimeoutSeconds` */
  readonly timeoutSeconds?: number;
  /**
   * the longest timeout this kind of function may have: an API function must answer before API
   * Gateway stops waiting; a queue-fed worker may use all of Lambda's 900 s.
   * @default API_GATEWAY_TIMEOUT_SECONDS (exclusive)
   */
  readonly maxTimeoutSeconds?: number;
  /** /tmp in MB (512-10240). @default 512, Lambda's default */
  readonly ephemeralStorageMb?: number;
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
  /**
   * Native addons the function imports (`argon2`, `sharp`). Their packages are copied from
   * node_modules into the bundle, and the function runs on x86_64 instead of arm64: the
   * binaries a synth can ship are those in node_modules, i.e. the build machine's (npm installs
   * only the host platform's, and fetching arm64 ones would need the network), and deploys run
   * on linux x64. Synth fails in one line where node_modules lacks the linux-x64 builds.
   * @default none: arm64, and a bundle importing a native module fails the synth
   */
  readonly nativeModules?: readonly NativeModule[];
  /** where native modules' packages are copied from. @default the repository's node_modules */
  readonly nodeModulesDir?: string;
}

/**
 * Every Stepcast Lambda (except the edge handler, which Lambda@Edge constrains differently) with
 * the defaults fixed once: Node.js 22 on arm64 (x86_64 with native modules, see `nativeModules`),
 * ESM bundled locally by esbuild (no Docker), source maps on, X-Ray tracing, and its own log group
 * with a retention, so no log lives forever.
 * Permissions are not decided here: whoever creates the function grants exactly what it uses.
 */
export class StepcastFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: StepcastFunctionProps) {
    const timeoutSeconds = props.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
    if (props.maxTimeoutSeconds === undefined) {
      if (!(timeoutSeconds > 0 && timeoutSeconds < API_GATEWAY_TIMEOUT_SECONDS)) {
        throw new Error(
          `${id}: timeout ${timeoutSeconds} s must be above 0 and under API Gateway's ${API_GATEWAY_TIMEOUT_SECONDS} s.`,
        );
      }
    } else if (!(timeoutSeconds > 0 && timeoutSeconds <= props.maxTimeoutSeconds)) {
      throw new Error(`${id}: timeout ${timeoutSeconds} s must be above 0 and at most ${props.maxTimeoutSeconds} s.`);
    }
    const ephemeralStorageMb = props.ephemeralStorageMb;
    if (ephemeralStorageMb !== undefined && !(ephemeralStorageMb >= 512 && ephemeralStorageMb <= 10_240)) {
      throw new Error(`${id}: ephemeral storage ${ephemeralStorageMb} MB must be between 512 and 10240 MB.`);
    }
    // The log group exists before the function, so its retention applies from the first line
    // and the group is removed (or kept) with the stack instead of lingering unowned.
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: props.logRemovalPolicy ?? RemovalPolicy.DESTROY,
    });
    const nativeModules = [...new Set(props.nativeModules ?? [])];
    const nodeModulesDir = path.resolve(props.nodeModulesDir ?? fromRoot('node_modules'));
    // Resolved (and the binaries checked) only when this stack is bundled, so assertion tests and
    // `cdk deploy` of another stack work on any machine.
    const packages =
      nativeModules.length > 0 && Stack.of(scope).bundlingRequired ? nativeModulePackages(nativeModules, nodeModulesDir) : [];
    super(scope, id, {
      entry: fromRoot(props.entry),
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      // The shipped native binaries are linux-x64 ones (see `nativeModules`); the rest is arm64,
      // cheaper per GB-second.
      architecture: nativeModules.length > 0 ? Architecture.X86_64 : Architecture.ARM_64,
      memorySize: props.memoryMb ?? DEFAULT_MEMORY_MB,
      timeout: Duration.seconds(timeoutSeconds),
      ...(ephemeralStorageMb !== undefined ? { ephemeralStorageSize: Size.mebibytes(ephemeralStorageMb) } : {}),
      // Active tracing is set below, with X-Ray's permissions as AWS's managed policy.
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
        ...LAMBDA_BUNDLING,
        mainFields: [...LAMBDA_BUNDLING.mainFields],
        externalModules: [...LAMBDA_BUNDLING.externalModules],
        sourceMap: true,
        // The map only needs positions and file names; the sources are in the repository.
        sourcesContent: false,
        tsconfig: fromRoot('tsconfig.json'),
        // Read (then deleted) by the undeclared-native-imports check below.
        metafile: true,
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (_inputDir: string, outputDir: string) => [
            undeclaredImportsCommand(outputDir, props.entry, nativeModules),
            ...copyPackagesCommands(packages, path.dirname(nodeModulesDir), outputDir),
          ],
        },
      },
    });
    // X-Ray tracing. Lambda's own `tracing` option grants X-Ray inline on `*` (its actions have no
    // resource-level permissions), which cdk-nag could only be told to accept for every function
    // as `Resource::*`, hiding any other grant on `*`; AWS's managed policy says what it is.
    const cfn = this.node.defaultChild;
    if (!(cfn instanceof CfnFunction)) throw new Error(`${id}: no CfnFunction`);
    cfn.tracingConfig = { mode: 'Active' };
    this.role?.addManagedPolicy(ManagedPolicy.fromAwsManagedPolicyName(XRAY_WRITE_POLICY));
    acknowledgeFunctionFindings(this);
  }
}

/** AWS's managed policy for sending traces: xray:PutTraceSegments, PutTelemetryRecords and the sampling reads. */
export const XRAY_WRITE_POLICY = 'AWSXRayDaemonWriteAccess';

/** cdk-nag (AWS Solutions) findings every Stepcast function has, each on purpose. */
function acknowledgeFunctionFindings(fn: NodejsFunction): void {
  // The basic execution role: writing its own logs (to its own log group, with retention).
  acknowledgeNag(fn, 'IAM4', 'AWSLambdaBasicExecutionRole only lets the function write its own logs.', [
    'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
  ]);
  // X-Ray's actions have no resource-level permissions: AWS's policy for them names none.
  acknowledgeNag(fn, 'IAM4', "X-Ray's own managed policy: sending traces, whose actions name no resource.", [
    `Policy::arn:<AWS::Partition>:iam::aws:policy/${XRAY_WRITE_POLICY}`,
  ]);
  // Node.js 22 is the LTS line the project runs on everywhere (engines, .nvmrc, CI); a newer
  // Lambda runtime is adopted with the whole toolchain, not per function.
  acknowledgeNag(fn, 'L1', 'Node.js 22 LTS on purpose: the same major as engines, .nvmrc and CI.');
}
