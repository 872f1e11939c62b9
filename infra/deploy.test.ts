import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from './cdk/errors';
import { cdkStep, parseDeployArgs, siteBuildStep, siteUrlFromOutputs, stageSiteOrigin } from './deploy';

function stagesFile(content: unknown): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'stepcast-stages-')), 'stages.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe('npm run deploy / diff arguments', () => {
  it('reads the stage, -c values and --yes', () => {
    expect(parseDeployArgs(['deploy', '--stage', 'prod', '-c', 'alarmEmail=oncall@example.com', '--yes'])).toEqual({
      command: 'deploy',
      stage: 'prod',
      context: ['alarmEmail=oncall@example.com'],
      yes: true,
    });
    expect(parseDeployArgs(['diff', '--stage=staging'])).toEqual({ command: 'diff', stage: 'staging', context: [], yes: false });
  });

  it.each([
    [['deploy'], /Name the stage: npm run deploy -- --stage NAME/],
    [['deploy', '--stage', 'prod', '-c', 'oops'], /-c takes key=value, not "oops"/],
    [['deploy', '--stage', 'prod', '-c', 'stage=dev'], /Give the stage with --stage/],
    [['deploy', '--stage', 'prod', '--force'], /Unknown option '--force'.*Usage: npm run deploy -- --stage NAME/],
    [['destroy', '--stage', 'prod'], /Unknown command "destroy"/],
  ])('refuses %j in one line', (argv, message) => {
    expect(() => parseDeployArgs(argv)).toThrow(UsageError);
    expect(() => parseDeployArgs(argv)).toThrow(message);
  });
});

describe("the stage's site origin", () => {
  const file = stagesFile({
    prod: { domainName: 'stepcast.example.com', hostedZoneId: 'Z0123456789ABCDEFGHIJ' },
    staging: { appOrigin: 'https://staging.stepcast.example.com' },
  });

  it('is its appOrigin, else its domain, as the CDK app reads them from infra/stages.json', () => {
    expect(stageSiteOrigin(parseDeployArgs(['deploy', '--stage', 'prod']), file)).toBe('https://stepcast.example.com');
    expect(stageSiteOrigin(parseDeployArgs(['deploy', '--stage', 'staging']), file)).toBe('https://staging.stepcast.example.com');
  });

  it('takes a -c value over the stage file', () => {
    expect(stageSiteOrigin(parseDeployArgs(['deploy', '--stage', 'staging', '-c', 'appOrigin=https://preview.example.com']), file)).toBe('https://preview.example.com');
  });

  it('is unknown for a stage on its CloudFront name (read from the deployed stack, or learnt by a first deploy)', () => {
    expect(stageSiteOrigin(parseDeployArgs(['deploy', '--stage', 'dev']), file)).toBeUndefined();
  });

  it('refuses a bad configured value in one line', () => {
    expect(() => stageSiteOrigin(parseDeployArgs(['deploy', '--stage', 'dev', '-c', 'appOrigin=http://x.example.com']), file)).toThrow(UsageError);
  });
});

describe('the steps', () => {
  it('builds the site for the stage with its origin, so no page names localhost', () => {
    expect(siteBuildStep('prod', 'https://stepcast.example.com')).toMatchObject({
      command: 'npm',
      args: ['run', 'build'],
      env: { STEPCAST_DEPLOY_STAGE: 'prod', VITE_SITE_ORIGIN: 'https://stepcast.example.com', STEPCAST_APP_ORIGIN: 'https://stepcast.example.com' },
    });
  });

  it('runs cdk on every stack of the stage with the -c values, approving only with --yes', () => {
    const args = parseDeployArgs(['deploy', '--stage', 'prod', '-c', 'alarmEmail=oncall@example.com', '--yes']);
    expect(cdkStep(args).args).toEqual(['cdk', 'deploy', '--all', '-c', 'stage=prod', '-c', 'alarmEmail=oncall@example.com', '--require-approval', 'never']);
    expect(cdkStep(parseDeployArgs(['diff', '--stage', 'prod'])).args).toEqual(['cdk', 'diff', '-c', 'stage=prod']);
  });

  it("reads the site URL a first deploy's outputs file gives", () => {
    const file = stagesFile({ 'stepcast-dev-web': { SiteUrl: 'https://d111111abcdef8.cloudfront.net', DistributionId: 'E1' } });
    expect(siteUrlFromOutputs(file, 'dev')).toBe('https://d111111abcdef8.cloudfront.net');
    expect(() => siteUrlFromOutputs(file, 'prod')).toThrow(/no SiteUrl output of stepcast-prod-web/);
  });
});
