import { Arn, ArnFormat, Aws, CfnOutput, Duration, Stack, Token, type StackProps } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { Effect, ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Bucket, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { privateBucketProps } from '../constructs/private-bucket';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { RegionInfo } from 'aws-cdk-lib/region-info';
import type { Construct } from 'constructs';
import { PENDING_UPLOAD_EXPIRY_DAYS, PENDING_UPLOAD_PREFIX, PRIVATE_ASSET_PREFIX } from '#shared/assets';
import { TABLE_INDEXES, TABLE_KEY, TTL_ATTRIBUTE } from '../../table-definition';
import { acknowledgeNag } from '../nag';
import { ContextError, type StageConfig } from '../stage';

/** S3 bucket names: 3-63 lower-case letters, digits and hyphens, starting and ending with either. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

/**
 * The asset bucket's name, fixed rather than generated so that its upload endpoint is known at
 * synth: the page CSP (CloudFront's response headers policy, the edge bundle) must name it.
 * Account and region make it globally unique; the stage keeps stages of one account apart.
 */
export function assetBucketName(stage: string, account: string, region: string): string {
  const name = `stepcast-${stage}-assets-${account}-${region}`;
  if (!Token.isUnresolved(name) && !BUCKET_NAME.test(name)) {
    throw new ContextError(
      `The asset bucket name "${name}" (${name.length} characters) is not a valid S3 bucket name (at most 63): use a shorter stage name.`,
    );
  }
  return name;
}

/**
 * The origin browsers POST uploads to: the bucket's regional virtual-hosted endpoint, exactly as
 * `createPresignedPost` of the AWS SDK v3 spells it in every region, us-east-1 included.
 */
export function assetUploadOrigin(bucketName: string, region: string): string {
  const suffix = Token.isUnresolved(region) ? Aws.URL_SUFFIX : (RegionInfo.get(region).domainSuffix ?? 'amazonaws.com');
  return `https://${bucketName}.s3.${region}.${suffix}`;
}

/**
 * What the Stripe secret holds until the operator puts the real keys there (README, Deploying).
 * Billing refuses a secret key without the `sk_` prefix, so the placeholder never reaches Stripe.
 */
export const STRIPE_SECRET_KEY_PLACEHOLDER = 'REPLACE_ME';

/** How long an overwritten or deleted object of the asset bucket can be restored. */
export const NONCURRENT_VERSION_DAYS = 30;

export interface DataStackProps extends StackProps {
  readonly stage: StageConfig;
  /**
   * The site's origin (`https://stepcast.example.com`), the only origin allowed to POST uploads
   * straight to the bucket. @default '*' (any origin: the presigned POST policy, not CORS, is
   * what limits an upload)
   */
  readonly siteOrigin?: string;
  /**
   * The capture extension's ids: it uploads a capture's screenshots from its own
   * `chrome-extension://` origin. Only used when `siteOrigin` narrows the list.
   * @default none
   */
  readonly extensionIds?: readonly string[];
  /**
   * A production stage's second region, where BackupCopyStack keeps the vault each backup is
   * copied to. @default no copy
   */
  readonly backupCopyRegion?: string;
}

/** How long a backup is kept (and its copy in the second region, on production). */
export function backupRetentionDays(stage: StageConfig): number {
  return stage.isProduction ? 35 : 7;
}

/**
 * What Stepcast keeps: the one DynamoDB table, the asset bucket (screenshots, audio, social
 * images, exports), the session-signing secret and the Stripe keys. On `prod*` stages they
 * survive the deletion of the stack.
 */
export class DataStack extends Stack {
  readonly table: Table;
  readonly assetBucket: Bucket;
  /** the asset bucket's name as a plain string (it is fixed, not generated): no reference across stacks */
  readonly assetBucketName: string;
  /**
   * The stage's logs of who asked for what: CloudFront's standard logs (`cloudfront/`) and the
   * asset bucket's server access logs (`s3/assets/`), expired after `stage.accessLogDays`. WAF's
   * logs are in us-east-1 with the web ACL (global stack).
   */
  readonly logBucket: Bucket;
  readonly backupPlan: BackupPlan;
  /** `https://{bucket}.s3.{region}.amazonaws.com`: where browsers POST uploads; concrete when the stack's env is */
  readonly uploadOrigin: string;
  readonly sessionSecret: Secret;
  /** `{ secretKey, webhookSecret }`, read by functions whose access has `stripe` */
  readonly stripeSecret: Secret;
  /** what CloudFront sends in `x-origin-verify` to the API, which refuses requests without it */
  readonly originVerifySecret: Secret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { stage } = props;

    // Built from the same definition the local stack gives DynamoDB Local.
    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEY.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEY.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: stage.isProduction,
      removalPolicy: stage.removalPolicy,
    });
    for (const index of TABLE_INDEXES) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

    this.logBucket = new Bucket(
      this,
      'LogBucket',
      privateBucketProps(stage, {
        // CloudFront's standard logs are delivered with an ACL grant to its log-delivery account,
        // which a bucket that enforces its owner refuses; S3's access logs use the bucket policy.
        objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
        lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(stage.accessLogDays), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      }),
    );
    // Logs about the other buckets and the distribution; logging the log bucket's own reads would log forever.
    acknowledgeNag(this.logBucket, 'S1', 'The log bucket itself: its own access logs would be logs of logs.');

    const assetBucketNameValue = assetBucketName(stage.name, this.account, this.region);
    this.assetBucketName = assetBucketNameValue;
    this.uploadOrigin = assetUploadOrigin(assetBucketNameValue, this.region);
    this.assetBucket = new Bucket(this, 'AssetBucket', {
      ...privateBucketProps(stage),
      // A stage first deployed with a generated name gets a new, empty bucket: README, Deploying.
      bucketName: assetBucketNameValue,
      // Browsers POST uploads straight to the bucket's regional endpoint (presigned POST): the
      // one cross-origin request of the product. Everything else reads through CloudFront.
      cors: [
        {
          allowedMethods: [HttpMethods.POST],
          allowedOrigins: props.siteOrigin ? [props.siteOrigin, ...(props.extensionIds ?? []).map((id) => `chrome-extension://${id}`)] : ['*'],
          allowedHeaders: ['*'],
          maxAge: 3600,
        },
      ],
      // Versioned: an overwritten or deleted screenshot, voiceover or export can be restored (the
      // runbook in infra/cdk/README.md) for NONCURRENT_VERSION_DAYS, then the old version goes.
      versioned: true,
      // Deletions go to EventBridge, where the web stack clears them from CloudFront's caches.
      eventBridgeEnabled: true,
      // Who read, wrote or deleted which object (presigned POSTs included), for an investigation.
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/assets/',
      lifecycleRules: [
        // An upload abandoned half-way is never billed for more than a week.
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(7) },
        // Uploads no slide claimed: never served (/assets/* refuses the prefix), gone after a day.
        { id: 'expire-pending-uploads', prefix: PENDING_UPLOAD_PREFIX, expiration: Duration.days(PENDING_UPLOAD_EXPIRY_DAYS) },
        {
          id: 'expire-old-versions',
          noncurrentVersionExpiration: Duration.days(NONCURRENT_VERSION_DAYS),
          // A delete marker with no versions left behind it is removed too.
          expiredObjectDeleteMarker: true,
        },
      ],
    });

    // The singleton CDK makes to turn on the bucket's EventBridge events, named by its own id.
    const notificationsHandler = this.node.tryFindChild('BucketNotificationsHandler050a0587b7544547bf325f094a3db834');
    if (notificationsHandler) {
      acknowledgeNag(notificationsHandler, 'IAM4', "CDK's bucket-notifications helper writes its own logs only.", [
        'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
      ]);
    }

    // Read only through CloudFront with origin access control. The grant names CloudFront
    // distributions of this account rather than the stage's own distribution: that one lives in
    // the web stack, which already depends on this stack, so naming its ARN here would be a
    // dependency cycle. The web stack therefore imports the bucket and leaves this policy alone.
    // Pending uploads and private guides' assets are never CloudFront's to read, whatever a path
    // or a function says: only presigned URLs of the functions reach them.
    this.assetBucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudFrontNeverReadsPendingOrPrivate',
        effect: Effect.DENY,
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.assetBucket.arnForObjects(`${PENDING_UPLOAD_PREFIX}*`), this.assetBucket.arnForObjects(`${PRIVATE_ASSET_PREFIX}*`)],
      }),
    );
    this.assetBucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudFrontReadsAssets',
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.assetBucket.arnForObjects('*')],
        conditions: {
          StringEquals: { 'AWS:SourceAccount': this.account },
          ArnLike: { 'AWS:SourceArn': `arn:${this.partition}:cloudfront::${this.account}:distribution/*` },
        },
      }),
    );

    // Signs session tokens. Generated by Secrets Manager and read by the functions at cold start,
    // so it never appears in a template. State, not configuration: replacing it signs everyone out.
    this.sessionSecret = new Secret(this, 'SessionSecret', {
      description: `Stepcast ${stage.name}: signs session tokens`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: stage.removalPolicy,
    });

    // Stripe's keys, which only the operator has: created with a placeholder that billing refuses
    // (no `sk_` prefix) and a random webhook secret nobody knows, so no webhook verifies until the
    // real value is put (README, Deploying). CloudFormation regenerates the value only when these
    // properties change: leave them alone, or the operator's keys are overwritten.
    this.stripeSecret = new Secret(this, 'StripeSecret', {
      description: `Stepcast ${stage.name}: Stripe keys as {"secretKey","webhookSecret"}, put by the operator`,
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ secretKey: STRIPE_SECRET_KEY_PLACEHOLDER }),
        generateStringKey: 'webhookSecret',
        passwordLength: 32,
        excludePunctuation: true,
      },
      removalPolicy: stage.removalPolicy,
    });

    // The API answers only requests that carry this value in x-origin-verify, which only CloudFront
    // sends: the execute-api endpoint stays reachable, but not usable, around
    // the CDN's WAF, headers and caching. Generated, never in a template; CloudFront's origin
    // config reads it by dynamic reference at deploy. To rotate it, put a new value and deploy
    // the web stack: functions re-read it within minutes (they cache it while warm).
    this.originVerifySecret = new Secret(this, 'OriginVerifySecret', {
      description: `Stepcast ${stage.name}: the x-origin-verify value CloudFront sends to the API`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: stage.removalPolicy,
    });

    // No automatic rotation, each for its reason: a new session key signs everyone out; Stripe's
    // keys are rolled in Stripe by the operator (README, Deploying); a new origin-verify value
    // must reach CloudFront's config in the same deploy, so it is rotated by putting a value and
    // deploying the web stack.
    for (const secret of [this.sessionSecret, this.stripeSecret, this.originVerifySecret]) {
      acknowledgeNag(secret, 'SMG4', 'Rotated by the operator on purpose: automatic rotation would sign users out or break CloudFront and Stripe until redeployed.');
    }

    this.backupPlan = this.addBackups(stage, props.backupCopyRegion ? backupCopyVaultArn(this, props.backupCopyRegion, stage.name) : undefined);

    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'The DynamoDB table' });
    new CfnOutput(this, 'LogBucketName', { value: this.logBucket.bucketName, description: 'CloudFront and S3 access logs' });
    new CfnOutput(this, 'AssetBucketName', { value: this.assetBucket.bucketName, description: 'The asset bucket' });
    new CfnOutput(this, 'StripeSecretArn', {
      value: this.stripeSecret.secretArn,
      description: 'Put the Stripe keys here: aws secretsmanager put-secret-value (README, Deploying)',
    });
  }

  /**
   * AWS Backup of the table and the asset bucket: a daily backup kept `backupRetentionDays`, and
   * on production a copy of each in the second region's vault, so losing the region (or the
   * account's access to it) does not lose the data. Point-in-time recovery (35 days) stays the
   * first tool for a bad write (docs/runbooks.md, Restoring).
   */
  private addBackups(stage: StageConfig, copyVaultArn: string | undefined): BackupPlan {
    const vault = new BackupVault(this, 'BackupVault', { backupVaultName: `stepcast-${stage.name}`, removalPolicy: stage.removalPolicy });
    const retention = Duration.days(backupRetentionDays(stage));
    const plan = new BackupPlan(this, 'BackupPlan', { backupPlanName: `stepcast-${stage.name}`, backupVault: vault });
    plan.addRule(
      new BackupPlanRule({
        ruleName: 'daily',
        // 03:00 UTC, the quietest hour across the product's time zones.
        scheduleExpression: Schedule.cron({ hour: '3', minute: '0' }),
        startWindow: Duration.hours(1),
        completionWindow: Duration.hours(8),
        deleteAfter: retention,
        copyActions: copyVaultArn
          ? [{ destinationBackupVault: BackupVault.fromBackupVaultArn(this, 'CopyVault', copyVaultArn), deleteAfter: retention }]
          : [],
      }),
    );
    // AWS Backup's own role for this plan: AWS's managed policies for backing up and restoring
    // DynamoDB and S3 (S3 has its own pair).
    const role = new Role(this, 'BackupRole', {
      assumedBy: new ServicePrincipal('backup.amazonaws.com'),
      managedPolicies: BACKUP_ROLE_POLICIES.map((name) => ManagedPolicy.fromAwsManagedPolicyName(`service-role/${name}`)),
    });
    acknowledgeNag(role, 'IAM4', "AWS Backup's managed policies for backing up and restoring DynamoDB and S3.", BACKUP_ROLE_POLICIES.map((name) => `Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/${name}`));
    plan.addSelection('TableAndAssets', {
      resources: [BackupResource.fromDynamoDbTable(this.table), BackupResource.fromArn(this.assetBucket.bucketArn)],
      role,
    });
    new CfnOutput(this, 'BackupVaultName', { value: vault.backupVaultName, description: 'Recovery points of the table and the asset bucket (docs/runbooks.md)' });
    return plan;
  }
}

/** The AWS managed policies (service-role/) AWS Backup's role needs for a table and a bucket. */
export const BACKUP_ROLE_POLICIES = [
  'AWSBackupServiceRolePolicyForBackup',
  'AWSBackupServiceRolePolicyForRestores',
  'AWSBackupServiceRolePolicyForS3Backup',
  'AWSBackupServiceRolePolicyForS3Restore',
];

/** The ARN of a production stage's copy vault, named by BackupCopyStack, in its region. */
export function backupCopyVaultArn(scope: Stack, region: string, stageName: string): string {
  return Arn.format({ service: 'backup', region, resource: 'backup-vault', resourceName: `stepcast-${stageName}-copy`, arnFormat: ArnFormat.COLON_RESOURCE_NAME }, scope);
}

