import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** How often scheduled drift checks that are due get started: a daily check runs within this of its time. */
export const DRIFT_SWEEP_RATE = 'rate(15 minutes)';

/**
 * EventBridge Scheduler sends the drift worker's queue `{ "sweep": true }` on a fixed rate; the
 * worker starts every guide's scheduled check that is due (functions/domain/drift/check.ts
 * startDue). The scheduler's role may send to that queue and nothing else.
 */
export class DriftSweep extends Construct {
  readonly schedule: CfnSchedule;

  constructor(scope: Construct, id: string, props: { queue: IQueue; description: string }) {
    super(scope, id);
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('scheduler.amazonaws.com'), description: props.description });
    props.queue.grantSendMessages(role);
    this.schedule = new CfnSchedule(this, 'Schedule', {
      description: props.description,
      scheduleExpression: DRIFT_SWEEP_RATE,
      flexibleTimeWindow: { mode: 'OFF' },
      target: { arn: props.queue.queueArn, roleArn: role.roleArn, input: JSON.stringify({ sweep: true }) },
    });
  }
}
