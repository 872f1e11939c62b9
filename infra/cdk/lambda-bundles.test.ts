import { describe, expect, it } from 'vitest';
import { bundleLambda, lambdaEntries, type LambdaBundle } from './lambda-bundles';

// Every Lambda bundled as the construct bundles it (about a second for all of them).
const bundles = new Map<string, LambdaBundle>();
async function bundleOf(name: string, entry: string): Promise<LambdaBundle> {
  const cached = bundles.get(name);
  if (cached) return cached;
  const bundle = await bundleLambda(name, entry);
  bundles.set(name, bundle);
  return bundle;
}

describe.each(lambdaEntries())('the $name Lambda bundle', ({ name, entry }) => {
  it("carries zod's English messages only, none of its other locales", async () => {
    const locales = (await bundleOf(name, entry)).inputs.filter((input) => /node_modules\/zod\/.*\/locales\//.test(input));
    expect(locales.filter((input) => !input.endsWith('/locales/en.js'))).toEqual([]);
  });

  it('carries no nodemailer, and loads it only lazily (the local SMTP client; SES sends in AWS)', async () => {
    const bundle = await bundleOf(name, entry);
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
