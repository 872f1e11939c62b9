import { BlockPublicAccess, BucketEncryption, ObjectOwnership, type BucketProps } from 'aws-cdk-lib/aws-s3';
import type { StageConfig } from '../stage';

/**
 * What every bucket of ours is, whatever else it holds: no public access, objects owned by the
 * bucket's account, encrypted at rest, reachable over TLS 1.2 or later only, kept when a
 * production stack goes and emptied with any other stage's. `props` adds to it or, where a
 * bucket must differ (the log bucket's ACL-based delivery), says so.
 */
export function privateBucketProps(stage: StageConfig, props: BucketProps = {}): BucketProps {
  return {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    minimumTLSVersion: 1.2,
    removalPolicy: stage.removalPolicy,
    autoDeleteObjects: !stage.isProduction,
    ...props,
  };
}
