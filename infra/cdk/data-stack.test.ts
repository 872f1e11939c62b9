import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TABLE_INDEXES, TABLE_KEY, TTL_ATTRIBUTE } from '../table-definition';
import { addStepcastStacks } from './stepcast';
import { onlyResource, synthStepcast, testApp } from './test-support';

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
    const policy = onlyResource(dev.data, 'AWS::S3::BucketPolicy', Policy);
    const allowed = policy.Properties.PolicyDocument.Statement.filter((s) => s.Effect === 'Allow');
    expect(allowed.map((s) => Object.keys(s.Principal)[0]).sort()).toEqual(['AWS', 'Service']);
    expect(allowed.find((s) => 'Service' in s.Principal)?.Principal['Service']).toBe('cloudfront.amazonaws.com');
    expect(JSON.stringify(allowed.find((s) => 'AWS' in s.Principal)?.Principal['AWS'])).toContain('CustomS3AutoDeleteObjects');
  });

  it('empties itself on deletion outside production, and is retained with its objects on prod*', () => {
    dev.data.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Delete' });
    dev.data.resourceCountIs('Custom::S3AutoDeleteObjects', 1);
    prod.data.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    prod.data.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
  });

  it('outputs the bucket name', () => {
    dev.data.hasOutput('AssetBucketName', { Value: { Ref: Match.stringLikeRegexp('^AssetBucket') } });
  });
});

describe('data stack: session secret', () => {
  it('is generated by Secrets Manager, 64 characters without punctuation, never in the template', () => {
    dev.data.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true },
    });
    const secret = onlyResource(dev.data, 'AWS::SecretsManager::Secret', z.object({ Properties: z.record(z.string(), z.unknown()) }));
    expect(Object.keys(secret.Properties)).not.toContain('SecretString');
  });

  it('is deleted with a dev stack and retained on prod*', () => {
    dev.data.hasResource('AWS::SecretsManager::Secret', { DeletionPolicy: 'Delete' });
    prod.data.hasResource('AWS::SecretsManager::Secret', { DeletionPolicy: 'Retain' });
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
