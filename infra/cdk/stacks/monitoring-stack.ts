import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AlarmStatusWidget,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  Stats,
  type Alarm,
  type IMetric,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import { Operation, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { AlarmTopic } from '../constructs/alarm-topic';
import type { StageConfig } from '../stage';
import type { ApiStack } from './api-stack';
import { GLOBAL_REGION } from './global-stack';
import type { WebStack } from './web-stack';

/** The route Stripe posts its events to; a failed delivery is a response of 400 or more there. */
export const STRIPE_WEBHOOK_ROUTE_KEY = 'POST /api/stripe/webhook';
/** Custom metrics of a stage, from its logs: one namespace per stage, so stages of one account stay apart. */
export function metricNamespace(stage: string): string {
  return `Stepcast/${stage}`;
}

/**
 * The thresholds, in one place so the README and the tests read the same numbers. Rates and
 * percentiles over several five-minute periods, not single events: one failed invocation among
 * thousands is noise; a share of them, or a slow tail, that lasts, is an incident.
 */
export const ALARM_THRESHOLDS = {
  /** % of API requests answered 5xx, over two five-minute periods with at least 20 requests */
  apiServerErrorRatePercent: 2,
  apiMinimumRequests: 20,
  /** p99 of API Gateway's latency, three periods in a row */
  apiP99LatencyMs: 3000,
  /** % of a function's invocations that failed, two periods in a row, with at least this many invocations */
  lambdaErrorRatePercent: 5,
  lambdaMinimumInvocations: 10,
  /** p99 of an API function's duration as a share of its timeout, three periods in a row: close to timing out */
  lambdaP99DurationOfTimeoutPercent: 80,
  /** throttled invocations in each of two periods (API functions share the account's concurrency) */
  lambdaThrottles: 5,
  /** the oldest message of a worker queue, at least this or twice the worker's timeout */
  queueOldestMessageSeconds: 600,
  /** any message in a dead-letter queue: a job that failed every delivery, which a user waits for */
  deadLetterMessages: 1,
  /** DynamoDB throttled requests and system errors, in each of two periods */
  dynamoThrottles: 5,
  dynamoSystemErrors: 5,
  /** Stripe webhook deliveries refused or failed, over three periods (Stripe retries for days) */
  stripeWebhookFailures: 3,
  /** % of CloudFront answers that are 5xx, over two periods */
  cloudFrontServerErrorRatePercent: 5,
  /** the share page's Lambda@Edge: errors CloudFront saw from it, in each of two periods */
  edgeFunctionErrors: 5,
} as const;

/** DynamoDB operations the product uses, for the system-error alarm (an alarm takes at most 10 metrics). */
const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.QUERY,
  Operation.BATCH_GET_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
  Operation.TRANSACT_GET_ITEMS,
];

/** The runbook section (docs/runbooks.md `#anchor`) of each kind of alarm. */
export const RUNBOOK_SECTIONS = {
  apiErrors: 'api-server-errors',
  apiLatency: 'api-latency',
  functionErrors: 'function-errors',
  functionDuration: 'function-duration',
  functionThrottles: 'function-throttles',
  queueBacklog: 'queue-backlog',
  deadLetters: 'dead-letters',
  table: 'dynamodb-throttles-and-errors',
  stripeWebhooks: 'stripe-webhook-failures',
  cloudFront: 'cloudfront-server-errors',
  edgeFunction: 'share-edge-function-errors',
  invalidation: 'cdn-invalidation',
  canary: 'canary-rollback',
} as const;

export interface MonitoringStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly api: ApiStack;
  /** the distribution, its share-page edge function and the asset invalidation worker */
  readonly web: WebStack;
  readonly table: ITable;
  /** who is mailed when an alarm fires or recovers. @default no subscription */
  readonly alarmEmail?: string;
  /** what each alarm's description links. @default docs/runbooks.md */
  readonly runbookUrl?: string;
}

/**
 * What an on-call engineer watches: every alarm to one SNS topic (mailed to the stage's alarm
 * address), each naming its runbook section, and one dashboard per stage with the same metrics.
 */
export class MonitoringStack extends Stack {
  readonly alarmTopic: AlarmTopic;
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { stage, api, web, table } = props;
    const t = ALARM_THRESHOLDS;
    const r = RUNBOOK_SECTIONS;
    this.alarmTopic = new AlarmTopic(this, 'Alarms', { stage, email: props.alarmEmail, ...(props.runbookUrl ? { runbookUrl: props.runbookUrl } : {}) });
    const alarm = (...args: Parameters<AlarmTopic['alarm']>) => {
      const made = this.alarmTopic.alarm(...args);
      this.alarms.push(made);
      return made;
    };
    const fiveMinutes = Duration.minutes(5);
    const safe = (name: string) => name.replace(/[^A-Za-z0-9]/g, '');

    // API Gateway
    const requests = api.httpApi.metricCount({ period: fiveMinutes, statistic: Stats.SUM });
    const serverErrors = api.httpApi.metricServerError({ period: fiveMinutes, statistic: Stats.SUM });
    const serverErrorRate = new MathExpression({
      label: 'API 5xx %',
      expression: `IF(requests >= ${t.apiMinimumRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      period: fiveMinutes,
    });
    const latencyP99 = api.httpApi.metricLatency({ period: fiveMinutes, statistic: Stats.percentile(99) });
    alarm(this, 'ApiServerErrorRate', serverErrorRate, `API: ${t.apiServerErrorRatePercent}% or more of requests answered 5xx for 10 minutes`, {
      threshold: t.apiServerErrorRatePercent,
      periods: 2,
      runbook: r.apiErrors,
    });
    alarm(this, 'ApiLatencyP99', latencyP99, `API: p99 latency ${t.apiP99LatencyMs} ms or more for 15 minutes`, {
      threshold: t.apiP99LatencyMs,
      periods: 3,
      runbook: r.apiLatency,
    });

    // Every Lambda: the API's functions, the workers and the asset invalidation worker.
    const functions: Array<{ name: string; fn: IFunction; timeoutSeconds?: number }> = [
      ...Object.entries(api.functions).map(([name, fn]) => ({ name, fn, timeoutSeconds: fn.timeout?.toSeconds() })),
      ...Object.entries(api.workers).map(([name, worker]) => ({ name: `${name} worker`, fn: worker.fn })),
      { name: 'cdn invalidation worker', fn: web.assetInvalidation.fn },
    ];
    for (const { name, fn, timeoutSeconds } of functions) {
      const errorRate = new MathExpression({
        label: `${name} errors %`,
        expression: `IF(invocations >= ${t.lambdaMinimumInvocations}, 100 * errors / invocations, 0)`,
        usingMetrics: { errors: fn.metricErrors({ statistic: Stats.SUM, period: fiveMinutes }), invocations: fn.metricInvocations({ statistic: Stats.SUM, period: fiveMinutes }) },
        period: fiveMinutes,
      });
      alarm(this, `${safe(name)}ErrorRate`, errorRate, `Lambda ${name}: ${t.lambdaErrorRatePercent}% or more of invocations failed for 10 minutes`, {
        threshold: t.lambdaErrorRatePercent,
        periods: 2,
        runbook: name === 'cdn invalidation worker' ? r.invalidation : r.functionErrors,
      });
      alarm(this, `${safe(name)}Throttles`, fn.metricThrottles({ statistic: Stats.SUM, period: fiveMinutes }), `Lambda ${name}: ${t.lambdaThrottles} or more invocations throttled in each of 10 minutes`, {
        threshold: t.lambdaThrottles,
        periods: 2,
        runbook: r.functionThrottles,
      });
      if (timeoutSeconds !== undefined) {
        const limitMs = Math.round((timeoutSeconds * 1000 * t.lambdaP99DurationOfTimeoutPercent) / 100);
        alarm(this, `${safe(name)}DurationP99`, fn.metricDuration({ statistic: Stats.percentile(99), period: fiveMinutes }), `Lambda ${name}: p99 duration ${limitMs} ms (${t.lambdaP99DurationOfTimeoutPercent}% of its timeout) or more for 15 minutes`, {
          threshold: limitMs,
          periods: 3,
          runbook: r.functionDuration,
        });
      }
    }

    // Queues: the workers' and the asset invalidation's.
    const queues: Array<{ name: string; queue: IQueue; deadLetterQueue: IQueue; timeoutSeconds: number; runbook: string }> = [
      ...Object.entries(api.workers).map(([name, worker]) => ({
        name,
        queue: worker.queue,
        deadLetterQueue: worker.deadLetterQueue,
        timeoutSeconds: worker.fn.timeout?.toSeconds() ?? 0,
        runbook: r.deadLetters,
      })),
      {
        name: 'cdn invalidation',
        queue: web.assetInvalidation.queue,
        deadLetterQueue: web.assetInvalidation.deadLetterQueue,
        timeoutSeconds: web.assetInvalidation.fn.timeout?.toSeconds() ?? 0,
        runbook: r.invalidation,
      },
    ];
    for (const { name, queue, deadLetterQueue, timeoutSeconds, runbook } of queues) {
      const oldest = Math.max(t.queueOldestMessageSeconds, 2 * timeoutSeconds);
      alarm(this, `${safe(name)}QueueOldestMessage`, queue.metricApproximateAgeOfOldestMessage({ statistic: Stats.MAXIMUM }), `Queue ${name}: a message has waited ${oldest} s or more`, {
        threshold: oldest,
        runbook: r.queueBacklog,
      });
      alarm(this, `${safe(name)}DeadLetters`, deadLetterQueue.metricApproximateNumberOfMessagesVisible({ statistic: Stats.MAXIMUM }), `Queue ${name}: messages in the dead-letter queue (every delivery failed)`, {
        threshold: t.deadLetterMessages,
        runbook,
      });
    }

    // DynamoDB
    const tableThrottles = new MathExpression({
      label: 'DynamoDB throttled events',
      expression: 'reads + writes',
      usingMetrics: {
        reads: table.metric('ReadThrottleEvents', { statistic: Stats.SUM }),
        writes: table.metric('WriteThrottleEvents', { statistic: Stats.SUM }),
      },
      period: fiveMinutes,
    });
    const tableSystemErrors = table.metricSystemErrorsForOperations({ operations: TABLE_OPERATIONS, period: fiveMinutes });
    alarm(this, 'TableThrottles', tableThrottles, `DynamoDB: ${t.dynamoThrottles} or more requests throttled in each of 10 minutes`, { threshold: t.dynamoThrottles, periods: 2, runbook: r.table });
    alarm(this, 'TableSystemErrors', tableSystemErrors, `DynamoDB: ${t.dynamoSystemErrors} or more system errors (500s from DynamoDB) in each of 10 minutes`, {
      threshold: t.dynamoSystemErrors,
      periods: 2,
      runbook: r.table,
    });

    // Stripe webhooks, from the API's JSON access log: a delivery answered 400 or more failed.
    const webhookFailures = new MetricFilter(this, 'StripeWebhookFailuresFilter', {
      logGroup: api.accessLogs,
      filterPattern: FilterPattern.all(
        FilterPattern.stringValue('$.routeKey', '=', STRIPE_WEBHOOK_ROUTE_KEY),
        FilterPattern.numberValue('$.status', '>=', 400),
      ),
      metricNamespace: metricNamespace(stage.name),
      metricName: 'StripeWebhookFailures',
      metricValue: '1',
    });
    const webhookFailureMetric = webhookFailures.metric({ statistic: Stats.SUM, period: fiveMinutes });
    alarm(this, 'StripeWebhookFailures', webhookFailureMetric, 'Stripe webhooks: deliveries refused or failed for 15 minutes', {
      threshold: 1,
      periods: t.stripeWebhookFailures,
      runbook: r.stripeWebhooks,
    });

    // CloudFront and the share page's Lambda@Edge: CloudFront's metrics exist in us-east-1 only
    // (and an alarm watches its own region); the edge function's errors are counted by CloudFront
    // whichever region ran it, and by Lambda under `us-east-1.{name}` in each of those regions.
    const distributionId = web.distribution.distributionId;
    const cloudFront = (metricName: string, statistic: string) =>
      new Metric({ namespace: 'AWS/CloudFront', metricName, dimensionsMap: { DistributionId: distributionId, Region: 'Global' }, statistic, period: fiveMinutes, region: GLOBAL_REGION });
    const cloudFrontErrorRate = cloudFront('5xxErrorRate', Stats.AVERAGE);
    const edgeErrors = new MathExpression({
      label: 'Share page edge function errors',
      expression: 'execution + validation',
      usingMetrics: { execution: cloudFront('LambdaExecutionError', Stats.SUM), validation: cloudFront('LambdaValidationError', Stats.SUM) },
      period: fiveMinutes,
    });
    if (this.region === GLOBAL_REGION) {
      alarm(this, 'CloudFrontServerErrorRate', cloudFrontErrorRate, `CloudFront: ${t.cloudFrontServerErrorRatePercent}% or more answers 5xx for 10 minutes`, {
        threshold: t.cloudFrontServerErrorRatePercent,
        periods: 2,
        runbook: r.cloudFront,
      });
      alarm(this, 'ShareEdgeFunctionErrors', edgeErrors, `Share page (Lambda@Edge): ${t.edgeFunctionErrors} or more failed or invalid answers in each of 10 minutes`, {
        threshold: t.edgeFunctionErrors,
        periods: 2,
        runbook: r.edgeFunction,
      });
    }

    const graph = (title: string, left: IMetric[]): IWidget =>
      new GraphWidget({ title, left, width: 12, height: 6 });
    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `stepcast-${stage.name}`,
      defaultInterval: Duration.hours(6),
    });
    this.dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }));
    this.dashboard.addWidgets(
      graph('API requests and 5xx', [requests, serverErrors]),
      graph('API 5xx % and p99 latency (ms)', [serverErrorRate, latencyP99]),
    );
    this.dashboard.addWidgets(
      graph('Lambda errors', functions.map(({ name, fn }) => fn.metricErrors({ statistic: Stats.SUM, label: name }))),
      graph('Lambda throttles', functions.map(({ name, fn }) => fn.metricThrottles({ statistic: Stats.SUM, label: name }))),
    );
    this.dashboard.addWidgets(
      graph('Queues: oldest message (s)', queues.map(({ name, queue }) => queue.metricApproximateAgeOfOldestMessage({ label: name }))),
      graph('Dead-letter queues: messages', queues.map(({ name, deadLetterQueue }) => deadLetterQueue.metricApproximateNumberOfMessagesVisible({ label: name }))),
    );
    this.dashboard.addWidgets(
      graph('DynamoDB throttles and system errors', [tableThrottles, tableSystemErrors]),
      graph('Stripe webhook failures, CloudFront 5xx % and edge errors', [webhookFailureMetric, cloudFrontErrorRate, edgeErrors]),
    );
  }
}
