import { Annotations, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { FUNCTIONS, ROUTES, type FunctionAccess, type FunctionSpec, type RouteSpec } from '../../../functions/routes';
import { StepcastFunction } from '../constructs/stepcast-function';
import type { StageConfig } from '../stage';

/** The Powertools service name every function logs and traces under. */
export const SERVICE_NAME = 'stepcast';

/** A route as the stack needs it: the function by name, checked against `functions` at synth. */
export type ApiRoute = Pick<RouteSpec, 'method' | 'path'> & { readonly fn: string };

export interface ApiStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly table: ITable;
  readonly assetBucket: IBucket;
  /** the session-signing secret, read by functions whose access has `secrets` */
  readonly sessionSecret: ISecret;
  /** Stripe's keys `{ secretKey, webhookSecret }`, read by functions whose access has `stripe` */
  readonly stripeSecret: ISecret;
  /**
   * The Pro plan's Stripe price (STRIPE_PRICE_ID of functions whose access has `stripe`).
   * @default billing's own placeholder price, which only the local Stripe double knows
   */
  readonly stripePriceId?: string;
  /**
   * The sender of outgoing mail (MAIL_FROM); SES sends only from a verified identity.
   * @default the functions' own default sender
   */
  readonly mailFrom?: string;
  /**
   * The site's public origin (APP_ORIGIN): links in mail, the origin check on mutations.
   * @default each request's own host, which CloudFront forwards as x-forwarded-host
   */
  readonly appOrigin?: string;
  /** ids of the capture extension allowed to call the API with a session (EXTENSION_IDS). @default none */
  readonly extensionIds?: readonly string[];
  /** further origins trusted for mutations (TRUSTED_ORIGINS), e.g. a preview host. @default none */
  readonly trustedOrigins?: readonly string[];
  /** @default FUNCTIONS from functions/routes.ts; tests pass their own to cover every access kind */
  readonly functions?: Readonly<Record<string, FunctionSpec>>;
  /** @default ROUTES from functions/routes.ts */
  readonly routes?: readonly ApiRoute[];
}

function pascalCase(name: string): string {
  return name.replace(/(^|[-_\s]+)(\w)/g, (_match, _sep: string, letter: string) => letter.toUpperCase());
}

/**
 * The HTTP API: one Lambda per entry of FUNCTIONS and one route per entry of ROUTES, read from the
 * table the local adapter also mounts, so a new route or function needs no change here.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  /** by FUNCTIONS name */
  readonly functions: Readonly<Record<string, StepcastFunction>>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage, table, assetBucket, sessionSecret, stripeSecret } = props;
    const specs = props.functions ?? FUNCTIONS;
    const routes = props.routes ?? ROUTES;
    // Read by functions/core/origin.ts; a variable is set only when the context gives a value.
    const siteEnvironment: Record<string, string> = {
      ...(props.appOrigin ? { APP_ORIGIN: props.appOrigin } : {}),
      ...(props.extensionIds?.length ? { EXTENSION_IDS: props.extensionIds.join(',') } : {}),
      ...(props.trustedOrigins?.length ? { TRUSTED_ORIGINS: props.trustedOrigins.join(',') } : {}),
    };

    const functions: Record<string, StepcastFunction> = {};
    for (const [name, spec] of Object.entries(specs)) {
      const fn = new StepcastFunction(this, `${pascalCase(name)}Function`, {
        entry: spec.entry,
        timeoutSeconds: spec.timeoutSeconds,
        memoryMb: spec.memoryMb,
        nativeModules: spec.nativeModules,
        description: `Stepcast ${stage.name}: ${name}`,
        logRetention: stage.logRetention,
        logRemovalPolicy: stage.removalPolicy,
        environment: {
          STAGE: stage.name,
          POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
          POWERTOOLS_LOG_LEVEL: 'INFO',
          ...siteEnvironment,
          // Only the names of what the function may touch: config parsing fails fast on the rest.
          ...(spec.access.table ? { TABLE_NAME: table.tableName } : {}),
          ...(spec.access.bucket || spec.access.bucketList ? { BUCKET_NAME: assetBucket.bucketName } : {}),
          ...(spec.access.secrets ? { SESSION_SECRET_ARN: sessionSecret.secretArn } : {}),
          ...(spec.access.stripe ? { STRIPE_SECRET_ARN: stripeSecret.secretArn } : {}),
          ...(spec.access.stripe && props.stripePriceId ? { STRIPE_PRICE_ID: props.stripePriceId } : {}),
          ...(spec.access.mail && props.mailFrom ? { MAIL_FROM: props.mailFrom } : {}),
        },
      });
      grantAccess(fn, spec.access, { table, assetBucket, sessionSecret, stripeSecret });
      functions[name] = fn;
    }
    this.functions = functions;
    if (stage.isProduction && !props.stripePriceId && Object.values(specs).some((spec) => spec.access.stripe)) {
      Annotations.of(this).addWarningV2(
        'stepcast:api:no-stripe-price',
        "No -c stripePriceId: checkout asks Stripe for billing's placeholder price, which only the local double has. Deploy with -c stripePriceId=price_...",
      );
    }

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `stepcast-${stage.name}`,
      description: `Stepcast ${stage.name}: /api/* behind CloudFront`,
    });

    // One integration per function, shared by all of its routes.
    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const route of routes) {
      const fn = functions[route.fn];
      if (!fn) throw new Error(`Route ${route.method} ${route.path} names unknown function "${route.fn}"`);
      let integration = integrations.get(route.fn);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${pascalCase(route.fn)}Integration`, fn, {
          // One invoke permission per function for this API, not one per route: a function's
          // resource policy is capped at 20 KB, which a few dozen per-route statements reach.
          scopePermissionToRoute: false,
        });
        integrations.set(route.fn, integration);
      }
      this.httpApi.addRoutes({
        path: route.path,
        // 'ANY' maps to HttpMethod.ANY like every other verb.
        methods: [HttpMethod[route.method]],
        integration,
      });
    }

    new CfnOutput(this, 'ApiEndpoint', {
      value: this.httpApi.apiEndpoint,
      description: 'The HTTP API itself; browsers use it through the distribution at /api',
    });
  }
}

/**
 * Grants a function exactly what its `access` says and nothing else. The CDK grant helpers are
 * used as they are: for the bucket their `s3:List*` makes a missing key answer NoSuchKey (404)
 * as s3rver does locally, instead of AccessDenied.
 */
export function grantAccess(
  fn: StepcastFunction,
  access: FunctionAccess,
  resources: { table: ITable; assetBucket: IBucket; sessionSecret: ISecret; stripeSecret: ISecret },
): void {
  const { table, assetBucket, sessionSecret, stripeSecret } = resources;
  if (access.table === 'read') table.grantReadData(fn);
  if (access.table === 'readwrite') table.grantReadWriteData(fn);
  if (access.bucket === 'read') assetBucket.grantRead(fn);
  // Includes s3:PutObject (uploads, presigned POST) and s3:DeleteObject*.
  if (access.bucket === 'readwrite') assetBucket.grantReadWrite(fn);
  if (access.bucketList) {
    // HeadBucket is authorised by s3:ListBucket on the bucket itself, not its objects.
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [assetBucket.bucketArn] }));
  }
  // secretsmanager:GetSecretValue and DescribeSecret, each on its one secret.
  if (access.secrets) sessionSecret.grantRead(fn);
  if (access.stripe) stripeSecret.grantRead(fn);
  if (access.mail) {
    const stack = Stack.of(fn);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        // Any verified identity of this account and region: the sender address is configuration.
        resources: [`arn:${stack.partition}:ses:${stack.region}:${stack.account}:identity/*`],
      }),
    );
  }
}
