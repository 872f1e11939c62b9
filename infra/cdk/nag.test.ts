import { RemovalPolicy } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import type { WorkerSpec } from '../../functions/routes';
import { addStepcastStacks, type StepcastOptions } from './stepcast';
import { builtSiteDir, testApp } from './test-support';

/** "stack: rule (construct paths)" for every AWS Solutions finding nobody acknowledged. */
function nagFindings(options: StepcastOptions, tamper?: (stacks: ReturnType<typeof addStepcastStacks>) => void): string[] {
  const app = testApp();
  const site = { stage: options.stage ?? 'dev', ...(options.domain ? { origin: `https://${options.domain.domainName}` } : {}) };
  const stacks = addStepcastStacks(app, { siteDir: builtSiteDir(site), ...options });
  tamper?.(stacks);
  const checks = new AwsSolutionsChecks(app);
  return Object.values(stacks).flatMap((stack) =>
    checks.validateScope(stack).violations.map((v) => `${stack.stackName}: ${v.ruleName} (${v.violatingResources.map((r) => r.constructPath).join(', ')})`),
  );
}

const WORKERS: Record<string, WorkerSpec> = {
  voiceover: { entry: 'functions/http/health/index.ts', access: { table: 'readwrite', bucket: 'readwrite', polly: true, bedrock: true }, timeoutSeconds: 300 },
  export: { entry: 'functions/http/health/index.ts', access: { table: 'read', bucket: 'readwrite', queues: ['voiceover'] }, timeoutSeconds: 900, ephemeralStorageMb: 4096 },
  drift: { entry: 'functions/http/health/index.ts', access: { table: 'readwrite', bucket: 'readwrite' }, timeoutSeconds: 600 },
  translation: { entry: 'functions/http/health/index.ts', access: { table: 'readwrite', bucket: 'readwrite', polly: true, translate: true }, timeoutSeconds: 300 },
};

// Each acknowledgement sits beside what causes it, with its reason (infra/cdk/nag.ts).
describe('cdk-nag AWS Solutions checks', () => {
  it('find nothing unacknowledged in a dev stage', () => {
    expect(nagFindings({ stage: 'dev' })).toEqual([]);
  });

  it('find nothing unacknowledged in a production stage with a domain, alarm mail, workers and Bedrock', () => {
    expect(
      nagFindings({
        stage: 'prod',
        domain: { domainName: 'stepcast.example.com', hostedZoneId: 'Z0123456789ABCDEFGHIJ' },
        alarmEmail: 'oncall@example.com',
        workers: WORKERS,
        bedrockModelId: 'amazon.nova-lite-v1:0',
      }),
    ).toEqual([]);
  });

  it('find nothing unacknowledged in a stage outside us-east-1', () => {
    expect(nagFindings({ stage: 'dev', env: { account: '111111111111', region: 'eu-central-1' } })).toEqual([]);
  });

  it('still report what nobody acknowledged (a bucket without SSL, versioning or logs)', () => {
    const findings = nagFindings({ stage: 'dev' }, (stacks) => {
      new Bucket(stacks.data, 'Careless', { removalPolicy: RemovalPolicy.DESTROY });
    });
    expect(findings.some((f) => f.includes('AwsSolutions-S10') && f.includes('Careless'))).toBe(true);
  });
});
