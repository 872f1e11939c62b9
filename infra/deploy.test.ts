import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from './cdk/errors';
import { GetAccountSettingsCommand } from '@aws-sdk/client-lambda';
import { GetAccountCommand, GetEmailIdentityCommand } from '@aws-sdk/client-sesv2';
import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import { cdkStep, parseDeployArgs, reportFindings, siteBuildStep, siteUrlFromOutputs, stageSiteOrigin } from './deploy';
import { preflight, type PreflightClients } from './preflight';

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
  it('builds a local site for a stage on its CloudFront name: the web stack replaces its origin as it uploads it', () => {
    expect(siteBuildStep('dev', undefined)).toMatchObject({ command: 'npm', args: ['run', 'build'] });
    expect(siteBuildStep('dev', undefined).env).toBeUndefined();
  });

  it('deploys the stage\'s stacks of an assembly synthesised before with --app, and nothing else', () => {
    const args = parseDeployArgs(['deploy', '--stage', 'prod', '--app', 'cdk.out/pipeline', '--yes']);
    expect(cdkStep(args, ['--outputs-file', 'o.json']).args).toEqual(['cdk', 'deploy', '--app', 'cdk.out/pipeline', 'stepcast-prod-*', '--require-approval', 'never', '--outputs-file', 'o.json']);
    expect(() => parseDeployArgs(['deploy', '--stage', 'prod', '--app', 'x', '-c', 'alarmEmail=a@b.co'])).toThrow(/--app deploys an assembly as it was synthesised/);
    expect(() => parseDeployArgs(['diff', '--stage', 'prod', '--app', 'x'])).toThrow(/--app deploys an assembly/);
  });

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

/** AWS as the preflight sees it, one answer per command (AWS-only services: mocked here, and only here). */
function aws(answers: {
  account?: string | Error;
  bootstrap?: Record<string, string | Error>;
  ses?: { SendingEnabled?: boolean; ProductionAccessEnabled?: boolean } | Error;
  verified?: string[];
  concurrency?: number;
}): PreflightClients {
  const reply = (value: unknown) => (value instanceof Error ? Promise.reject(value) : Promise.resolve(value));
  const denied = (name: string) => Object.assign(new Error(name), { name });
  return {
    sts: { send: ((command: unknown) => (command instanceof GetCallerIdentityCommand ? reply(answers.account instanceof Error ? answers.account : { Account: answers.account ?? '123456789012' }) : reply(denied('Unexpected')))) as never },
    ssm: (region) => ({
      send: ((command: unknown) => {
        if (!(command instanceof GetParameterCommand)) return reply(denied('Unexpected'));
        const value = answers.bootstrap?.[region] ?? '30';
        return reply(value instanceof Error ? value : { Parameter: { Value: value } });
      }) as never,
    }),
    ses: {
      send: ((command: unknown) => {
        if (command instanceof GetAccountCommand) return reply(answers.ses ?? { SendingEnabled: true, ProductionAccessEnabled: true });
        if (command instanceof GetEmailIdentityCommand) {
          const identity = command.input.EmailIdentity ?? '';
          return (answers.verified ?? ['example.net']).includes(identity) ? reply({ VerifiedForSendingStatus: true }) : reply(denied('NotFoundException'));
        }
        return reply(denied('Unexpected'));
      }) as never,
    },
    lambda: { send: ((command: unknown) => (command instanceof GetAccountSettingsCommand ? reply({ AccountLimit: { ConcurrentExecutions: answers.concurrency ?? 1000 } }) : reply(denied('Unexpected')))) as never },
  };
}

const DEV = { stage: 'dev', isProduction: false, mailFrom: 'Stepcast <hi@example.net>', env: { region: 'eu-west-1' } } as const;
const PROD = { stage: 'prod', isProduction: true, mailFrom: 'Stepcast <hi@stepcast.test>', alarmEmail: 'oncall@stepcast.test', stripePriceId: 'price_1Pro', backupCopyRegion: 'us-west-2', env: { region: 'us-east-1' } } as const;
const messages = async (clients: PreflightClients, options: Parameters<typeof preflight>[1], level = 'error') =>
  (await preflight(clients, options)).filter((f) => f.level === level).map((f) => f.message);

describe('the deploy preflight', () => {
  it('passes a ready account, saying what it checked, one line each', async () => {
    const findings = await preflight(aws({ verified: ['stepcast.test'] }), PROD);
    expect(findings.filter((f) => f.level !== 'ok')).toEqual([]);
    expect(findings.map((f) => f.message)).toEqual([
      'Credentials: account 123456789012.',
      'CDK bootstrap in us-east-1: version 30.',
      'CDK bootstrap in us-west-2: version 30.',
      'SES in us-east-1: sending, out of the sandbox.',
      'SES: hi@stepcast.test may send.',
      'Lambda concurrency quota in us-east-1: 1000.',
    ]);
    const lines: string[] = [];
    expect(reportFindings(findings, (line) => lines.push(line))).toBe(true);
    for (const line of lines) expect(line).not.toContain('\n');
  });

  it('stops at missing credentials, naming how to give them', async () => {
    expect(await messages(aws({ account: Object.assign(new Error('x'), { name: 'CredentialsProviderError' }) }), DEV)).toEqual([
      'No usable AWS credentials (CredentialsProviderError): set AWS_PROFILE (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY), or assume the deploy role.',
    ]);
  });

  it('stops when the credentials are for another account than the stage names', async () => {
    expect(await messages(aws({}), { ...PROD, configuredAccount: '999999999999' })).toEqual([
      'Stage prod is for account 999999999999 (infra/stages.json), but the credentials are for 123456789012: use that account\'s credentials, or fix "account".',
    ]);
  });

  it('names every region that is not bootstrapped (the stage\'s, us-east-1 for CloudFront, the backup copy\'s), with the command', async () => {
    const notFound = Object.assign(new Error('x'), { name: 'ParameterNotFound' });
    expect(await messages(aws({ bootstrap: { 'eu-west-1': notFound, 'us-east-1': '5' } }), DEV)).toEqual([
      'Account 123456789012 is not bootstrapped for CDK in eu-west-1 (ParameterNotFound): run npx cdk bootstrap aws://123456789012/eu-west-1.',
      "CDK's bootstrap in us-east-1 is version 5, older than 6: run npx cdk bootstrap aws://123456789012/us-east-1.",
    ]);
  });

  it("says SES's sandbox and an unverified sender stop production, and only warn elsewhere", async () => {
    const sandbox = aws({ ses: { SendingEnabled: true, ProductionAccessEnabled: false }, verified: [] });
    expect(await messages(sandbox, PROD)).toEqual([
      'SES in us-east-1 is in its sandbox: mail reaches only verified addresses, so sign-ups cannot verify. Request production access (SES console, Account dashboard).',
      'SES in us-east-1 has not verified hi@stepcast.test nor stepcast.test: verify one (SES console, Identities) before mail can leave.',
    ]);
    expect(await messages(aws({ ses: { SendingEnabled: true, ProductionAccessEnabled: false } }), DEV, 'warning')).toEqual([
      'SES in eu-west-1 is in its sandbox: mail reaches only verified addresses, so sign-ups cannot verify. Request production access (SES console, Account dashboard).',
    ]);
    expect(await messages(aws({ ses: { SendingEnabled: false } }), DEV)).toEqual(['SES sending is paused for account 123456789012 in eu-west-1: no mail would leave (see the SES console\'s account dashboard).']);
  });

  it("says a new account's Lambda quota would throttle, and how to raise it", async () => {
    expect(await messages(aws({ concurrency: 10, verified: ['stepcast.test'] }), PROD)).toEqual([
      'Lambda\'s concurrency quota in us-east-1 is 10: the workers alone may take 13 and the API would throttle. Request at least 1,000 (Service Quotas, "Concurrent executions").',
    ]);
  });

  it("refuses production settings still holding infra/stages.json's examples", async () => {
    const example = { ...PROD, alarmEmail: 'oncall@example.com', mailFrom: 'Stepcast <no-reply@example.com>', stripePriceId: 'price_REPLACE_WITH_THE_PRO_PLAN_PRICE' };
    expect(await messages(aws({}), example)).toEqual([
      '"mailFrom" of stage prod is still the example (Stepcast <no-reply@example.com>): set your verified sender in infra/stages.json.',
      '"alarmEmail" of stage prod is still the example (oncall@example.com): alarms, budget and cost alerts would reach nobody. Set on-call\'s address in infra/stages.json.',
      '"stripePriceId" of stage prod is still the example: set the Pro plan\'s Stripe price (price_...) in infra/stages.json.',
    ]);
  });
});
