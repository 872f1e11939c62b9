import { Stack } from 'aws-cdk-lib';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { StepcastFunction } from './constructs/stepcast-function';
import { LogicalRef, resourceById, synthStepcast } from './test-support';

const dev = synthStepcast({ stage: 'dev' });

const Lambda = z.object({
  Properties: z.object({ Timeout: z.number(), Environment: z.object({ Variables: z.record(z.string(), z.unknown()) }), Role: LogicalRef }),
});
const Policy = z.object({
  Properties: z.object({
    Roles: z.array(LogicalRef),
    PolicyDocument: z.object({ Statement: z.array(z.object({ Action: z.union([z.string(), z.array(z.string())]) })) }),
  }),
});

function lambdaOf(name: string) {
  const fn: StepcastFunction | undefined = dev.stacks.api.functions[name];
  if (!fn || !(fn.node.defaultChild instanceof CfnFunction)) throw new Error(`no function ${name}`);
  const id = Stack.of(fn).getLogicalId(fn.node.defaultChild);
  const resource = resourceById(dev.api, id, Lambda);
  const actions = Object.values(dev.api.findResources('AWS::IAM::Policy'))
    .map((policy) => Policy.parse(policy))
    .filter((policy) => policy.Properties.Roles.includes(resource.Properties.Role))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action])));
  return { env: Object.keys(resource.Properties.Environment.Variables), timeout: resource.Properties.Timeout, actions };
}

describe('analytics functions', () => {
  it('events: a public, short function that writes counters and reads the session key, and touches no bucket or mail', () => {
    const events = lambdaOf('events');
    expect(events.timeout).toBe(5);
    expect(events.env).toEqual(expect.arrayContaining(['TABLE_NAME', 'SESSION_SECRET_ARN']));
    expect(events.env).not.toContain('BUCKET_NAME');
    expect(events.actions).toEqual(expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:GetItem', 'secretsmanager:GetSecretValue']));
    expect(events.actions.filter((action) => /^(s3|ses|sqs|polly|bedrock):/.test(action))).toEqual([]);
  });

  it('analytics: the table (its session check may extend a remembered session) and the session key, no bucket or mail', () => {
    const analytics = lambdaOf('analytics');
    expect(analytics.env).toEqual(expect.arrayContaining(['TABLE_NAME', 'SESSION_SECRET_ARN']));
    expect(analytics.env).not.toContain('BUCKET_NAME');
    expect(analytics.actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:BatchGetItem', 'dynamodb:UpdateItem']));
    expect(analytics.actions.filter((action) => /^(s3|ses|sqs|polly|bedrock):/.test(action))).toEqual([]);
  });
});
