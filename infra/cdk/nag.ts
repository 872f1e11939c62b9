import { CfnElement, Stack, Token, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag's AWS Solutions checks as a validation plugin of the app (cdk-nag 3's way, where cdk-nag
 * 2 was an Aspect): they run inside every synth (`cdk synth`, `cdk deploy`, npm test's synth), and
 * a finding nobody acknowledged fails it with its report.
 */
export function addNagChecks(scope: IConstruct): AwsSolutionsChecks {
  const checks = new AwsSolutionsChecks(scope);
  Validations.of(scope).addPlugins(checks);
  return checks;
}

/**
 * cdk-nag (AWS Solutions checks, run in every synth: addNagChecks) acknowledgements. A rule that reports one
 * finding per wildcard is acknowledged finding by finding (`AwsSolutions-IAM5[Action::s3:List*]`),
 * so a new wildcard is reported rather than swallowed. Callers state why in a comment beside the
 * grant that causes the finding, and in `reason`, and acknowledge on the construct that has the
 * finding (a function, a helper of CDK's), never on a whole stack.
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

/**
 * How cdk-nag spells a string in a finding: as it is, or, made of tokens, each reference as
 * `<LogicalId>` or `<AWS::Region>` in its place (a bucket name of an environment-agnostic stack).
 */
export function nagSpelling(stack: Stack, value: string): string {
  if (!Token.isUnresolved(value)) return value;
  const spell = (part: unknown): string => {
    if (typeof part === 'string') return part;
    if (part && typeof part === 'object' && 'Ref' in part) return `<${String(part.Ref)}>`;
    if (part && typeof part === 'object' && 'Fn::Join' in part && Array.isArray(part['Fn::Join'])) {
      const [separator, parts] = part['Fn::Join'] as [string, unknown[]];
      return parts.map(spell).join(separator);
    }
    throw new Error(`cannot spell ${JSON.stringify(part)} as cdk-nag does`);
  };
  return spell(stack.resolve(value));
}

/** How cdk-nag spells the stack's partition, region and account in a finding. */
export function nagEnvironment(stack: Stack): { partition: string; region: string; account: string } {
  const spell = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
  return { partition: spell(stack.partition, 'Partition'), region: spell(stack.region, 'Region'), account: spell(stack.account, 'AccountId') };
}

/** The IAM5 findings of CDK's grant helpers on a bucket. */
export const BUCKET_READ_ACTION_FINDINGS = ['Action::s3:GetBucket*', 'Action::s3:GetObject*', 'Action::s3:List*'];
export const BUCKET_WRITE_ACTION_FINDINGS = ['Action::s3:Abort*', 'Action::s3:DeleteObject*'];
