import { CfnElement, Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag (AWS Solutions checks, run by nag.test.ts) acknowledgements. A rule that reports one
 * finding per wildcard is acknowledged finding by finding (`AwsSolutions-IAM5[Action::s3:List*]`),
 * so a new wildcard is reported rather than swallowed. Callers state why in a comment beside the
 * grant that causes the finding, and in `reason`.
 */
export function acknowledgeNag(scope: IConstruct, rule: string, reason: string, findings?: readonly string[]): void {
  const validations = Validations.of(scope);
  if (!findings) {
    validations.acknowledge({ id: `AwsSolutions-${rule}`, reason });
    return;
  }
  for (const finding of findings) validations.acknowledge({ id: `AwsSolutions-${rule}[${finding}]`, reason });
}

/** How cdk-nag spells an attribute of a resource in a finding: `<LogicalId.Arn>`. */
export function nagAttribute(resource: IConstruct, attribute = 'Arn'): string {
  const cfn = resource.node.defaultChild;
  if (!(cfn instanceof CfnElement)) throw new Error(`${resource.node.path} has no CloudFormation resource`);
  return `<${Stack.of(cfn).getLogicalId(cfn)}.${attribute}>`;
}

/** How cdk-nag spells the stack's partition, region and account in a finding. */
export function nagEnvironment(stack: Stack): { partition: string; region: string; account: string } {
  const spell = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
  return { partition: spell(stack.partition, 'Partition'), region: spell(stack.region, 'Region'), account: spell(stack.account, 'AccountId') };
}

/** The IAM5 findings of CDK's grant helpers on a bucket. */
export const BUCKET_READ_ACTION_FINDINGS = ['Action::s3:GetBucket*', 'Action::s3:GetObject*', 'Action::s3:List*'];
export const BUCKET_WRITE_ACTION_FINDINGS = ['Action::s3:Abort*', 'Action::s3:DeleteObject*'];
