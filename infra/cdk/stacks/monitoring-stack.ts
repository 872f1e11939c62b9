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
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { AlarmTopic } from '../constructs/alarm-topic';
import type { StageConfig } from '../stage';
import type { ApiStack } from './api-stack';
import { GLOBAL_REGION } from './global-stack';

/** The route Stripe posts its events to; a failed delivery is a response of 400 or more there. */
export const STRIPE_WEBHOOK_ROUTE_KEY = 'POST /api/stripe/webhook';
/** Custom metrics of a stage, from its logs: one namespace per stage, so stages of one account stay apart. */
export function metricNamespace(stage: string): string {
  return `Stepcast/${stage}`;
}

/** The thresholds, in one place so the README and the tests read the same numbers. */
export const ALARM_THRESHOLDS = {
  /** % of API requests answered 5xx, over two five-minute periods with at least 20 requests */
  apiServerErrorRatePercent: 2,
  apiMinimumRequests: 20,
  /** p99 of API Gateway's latency, three periods in a row */
  apiP99LatencyMs: 3000,
  /** a function's failed or throttled invocations in five minutes */
  lambdaErrors: 1,
  lambdaThrottles: 1,
  /** the oldest message of a worker queue, at least this or twice the worker's timeout */
  queueOldestMessageSeconds: 600,
  /** any message in a dead-letter queue */
  deadLetterMessages: 1,
  /** DynamoDB throttled requests and system errors in five minutes */
  dynamoThrottles: 1,
  dynamoSystemErrors: 1,
  /** Stripe webhook deliveries refused or failed, over three periods (Stripe retries for days) */
  stripeWebhookFailures: 3,
  /** % of CloudFront answers that are 5xx, over two periods */
  cloudFrontServerErrorRatePercent: 5,
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

export interface MonitoringStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly api: ApiStack;
  readonly table: ITable;
  /** the CloudFront distribution's id, for its 5xx rate */
  readonly distributionId: string;
  /** who is mailed when an alarm fires or recovers. @default no subscription */
  readonly alarmEmail?: string;
}

/**
 * What an on-call engineer watches: every alarm to one SNS topic (mailed to the
 * stage's alarm address), and one dashboard per stage with the same metrics.
 */
export class MonitoringStack extends Stack {
  readonly alarmTopic: AlarmTopic;
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { stage, api, table } = props;
    const t = ALARM_THRESHOLDS;
    this.alarmTopic = new AlarmTopic(this, 'Alarms', { stage, email: props.alarmEmail });
    const alarm = (...args: Parameters<AlarmTopic['alarm']>) => {
      const made = this.alarmTopic.alarm(...args);
      this.alarms.push(made);
      return made;
    };
    const fiveMinutes = Duration.minutes(5);

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
    alarm(this, 'ApiServerErrorRate', serverErrorRate, `API: ${t.apiServerErrorRatePercent}% or more of requests answered 5xx`, {
      threshold: t.apiServerErrorRatePercent,
      periods: 2,
    });
    alarm(this, 'ApiLatencyP99', latencyP99, `API: p99 latency ${t.apiP99LatencyMs} ms or more for 15 minutes`, {
      threshold: t.apiP99LatencyMs,
      periods: 3,
    });

    // Every Lambda: the API's functions and the workers.
    const functions = [
      ...Object.entries(api.functions).map(([name, fn]) => ({ name, fn })),
      ...Object.entries(api.workers).map(([name, worker]) => ({ name: `${name} worker`, fn: worker.fn })),
    ];
    const safe = (name: string) => name.replace(/[^A-Za-z0-9]/g, '');
    for (const { name, fn } of functions) {
      alarm(this, `${safe(name)}Errors`, fn.metricErrors({ statistic: Stats.SUM }), `Lambda ${name}: invocations failed`, {
        threshold: t.lambdaErrors,
      });
      alarm(this, `${safe(name)}Throttles`, fn.metricThrottles({ statistic: Stats.SUM }), `Lambda ${name}: invocations throttled`, {
        threshold: t.lambdaThrottles,
      });
    }

    // Worker queues
    for (const [name, worker] of Object.entries(api.workers)) {
      const oldest = Math.max(t.queueOldestMessageSeconds, 2 * worker.fn.timeout!.toSeconds());
      alarm(
        this,
        `${safe(name)}QueueOldestMessage`,
        worker.queue.metricApproximateAgeOfOldestMessage({ statistic: Stats.MAXIMUM }),
        `Queue ${name}: a message has waited ${oldest} s or more`,
        { threshold: oldest },
      );
      alarm(
        this,
        `${safe(name)}DeadLetters`,
        worker.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ statistic: Stats.MAXIMUM }),
        `Queue ${name}: messages in the dead-letter queue (every delivery failed)`,
        { threshold: t.deadLetterMessages },
      );
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
    alarm(this, 'TableThrottles', tableThrottles, 'DynamoDB: requests throttled', { threshold: t.dynamoThrottles });
    alarm(this, 'TableSystemErrors', tableSystemErrors, 'DynamoDB: system errors (500s from DynamoDB)', {
      threshold: t.dynamoSystemErrors,
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
    });

    // CloudFront: its metrics exist in us-east-1 only, and an alarm watches its own region.
    const cloudFrontErrorRate = new Metric({
      namespace: 'AWS/CloudFront',
      metricName: '5xxErrorRate',
      dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
      statistic: Stats.AVERAGE,
      period: fiveMinutes,
      region: GLOBAL_REGION,
    });
    if (this.region === GLOBAL_REGION) {
      alarm(this, 'CloudFrontServerErrorRate', cloudFrontErrorRate, `CloudFront: ${t.cloudFrontServerErrorRatePercent}% or more answers 5xx`, {
        threshold: t.cloudFrontServerErrorRatePercent,
        periods: 2,
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
    const workers = Object.entries(api.workers);
    if (workers.length > 0) {
      this.dashboard.addWidgets(
        graph('Queues: oldest message (s)', workers.map(([name, w]) => w.queue.metricApproximateAgeOfOldestMessage({ label: name }))),
        graph(
          'Dead-letter queues: messages',
          workers.map(([name, w]) => w.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ label: name })),
        ),
      );
    }
    this.dashboard.addWidgets(
      graph('DynamoDB throttles and system errors', [tableThrottles, tableSystemErrors]),
      graph('Stripe webhook failures and CloudFront 5xx %', [webhookFailureMetric, cloudFrontErrorRate]),
    );
  }
}
