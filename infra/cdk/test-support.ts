import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Annotations, App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { z } from 'zod';
import { SITE_BUILD_FILE, type SiteBuild } from '#shared/site-build';
import { fromRoot } from './paths';
import { addStepcastStacks, type StepcastOptions, type StepcastStacks } from './stepcast';

/**
 * Helpers for the assertion tests (not a test file itself). The apps they build carry the
 * feature flags of cdk.json, so tests see the templates `cdk synth` produces, and skip bundling
 * (`aws:cdk:bundling-stacks: []`), so no esbuild runs and a synth takes well under a second.
 */

const CdkJson = z.object({ context: z.record(z.string(), z.unknown()).default({}) });

function cdkJsonContext(): Record<string, unknown> {
  return CdkJson.parse(JSON.parse(readFileSync(fromRoot('cdk.json'), 'utf8'))).context;
}

/** An empty folder: a "site" with no build, so tests never depend on whether web/dist exists. */
export function emptySiteDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'stepcast-site-'));
}

/** On-call's address in test stages (a production stage refuses to synthesise without one). */
export const TEST_ALARM_EMAIL = 'oncall@example.com';

/** The origin test builds are made for: a distribution's own name. */
export const TEST_SITE_ORIGIN = 'https://d111111abcdef8.cloudfront.net';

/**
 * A tiny SPA build as Vite and web/prerender.ts write it: the shell, one hashed bundle under
 * static/ with its hidden source map, and the record of the site it is for (@default the dev stage's).
 */
export function builtSiteDir(site: Partial<SiteBuild> = {}): string {
  const dir = emptySiteDir();
  writeFileSync(path.join(dir, SITE_BUILD_FILE), JSON.stringify({ origin: TEST_SITE_ORIGIN, stage: 'dev', ...site } satisfies SiteBuild));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(dir, 'static'));
  writeFileSync(path.join(dir, 'static', 'app-1a2b3c.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'static', 'app-1a2b3c.js.map'), '{"version":3,"sources":["app.ts"],"mappings":""}');
  return dir;
}

export interface Synthesised {
  app: App;
  stacks: StepcastStacks;
  data: Template;
  api: Template;
  global: Template;
  web: Template;
  monitoring: Template;
}

/**
 * `validate` runs CDK's built-in CloudFormation template validation (a WASM rule engine, about
 * two seconds to start): off by default here, on in app.test.ts and in every `cdk synth`.
 * `bundlingStacks` names stacks whose code is bundled for real (esbuild). @default none
 */
export function testApp(options: { validate?: boolean; bundlingStacks?: string[] } = {}): App {
  return new App({
    context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': options.bundlingStacks ?? [] },
    builtinCloudFormationValidation: options.validate ?? false,
  });
}

/**
 * All three stacks of one stage, synthesised once. Without a `siteDir` the site is an empty
 * folder and the expected "SPA not deployed" warning is acknowledged, to keep test output quiet.
 */
export function synthStepcast(options: StepcastOptions = {}): Synthesised {
  const app = testApp();
  // A production stage needs an alarm subscriber (app.test.ts checks it refuses to synth without).
  const alarmEmail = options.stage?.startsWith('prod') ? { alarmEmail: TEST_ALARM_EMAIL } : {};
  const stacks = addStepcastStacks(app, { siteDir: emptySiteDir(), ...alarmEmail, ...options });
  if (!options.siteDir) {
    Annotations.of(stacks.web).acknowledgeWarning('stepcast:web:spa-not-built', 'tests synthesise without a build');
  }
  return {
    app,
    stacks,
    data: Template.fromStack(stacks.data),
    api: Template.fromStack(stacks.api),
    global: Template.fromStack(stacks.global),
    web: Template.fromStack(stacks.web),
    monitoring: Template.fromStack(stacks.monitoring),
  };
}

/** `{ "Ref": id }` or `{ "Fn::GetAtt": [id, attr] }` → id. */
export const LogicalRef = z.union([
  z.object({ Ref: z.string() }).transform((ref) => ref.Ref),
  z.object({ 'Fn::GetAtt': z.tuple([z.string(), z.string()]) }).transform((ref) => ref['Fn::GetAtt'][0]),
]);

/** The single resource of a type in a template, parsed. */
export function onlyResource<T extends z.ZodType>(template: Template, type: string, schema: T): z.output<T> {
  const found = Object.values(template.findResources(type));
  if (found.length !== 1) throw new Error(`expected one ${type}, found ${found.length}`);
  return schema.parse(found[0]);
}

/** A resource by logical id, parsed. */
export function resourceById<T extends z.ZodType>(template: Template, id: string, schema: T): z.output<T> {
  const resources = z.record(z.string(), z.unknown()).parse(template.toJSON()['Resources']);
  if (!(id in resources)) throw new Error(`no resource ${id}`);
  return schema.parse(resources[id]);
}
