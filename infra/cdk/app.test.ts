import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { ContextError } from './stage';
import { addStepcastStacks, optionsFromContext } from './stepcast';
import { builtSiteDir, testApp } from './test-support';

describe('the CDK app', () => {
  // cdk.json sets @aws-cdk/core:validateAgainstDefaultRules, so a template that breaks a
  // CloudFormation schema or default rule fails the synth instead of the deploy. The first
  // validation starts a WASM rule engine: seconds on an idle machine, more on a busy one.
  it.each(['dev', 'prod'])('synthesises the %s stage with templates that pass CloudFormation validation', { timeout: 60_000 }, (stage) => {
    const app = testApp({ validate: true });
    addStepcastStacks(app, { stage, siteDir: builtSiteDir({ stage }) });
    const assembly = app.synth();
    expect(assembly.stacks.map((s) => s.stackName).sort()).toEqual([
      `stepcast-${stage}-api`,
      `stepcast-${stage}-data`,
      `stepcast-${stage}-global`,
      `stepcast-${stage}-monitoring`,
      `stepcast-${stage}-web`,
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
  ])('refuses %s in one line', (_case, context, message) => {
    expect(contextError(context)).toMatch(message);
  });

  it('refuses a stage name that cannot be part of a stack name, when the stacks are built', () => {
    expect(() => addStepcastStacks(testApp(), options({ stage: 'Prod' }))).toThrow(ContextError);
  });
});
