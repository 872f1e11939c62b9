import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TABLE_INDEXES, TABLE_KEY, TTL_ATTRIBUTE } from '../table-definition';
import { ContextError } from './stage';
import { NONCURRENT_VERSION_DAYS, STRIPE_SECRET_KEY_PLACEHOLDER, assetBucketName, assetUploadOrigin } from './stacks/data-stack';
import { addStepcastStacks } from './stepcast';
import { onlyResource, resourceById, synthStepcast, testApp } from './test-support';

const dev = synthStepcast({ stage: 'dev' });
const prod = synthStepcast({ stage: 'prod-eu' });

const TableResource = z.object({
  DeletionPolicy: z.string(),
  UpdateReplacePolicy: z.string(),
  Properties: z.object({ DeletionProtectionEnabled: z.boolean().optional() }),
});

describe('data stack: table', () => {
  it('has the pk/sk key, the GSIs of the table definition, TTL, on-demand billing and PITR', () => {
    dev.data.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE_KEY.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEY.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      GlobalSecondaryIndexes: TABLE_INDEXES.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
    expect(TTL_ATTRIBUTE).toBe('expiresAt');
    expect(TABLE_INDEXES.map((index) => index.indexName)).toEqual(['gsi1', 'gsi2']);
  });

  it('declares every key attribute as a string and nothing else', () => {
    const keys = [TABLE_KEY.partitionKey, TABLE_KEY.sortKey, ...TABLE_INDEXES.flatMap((i) => [i.partitionKey, i.sortKey])];
    dev.data.hasResourceProperties('AWS::DynamoDB::Table', {
      AttributeDefinitions: keys.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    });
  });

  it('is deletable outside production: no deletion protection, DeletionPolicy Delete', () => {
    const table = onlyResource(dev.data, 'AWS::DynamoDB::Table', TableResource);
    expect(table.DeletionPolicy).toBe('Delete');
    expect(table.Properties.DeletionProtectionEnabled ?? false).toBe(false);
  });

  it('is protected on prod* stages: deletion protection and Retain', () => {
    const table = onlyResource(prod.data, 'AWS::DynamoDB::Table', TableResource);
    expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
  });

  it('outputs the table name', () => {
    dev.data.hasOutput('TableName', { Value: { Ref: Match.stringLikeRegexp('^Table') } });
  });
});

describe('data stack: asset bucket', () => {
  it('blocks all public access, encrypts with S3-managed keys and owns its objects', () => {
    dev.data.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
    });
  });

  it('allows browsers to POST uploads from any origin unless appOrigin is given', () => {
    const rule = { AllowedMethods: ['POST'], AllowedOrigins: ['*'] };
    dev.data.hasResourceProperties('AWS::S3::Bucket', { CorsConfiguration: { CorsRules: [Match.objectLike(rule)] } });
    const pinned = synthStepcast({ stage: 'dev', appOrigin: 'https://stepcast.example.com' });
    pinned.data.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedMethods: ['POST'], AllowedOrigins: ['https://stepcast.example.com'] })],
      },
    });
    const withExtension = synthStepcast({ stage: 'dev', appOrigin: 'https://stepcast.example.com', extensionIds: ['dfgikpannlfopfknhfnhppmjclichfao'] });
    withExtension.data.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({ AllowedOrigins: ['https://stepcast.example.com', 'chrome-extension://dfgikpannlfopfknhfnhppmjclichfao'] }),
        ],
      },
    });
  });

  it('refuses plain HTTP and lets only CloudFront of this account read objects', () => {
    dev.data.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Principal: { AWS: '*' },
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: {
              StringEquals: { 'AWS:SourceAccount': '111111111111' },
              ArnLike: { 'AWS:SourceArn': Match.anyValue() },
            },
          }),
        ]),
      },
    });
  });

  it('grants no principal other than CloudFront and the auto-delete handler', () => {
    const Policy = z.object({
      Properties: z.object({
        PolicyDocument: z.object({
          Statement: z.array(z.object({ Effect: z.string(), Principal: z.record(z.string(), z.unknown()) })),
        }),
      }),
    });
    const policies = Object.values(dev.data.findResources('AWS::S3::BucketPolicy', { Properties: { Bucket: { Ref: Match.stringLikeRegexp('^AssetBucket') } } }));
    expect(policies).toHaveLength(1);
    const policy = Policy.parse(policies[0]);
    const allowed = policy.Properties.PolicyDocument.Statement.filter((s) => s.Effect === 'Allow');
    expect(allowed.map((s) => Object.keys(s.Principal)[0]).sort()).toEqual(['AWS', 'Service']);
    expect(allowed.find((s) => 'Service' in s.Principal)?.Principal['Service']).toBe('cloudfront.amazonaws.com');
    expect(JSON.stringify(allowed.find((s) => 'AWS' in s.Principal)?.Principal['AWS'])).toContain('CustomS3AutoDeleteObjects');
  });

  it('empties itself on deletion outside production, and is retained with its objects on prod*', () => {
    // The asset bucket and the log bucket.
    dev.data.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Delete' });
    dev.data.resourceCountIs('Custom::S3AutoDeleteObjects', 2);
    prod.data.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    prod.data.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
  });

  it('keeps old versions of objects for 30 days, then expires them, and drops orphaned delete markers', () => {
    for (const stage of [dev, prod]) {
      stage.data.hasResourceProperties('AWS::S3::Bucket', {
        VersioningConfiguration: { Status: 'Enabled' },
        LifecycleConfiguration: {
          Rules: Match.arrayWith([
            Match.objectLike({ Status: 'Enabled', AbortIncompleteMultipartUpload: { DaysAfterInitiation: 7 } }),
            Match.objectLike({
              Status: 'Enabled',
              NoncurrentVersionExpiration: { NoncurrentDays: NONCURRENT_VERSION_DAYS },
              ExpiredObjectDeleteMarker: true,
            }),
          ]),
        },
      });
    }
  });

  it('expires uploads no slide claimed after a day (the pending prefix)', () => {
    dev.data.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ Status: 'Enabled', Prefix: 'pending/', ExpirationInDays: 1 })]),
      },
    });
  });

  it('never lets CloudFront read pending uploads or private guides\' assets', () => {
    dev.data.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Sid: 'CloudFrontNeverReadsPendingOrPrivate',
            Effect: 'Deny',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Resource: [
              { 'Fn::Join': ['', [Match.objectLike({ 'Fn::GetAtt': Match.anyValue() }), '/pending/*']] },
              { 'Fn::Join': ['', [Match.objectLike({ 'Fn::GetAtt': Match.anyValue() }), '/private/*']] },
            ],
          }),
        ]),
      },
    });
  });

  it('outputs the bucket name', () => {
    dev.data.hasOutput('AssetBucketName', { Value: { Ref: Match.stringLikeRegexp('^AssetBucket') } });
  });

  it('has a name fixed by stage, account and region, so its upload origin is a plain string at synth', () => {
    dev.data.hasResourceProperties('AWS::S3::Bucket', { BucketName: 'stepcast-dev-assets-111111111111-us-east-1' });
    expect(dev.stacks.data.uploadOrigin).toBe('https://stepcast-dev-assets-111111111111-us-east-1.s3.us-east-1.amazonaws.com');
    const ireland = synthStepcast({ stage: 'prod-eu', env: { account: '123456789012', region: 'eu-west-1' } });
    ireland.data.hasResourceProperties('AWS::S3::Bucket', { BucketName: 'stepcast-prod-eu-assets-123456789012-eu-west-1' });
    expect(ireland.stacks.data.uploadOrigin).toBe('https://stepcast-prod-eu-assets-123456789012-eu-west-1.s3.eu-west-1.amazonaws.com');
  });

  it('spells the upload origin of a China region with its own domain', () => {
    expect(assetUploadOrigin('b', 'cn-north-1')).toBe('https://b.s3.cn-north-1.amazonaws.com.cn');
  });

  it.each([
    ['abcdefghijklmnopqrst', 'us-east-1', true],
    ['abcdefghijklmnopqrst', 'ap-southeast-4', false],
    ['abcdefghijklmnopqrs', 'ap-southeast-4', true],
  ])('a stage of %s in %s makes a valid bucket name: %s (63 characters at most)', (stage, region, valid) => {
    const name = () => assetBucketName(stage, '123456789012', region);
    if (valid) expect(name()).toMatch(/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/);
    else expect(name).toThrow(ContextError);
  });
});

const SecretResource = z.object({
  DeletionPolicy: z.string(),
  Properties: z.object({
    GenerateSecretString: z.record(z.string(), z.unknown()).optional(),
    SecretString: z.unknown().optional(),
  }),
});
/** The secret whose logical id starts with `prefix` (its construct id). */
function secret(template: typeof dev.data, prefix: string): z.output<typeof SecretResource> {
  const ids = Object.keys(template.findResources('AWS::SecretsManager::Secret')).filter((id) => id.startsWith(prefix));
  expect(ids).toHaveLength(1);
  return resourceById(template, ids[0]!, SecretResource);
}

describe('data stack: secrets', () => {
  it('has exactly the session secret, the Stripe secret and the origin-verify secret', () => {
    expect(Object.keys(dev.data.findResources('AWS::SecretsManager::Secret')).map((id) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual([
      'OriginVerifySecret',
      'SessionSecret',
      'StripeSecret',
    ]);
  });

  it('origin verify: generated by Secrets Manager, 48 characters without punctuation (a header value), never in the template', () => {
    const verify = secret(dev.data, 'OriginVerifySecret');
    expect(verify.Properties.GenerateSecretString).toEqual({ PasswordLength: 48, ExcludePunctuation: true });
    expect(verify.Properties.SecretString).toBeUndefined();
  });

  it('session: generated by Secrets Manager, 64 characters without punctuation, never in the template', () => {
    const session = secret(dev.data, 'SessionSecret');
    expect(session.Properties.GenerateSecretString).toEqual({ PasswordLength: 64, ExcludePunctuation: true });
    expect(session.Properties.SecretString).toBeUndefined();
  });

  it("Stripe: a placeholder secret key billing refuses and a random webhook secret, so nothing verifies until the operator's keys are put", () => {
    const stripe = secret(dev.data, 'StripeSecret');
    expect(stripe.Properties.SecretString).toBeUndefined();
    expect(stripe.Properties.GenerateSecretString).toEqual({
      SecretStringTemplate: JSON.stringify({ secretKey: STRIPE_SECRET_KEY_PLACEHOLDER }),
      GenerateStringKey: 'webhookSecret',
      PasswordLength: 32,
      ExcludePunctuation: true,
    });
    // billing reads { secretKey, webhookSecret } and takes only an `sk_` key to Stripe
    expect(STRIPE_SECRET_KEY_PLACEHOLDER.startsWith('sk_')).toBe(false);
  });

  it.each(['SessionSecret', 'StripeSecret'])('%s: deleted with a dev stack and retained on prod*', (prefix) => {
    expect(secret(dev.data, prefix).DeletionPolicy).toBe('Delete');
    expect(secret(prod.data, prefix).DeletionPolicy).toBe('Retain');
  });

  it("outputs the Stripe secret's ARN, where the operator puts the keys", () => {
    dev.data.hasOutput('StripeSecretArn', { Value: { Ref: Match.stringLikeRegexp('^StripeSecret') } });
  });
});

describe('stages', () => {
  it('names the stacks after the stage and protects prod* stacks from termination', () => {
    expect([dev.stacks.data.stackName, dev.stacks.api.stackName, dev.stacks.web.stackName]).toEqual([
      'stepcast-dev-data',
      'stepcast-dev-api',
      'stepcast-dev-web',
    ]);
    expect(dev.stacks.data.terminationProtection).toBe(false);
    expect(prod.stacks.data.terminationProtection).toBe(true);
  });

  it.each(['Prod', '1dev', 'dev_1', '', 'a'.repeat(21)])('refuses the stage name %j', (stage) => {
    expect(() => addStepcastStacks(testApp(), { stage })).toThrow(/Invalid stage/);
  });
});
