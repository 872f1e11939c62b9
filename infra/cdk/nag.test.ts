import { RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import type { WorkerSpec } from '../../functions/routes';
import { addNagChecks } from './nag';
import { addStepcastStacks, type StepcastOptions } from './stepcast';
import { builtSiteDir, testApp } from './test-support';

/**
 * The synth's own report of what cdk-nag found and nobody acknowledged (addNagChecks, as app.ts
 * runs it in every `cdk synth`): '' when the synth passes.
 */
function unacknowledged(options: StepcastOptions, tamper?: (stacks: ReturnType<typeof addStepcastStacks>) => void): string {
  const app = testApp();
  const site = { stage: options.stage ?? 'dev', ...(options.domain ? { origin: `https://${options.domain.domainName}` } : {}) };
  const stacks = addStepcastStacks(app, { siteDir: builtSiteDir(site), ...options });
  tamper?.(stacks);
  addNagChecks(app);
  try {
    app.synth();
    return '';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const WORKERS: Record<string, WorkerSpec> = {
  voiceover: { entry: 'functions/http/health/index.ts', access: { table: 'readwrite', bucket: 'readwrite', polly: true, bedrock: true }, timeoutSeconds: 300 },
  export: { entry: 'functions/http/health/index.ts', access: { table: 'read', bucket: 'readwrite', queues: ['voiceover'] }, timeoutSeconds: 900, ephemeralStorageMb: 4096 },
  drift: { entry: 'functions/http/health/index.ts', access: { table: 'readwrite', bucket: 'readwrite' }, timeoutSeconds: 600 },
  translation: { entry: 'functions/http/health/index.ts', access: { table: 'readwrite', bucket: 'readwrite', polly: true, translate: true }, timeoutSeconds: 300 },
};

// Each acknowledgement sits beside what causes it, with its reason, on the construct that has the
// finding (infra/cdk/nag.ts); the synth fails on any other finding.
// Each case synthesises whole stages (with cdk-nag): seconds each, many more on a busy machine.
describe('cdk-nag AWS Solutions checks, inside the synth', { timeout: 60_000 }, () => {
  it('find nothing unacknowledged in a dev stage', () => {
    expect(unacknowledged({ stage: 'dev' })).toBe('');
  });

  it('find nothing unacknowledged in a production stage with a domain, alarm mail, workers and Bedrock', () => {
    expect(
      unacknowledged({
        stage: 'prod',
        domain: { domainName: 'stepcast.example.com', hostedZoneId: 'Z0123456789ABCDEFGHIJ' },
        alarmEmail: 'oncall@example.com',
        workers: WORKERS,
        bedrockModelId: 'amazon.nova-lite-v1:0',
      }),
    ).toBe('');
  });

  it('find nothing unacknowledged in a stage outside us-east-1', () => {
    expect(unacknowledged({ stage: 'dev', env: { account: '111111111111', region: 'eu-central-1' } })).toBe('');
  });

  it('fail the synth on what nobody acknowledged (a bucket without SSL, versioning or logs), naming it', () => {
    const report = unacknowledged({ stage: 'dev' }, (stacks) => {
      new Bucket(stacks.data, 'Careless', { removalPolicy: RemovalPolicy.DESTROY });
    });
    expect(report).toMatch(/AwsSolutions-S10/);
    expect(report).toMatch(/stepcast-dev-data\/Careless/);
  });

  it('acknowledge no finding for a whole stack: a wildcard grant added to a function is reported', () => {
    const report = unacknowledged({ stage: 'dev' }, (stacks) => {
      stacks.api.functions['health']!.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: ['*'] }));
    });
    expect(report).toMatch(/AwsSolutions-IAM5\[Resource::\*\]/);
    expect(report).toMatch(/HealthFunction/);
  });
});
