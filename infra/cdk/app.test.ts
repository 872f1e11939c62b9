import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { ContextError } from './stage';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addStepcastStacks, optionsFromContext, stagesFromContext } from './stepcast';
import { TEST_ALARM_EMAIL, builtSiteDir, testApp } from './test-support';

function stagesFileOf(content: unknown): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'stepcast-stages-')), 'stages.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe('the CDK app', () => {
  // cdk.json sets @aws-cdk/core:validateAgainstDefaultRules, so a template that breaks a
  // CloudFormation schema or default rule fails the synth instead of the deploy. The first
  // validation starts a WASM rule engine: seconds on an idle machine, more on a busy one.
  it.each(['dev', 'prod'])('synthesises the %s stage with templates that pass CloudFormation validation', { timeout: 60_000 }, (stage) => {
    const app = testApp({ validate: true });
    addStepcastStacks(app, { stage, siteDir: builtSiteDir({ stage }), ...(stage === 'prod' ? { alarmEmail: TEST_ALARM_EMAIL } : {}) });
    const assembly = app.synth();
    expect(assembly.stacks.map((s) => s.stackName).sort()).toEqual([
      `stepcast-${stage}-api`,
      ...(stage === 'prod' ? [`stepcast-${stage}-backup`] : []),
      `stepcast-${stage}-data`,
      `stepcast-${stage}-global`,
      `stepcast-${stage}-monitoring`,
      `stepcast-${stage}-web`,
    ]);
  });

  it('refuses to synthesise a production stage whose alarms would reach nobody, in one line', () => {
    expect(() => addStepcastStacks(testApp(), { stage: 'prod', siteDir: builtSiteDir({ stage: 'prod' }) })).toThrow(
      /^Stage prod is a production stage and its alarms would reach nobody: set "alarmEmail" for it in infra\/stages.json/,
    );
    expect(() => addStepcastStacks(testApp(), { stage: 'prod', siteDir: builtSiteDir({ stage: 'prod' }) })).toThrow(ContextError);
  });

  it('synthesises several stages into one assembly (-c stage=staging,prod), each with its own settings', () => {
    const app = new App({ context: { stage: 'staging,prod' } });
    const stages = stagesFromContext(app, stagesFileOf({ prod: { alarmEmail: 'oncall@example.com', account: '222222222222' }, staging: { region: 'eu-west-1' } }));
    expect(stages.map((s) => [s.stage, s.alarmEmail, s.env?.account, s.env?.region])).toEqual([
      ['staging', undefined, process.env.CDK_DEFAULT_ACCOUNT ?? '111111111111', 'eu-west-1'],
      ['prod', 'oncall@example.com', '222222222222', process.env.CDK_DEFAULT_REGION ?? 'us-east-1'],
    ]);
  });
});

describe('context', () => {
  const options = (context: Record<string, unknown>) => optionsFromContext(new App({ context }));
  /** The message the CLI prints: it must be one line. */
  const contextError = (context: Record<string, unknown>): string => {
    try {
      options(context);
    } catch (error) {
      expect(error).toBeInstanceOf(ContextError);
      if (!(error instanceof Error)) throw error;
      expect(error.message).not.toContain('\n');
      return error.message;
    }
    throw new Error('no ContextError');
  };

  it('defaults to the dev stage and no site configuration', () => {
    expect(options({})).toMatchObject({
      stage: 'dev',
      appOrigin: undefined,
      extensionIds: [],
      trustedOrigins: [],
      stripePriceId: undefined,
    });
  });

  it('reads the Stripe price id', () => {
    expect(options({ stripePriceId: 'price_1PqRsTuVwXyZ' }).stripePriceId).toBe('price_1PqRsTuVwXyZ');
  });

  it('reads stage, appOrigin, mailFrom, extensionIds and trustedOrigins from -c values', () => {
    expect(
      options({
        stage: 'prod',
        appOrigin: 'https://stepcast.example.com',
        mailFrom: 'Stepcast <hi@stepcast.example.com>',
        extensionIds: 'abcdefghijklmnopabcdefghijklmnop, ponmlkjihgfedcbaponmlkjihgfedcba',
        trustedOrigins: 'https://preview.stepcast.example.com,https://staging.stepcast.example.com:8443',
      }),
    ).toMatchObject({
      stage: 'prod',
      appOrigin: 'https://stepcast.example.com',
      mailFrom: 'Stepcast <hi@stepcast.example.com>',
      extensionIds: ['abcdefghijklmnopabcdefghijklmnop', 'ponmlkjihgfedcbaponmlkjihgfedcba'],
      trustedOrigins: ['https://preview.stepcast.example.com', 'https://staging.stepcast.example.com:8443'],
    });
  });

  it('takes siteOrigin as the older name of appOrigin', () => {
    expect(options({ siteOrigin: 'https://stepcast.example.com' }).appOrigin).toBe('https://stepcast.example.com');
    expect(options({ siteOrigin: 'https://a.example.com', appOrigin: 'https://a.example.com' }).appOrigin).toBe(
      'https://a.example.com',
    );
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['a plain http appOrigin', { appOrigin: 'http://stepcast.example.com' }, /"appOrigin" must be an https origin/],
    ['an appOrigin with a path', { appOrigin: 'https://stepcast.example.com/' }, /"appOrigin" must be an https origin/],
    ['a siteOrigin without a scheme', { siteOrigin: 'stepcast.example.com' }, /"siteOrigin" must be an https origin/],
    ['two different origins', { appOrigin: 'https://a.example.com', siteOrigin: 'https://b.example.com' }, /name the same origin/],
    ['a malformed extension id', { extensionIds: 'abcdefghijklmnopabcdefghijklmnop,not-an-id' }, /"not-an-id"/],
    ['an extension id with letters past p', { extensionIds: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz' }, /"extensionIds"/],
    ['a trusted origin that is not https', { trustedOrigins: 'https://ok.example.com,http://preview.example.com' }, /"trustedOrigins"/],
    ['a trusted origin with a path', { trustedOrigins: 'https://preview.example.com/app' }, /"trustedOrigins"/],
    ['a non-string value', { extensionIds: ['abcdefghijklmnopabcdefghijklmnop'] }, /"extensionIds" must be a string/],
    ['a Stripe product id as the price', { stripePriceId: 'prod_1PqRsTuVwXyZ' }, /"stripePriceId" must be a Stripe price id/],
    ['a Stripe price id with spaces', { stripePriceId: 'price_1PqR sTu' }, /"stripePriceId" must be a Stripe price id/],
    ['a Stripe price lookup key', { stripePriceId: 'pro-monthly' }, /"stripePriceId" must be a Stripe price id/],
    ['a budget with cents', { monthlyBudgetUsd: '300.50' }, /"monthlyBudgetUsd" must be a whole number/],
    ['a backup region that is no region', { backupCopyRegion: 'west' }, /"backupCopyRegion" must be an AWS region/],
    ['an account id of the wrong length', { account: '1234' }, /"account" must be a 12-digit AWS account id/],
    ['a runbook link that is not https', { runbookUrl: 'http://wiki.example.com/runbooks' }, /"runbookUrl" must be the https address/],
    ['a stage named twice', { stage: 'prod,prod' }, /"stage" must name each stage once/],
  ])('refuses %s in one line', (_case, context, message) => {
    expect(contextError(context)).toMatch(message);
  });

  it('refuses a stage name that cannot be part of a stack name, when the stacks are built', () => {
    expect(() => addStepcastStacks(testApp(), options({ stage: 'Prod' }))).toThrow(ContextError);
  });
});
