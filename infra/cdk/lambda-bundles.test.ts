import { beforeAll, describe, expect, it } from 'vitest';
import { bundleLambda, bundleLambdas, lambdaEntries, type LambdaBundle } from './lambda-bundles';

// Every Lambda bundled as the construct bundles it, all in one esbuild run (they share most of
// their modules), before the first case: the run is setup, with a setup's time (on a busy machine
// it took longer than one case may, and failed whichever case came first).
let bundled: LambdaBundle[] = [];
beforeAll(async () => {
  bundled = await bundleLambdas(lambdaEntries());
}, 120_000);
function bundleOf(index: number): LambdaBundle {
  const bundle = bundled[index];
  if (!bundle) throw new Error(`no bundle at ${index}: the bundling in beforeAll failed`);
  return bundle;
}

describe.each(lambdaEntries().map((lambda, index) => ({ ...lambda, index })))('the $name Lambda bundle ($entry)', ({ index }) => {
  it("carries zod's English messages only, none of its other locales", () => {
    const locales = bundleOf(index).inputs.filter((input) => /node_modules\/zod\/.*\/locales\//.test(input));
    expect(locales.filter((input) => !input.endsWith('/locales/en.js'))).toEqual([]);
  });

  it('carries no nodemailer, and loads it only lazily (the local SMTP client; SES sends in AWS)', () => {
    const bundle = bundleOf(index);
    expect(bundle.inputs.filter((input) => input.includes('node_modules/nodemailer/'))).toEqual([]);
    const nodemailer = bundle.externalImports.filter((i) => i.path === 'nodemailer');
    expect(nodemailer.every((i) => i.kind === 'dynamic-import')).toBe(true);
  });
});

describe('the bundle check itself', () => {
  it('sees zod locales and a static nodemailer import where code has them', async () => {
    const bundle = await bundleLambda('fixture', 'infra/cdk/fixtures/heavy-handler.ts');
    expect(bundle.inputs.some((input) => /zod\/.*\/locales\/fr\.js$/.test(input))).toBe(true);
    expect(bundle.externalImports).toContainEqual({ path: 'nodemailer', kind: 'import-statement' });
  });
});
