import { Duration, Stack } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage';
import { StepcastFunction } from './stepcast-function';

/** How long a batch of deletions may gather before it is cleared: the longest an edge may still serve a deleted object (plus CloudFront's own minutes). */
export const INVALIDATION_BATCH_WINDOW_SECONDS = 20;
/** Deletions cleared in one invalidation at most (a guide's deletion removes hundreds of objects). */
export const INVALIDATION_BATCH_SIZE = 1_000;
const FUNCTION_TIMEOUT_SECONDS = 30;
/**
 * The queue's name, fixed per stage: the API stack names it to send share answers to clear
 * (functions/domain/platform/share-cache.ts) without a reference to this stack, which depends on the API.
 */
export function cdnInvalidationQueueName(stageName: string): string {
  return `stepcast-${stageName}-cdn-invalidation`;
}

/** Batches cleared at once at most: CloudFront allows 15 wildcard invalidations in progress per distribution. */
export const INVALIDATION_MAX_CONCURRENCY = 2;

/**
 * Deleted assets leave CloudFront's caches too (functions/domain/platform/cdn-invalidation.ts): the asset
 * bucket sends its "Object Deleted" events to EventBridge, a rule puts them on a queue, and a
 * function takes them in batches and makes one invalidation of those paths each. It lives in the
 * web stack, beside the distribution it clears, and reads the bucket only by name: no reference
 * from the data stack to this one.
 */
export class AssetInvalidation extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly fn: StepcastFunction;

  constructor(scope: Construct, id: string, props: { bucket: IBucket; distribution: IDistribution; stage: StageConfig }) {
    super(scope, id);
    const { stage } = props;
    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: stage.removalPolicy,
    });
    this.queue = new Queue(this, 'Queue', {
      queueName: cdnInvalidationQueueName(stage.name),
      // AWS's advice for an SQS event source: six times the function's timeout.
      visibilityTimeout: Duration.seconds(FUNCTION_TIMEOUT_SECONDS * 6),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: 5 },
      removalPolicy: stage.removalPolicy,
    });
    new Rule(this, 'Deletions', {
      description: `Stepcast ${stage.name}: deleted assets, to clear from CloudFront`,
      // Deletions someone asked for: the lifecycle's expirations (old versions, orphaned delete
      // markers, pending uploads) were never what /assets serves (cdn-invalidation.ts skips them too).
      eventPattern: { source: ['aws.s3'], detailType: ['Object Deleted'], detail: { bucket: { name: [props.bucket.bucketName] }, reason: ['DeleteObject'] } },
      targets: [new SqsQueue(this.queue)],
    });
    this.fn = new StepcastFunction(this, 'Fn', {
      entry: 'functions/workers/cdn-invalidation.ts',
      timeoutSeconds: FUNCTION_TIMEOUT_SECONDS,
      maxTimeoutSeconds: 900,
      description: `Stepcast ${stage.name}: clears deleted assets from CloudFront`,
      logRetention: stage.logRetention,
      logRemovalPolicy: stage.removalPolicy,
      environment: { DISTRIBUTION_ID: props.distribution.distributionId },
    });
    this.fn.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: INVALIDATION_BATCH_SIZE,
        maxBatchingWindow: Duration.seconds(INVALIDATION_BATCH_WINDOW_SECONDS),
        maxConcurrency: INVALIDATION_MAX_CONCURRENCY,
      }),
    );
    const stack = Stack.of(this);
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['cloudfront:CreateInvalidation'],
        resources: [`arn:${stack.partition}:cloudfront::${stack.account}:distribution/${props.distribution.distributionId}`],
      }),
    );
  }
}
