import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage';

/** What an alarm's description ends with: where its runbook section is (`docs/runbooks.md#section`, or the configured URL's). */
export function runbookLink(runbookUrl: string, section: string): string {
  return `Runbook: ${runbookUrl}#${section}`;
}

export interface AlarmTopicProps {
  readonly stage: StageConfig;
  /** who is told; SNS mails a confirmation link first. @default no subscription (add one in the console) */
  readonly email?: string;
  /** the runbook alarm descriptions link. @default docs/runbooks.md */
  readonly runbookUrl?: string;
}

/** How an alarm compares: at or above the threshold, over `periods` periods of the metric (five minutes unless it says). */
export interface AlarmRule {
  readonly threshold: number;
  /** @default 1 */
  readonly periods?: number;
  /** the section of docs/runbooks.md that says what to do (its `#anchor`) */
  readonly runbook: string;
}

/**
 * The SNS topic a stage's alarms go to, with the operator's e-mail subscribed, and a helper that
 * makes every alarm the same way: notify on alarm and on recovery, missing data is fine (no
 * traffic is not an incident).
 */
export class AlarmTopic extends Construct {
  readonly topic: Topic;
  private readonly action: SnsAction;
  private readonly runbookUrl: string;

  constructor(scope: Construct, id: string, props: AlarmTopicProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', {
      displayName: `Stepcast ${props.stage.name} alarms`,
      enforceSSL: true,
    });
    // CloudWatch publishes the alarms; nothing else may.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        actions: ['sns:Publish'],
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        resources: [this.topic.topicArn],
      }),
    );
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    this.action = new SnsAction(this.topic);
    this.runbookUrl = props.runbookUrl ?? 'docs/runbooks.md';
  }

  /** An alarm on `metric` (at or above the rule's threshold) that notifies this topic; its description ends with its runbook's link. */
  alarm(scope: Construct, id: string, metric: IMetric, description: string, rule: AlarmRule): Alarm {
    const alarm = new Alarm(scope, id, {
      metric,
      alarmDescription: `${description}. ${runbookLink(this.runbookUrl, rule.runbook)}`,
      threshold: rule.threshold,
      evaluationPeriods: rule.periods ?? 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    return alarm;
  }
}
