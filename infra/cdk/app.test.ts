import { describe, expect, it } from 'vitest';
import { addStepcastStacks } from './stepcast';
import { builtSiteDir, testApp } from './test-support';

describe('the CDK app', () => {
  // cdk.json sets @aws-cdk/core:validateAgainstDefaultRules, so a template that breaks a
  // CloudFormation schema or default rule fails the synth instead of the deploy.
  it.each(['dev', 'prod'])('synthesises the %s stage with templates that pass CloudFormation validation', (stage) => {
    const app = testApp({ validate: true });
    addStepcastStacks(app, { stage, siteDir: builtSiteDir() });
    const assembly = app.synth();
    expect(assembly.stacks.map((s) => s.stackName).sort()).toEqual([
      `stepcast-${stage}-api`,
      `stepcast-${stage}-data`,
      `stepcast-${stage}-web`,
    ]);
  });
});
