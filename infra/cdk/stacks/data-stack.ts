import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { TABLE_INDEXES, TABLE_KEY, TTL_ATTRIBUTE } from '../../table-definition';
import type { StageConfig } from '../stage';

export interface DataStackProps extends StackProps {
  readonly stage: StageConfig;
  /**
   * The site's origin (`https://stepcast.example.com`), the only origin allowed to POST uploads
   * straight to the bucket. @default '*' (any origin: the presigned POST policy, not CORS, is
   * what limits an upload)
   */
  readonly siteOrigin?: string;
}

/**
 * What Stepcast keeps: the one DynamoDB table and the asset bucket (screenshots, audio, social
 * images, exports). On `prod*` stages both survive the deletion of the stack.
 */
export class DataStack extends Stack {
  readonly table: Table;
  readonly assetBucket: Bucket;

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

    this.assetBucket = new Bucket(this, 'AssetBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      removalPolicy: stage.removalPolicy,
      // Outside production a stack deletion empties the bucket instead of failing on it.
      autoDeleteObjects: !stage.isProduction,
      // Browsers POST uploads straight to the bucket's regional endpoint (presigned POST): the
      // one cross-origin request of the product. Everything else reads through CloudFront.
      cors: [
        {
          allowedMethods: [HttpMethods.POST],
          allowedOrigins: [props.siteOrigin ?? '*'],
          allowedHeaders: ['*'],
          maxAge: 3600,
        },
      ],
      // An upload abandoned half-way is never billed for more than a week.
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(7) }],
    });

    // Read only through CloudFront with origin access control. The grant names CloudFront
    // distributions of this account rather than the stage's own distribution: that one lives in
    // the web stack, which already depends on this stack, so naming its ARN here would be a
    // dependency cycle. The web stack therefore imports the bucket and leaves this policy alone.
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

    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'The DynamoDB table' });
    new CfnOutput(this, 'AssetBucketName', { value: this.assetBucket.bucketName, description: 'The asset bucket' });
  }
}
