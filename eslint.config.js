// @ts-check
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;

/** The top-level area of a file: shared, functions, web, extension, infra or tests. */
function areaOf(file) {
  return path.relative(ROOT, file).split(path.sep)[0] ?? '';
}

/** Which areas each area may import (design.md §2); type-only imports are erased and allowed. */
const ALLOWED = {
  shared: ['shared'],
  functions: ['shared', 'functions'],
  web: ['shared', 'web'],
  extension: ['shared', 'extension'],
  // infra refers to functions only through the routes table (data) and entry paths
  infra: ['shared', 'infra', 'functions/routes.ts'],
  tests: ['shared', 'functions', 'web', 'extension', 'infra', 'tests'],
};

/**
 * Inside functions/: handler → domain → db, never backwards; core is below them all; the edge
 * function reads only shared/; jobs and workers call the domain like handlers (jobs, one-off
 * operations, may also read the table directly).
 */
const FUNCTION_LAYERS = {
  http: ['core', 'domain', 'routes.ts'],
  domain: ['core', 'db', 'domain'],
  db: ['core', 'db'],
  core: ['core', 'routes.ts'],
  edge: ['edge'],
  jobs: ['core', 'db', 'domain', 'jobs', 'routes.ts'],
  workers: ['core', 'domain', 'workers', 'routes.ts'],
};

/**
 * The modules of functions/domain (docs/architecture.md §Domain modules) and the modules each may
 * use at run time. A module is a folder whose index.ts is its public surface; everything else in
 * it is its own. The table is a layering: it is checked for cycles below, so no two modules can
 * come to need each other.
 */
const DOMAIN_MODULES = {
  platform: [],
  accounts: ['platform'],
  members: ['platform'],
  billing: ['platform', 'accounts', 'members'],
  brand: ['platform', 'billing', 'members'],
  'guide-store': ['platform'],
  narration: ['platform', 'billing', 'guide-store'],
  export: ['platform', 'billing', 'brand', 'guide-store', 'narration'],
  guides: ['platform', 'accounts', 'billing', 'brand', 'guide-store', 'narration', 'export'],
  translation: ['platform', 'billing', 'guide-store', 'narration'],
  drift: ['platform', 'guide-store', 'guides'],
  organizations: ['platform', 'accounts', 'members', 'guide-store', 'drift'],
  sharing: ['platform', 'members', 'billing', 'brand', 'guide-store', 'organizations'],
  analytics: ['platform', 'members', 'billing'],
  auth: ['platform', 'accounts', 'members', 'organizations'],
};
{
  const state = {};
  const visit = (module, trail) => {
    if (!(module in DOMAIN_MODULES)) throw new Error(`DOMAIN_MODULES names an unknown module: ${module}`);
    if (state[module] === 'done') return;
    if (state[module] === 'visiting') throw new Error(`DOMAIN_MODULES has a cycle: ${[...trail, module].join(' → ')}`);
    state[module] = 'visiting';
    for (const next of DOMAIN_MODULES[module]) visit(next, [...trail, module]);
    state[module] = 'done';
  };
  for (const module of Object.keys(DOMAIN_MODULES)) visit(module, []);
}

/** A domain module's rules for one import: through its index.ts, and only down the table. */
function domainModuleProblem(relFrom, rel, typeOnly) {
  const moduleFrom = /^functions\/domain\/([^/]+)\//.exec(relFrom)?.[1];
  const moduleTo = /^functions\/domain\/([^/]+)\//.exec(rel)?.[1];
  if (!moduleTo || moduleFrom === moduleTo || !relFrom.startsWith('functions/') || /\.test\.tsx?$/.test(relFrom)) return undefined;
  if (!(moduleTo in DOMAIN_MODULES)) return `functions/domain/${moduleTo} is not a module of DOMAIN_MODULES`;
  if (rel !== `functions/domain/${moduleTo}/index.ts`) return `import functions/domain/${moduleTo} through its index.ts, its public surface`;
  if (moduleFrom && !typeOnly && !DOMAIN_MODULES[moduleFrom]?.includes(moduleTo)) return `the ${moduleFrom} module may use ${DOMAIN_MODULES[moduleFrom]?.join(', ') || 'no other module'} (DOMAIN_MODULES)`;
  return undefined;
}

function resolveSource(file, source) {
  if (source.startsWith('#shared/')) return path.join(ROOT, 'shared', `${source.slice('#shared/'.length)}.ts`);
  if (source.startsWith('.') || source.startsWith('#web/')) {
    const resolved = source.startsWith('#web/') ? path.join(ROOT, 'web/src', source.slice('#web/'.length)) : path.resolve(path.dirname(file), source);
    if (path.extname(resolved)) return resolved;
    const candidates = [`${resolved}.ts`, `${resolved}.tsx`, path.join(resolved, 'index.ts'), path.join(resolved, 'index.tsx')];
    return candidates.find((candidate) => existsSync(candidate)) ?? `${resolved}.ts`;
  }
  return undefined;
}

const importDirection = {
  meta: { type: 'problem', schema: [], messages: { forbidden: '{{from}} may not import {{to}} ({{why}}).' } },
  create(context) {
    const file = context.filename;
    const from = areaOf(file);
    const check = (node, source, typeOnly) => {
      if (typeof source !== 'string') return;
      const target = resolveSource(file, source);
      if (!target) return;
      const rel = path.relative(ROOT, target).split(path.sep).join('/');
      const moduleProblem = domainModuleProblem(path.relative(ROOT, file).split(path.sep).join('/'), rel, typeOnly);
      if (moduleProblem) {
        context.report({ node, messageId: 'forbidden', data: { from: path.relative(ROOT, file), to: rel, why: moduleProblem } });
        return;
      }
      const webUnit = (file) => file.split('/').slice(0, file.startsWith('web/src/features/') ? 4 : 3).join('/');
      const relFile = path.relative(ROOT, file).split(path.sep).join('/');
      if (relFile.startsWith('web/src/') && source.startsWith('.') && rel.startsWith('web/src/') && webUnit(relFile) !== webUnit(rel)) {
        context.report({ node, messageId: 'forbidden', data: { from: relFile, to: rel, why: `another folder of the web app is imported as #web/${rel.slice('web/src/'.length).replace(/\.tsx?$/, '')}` } });
        return;
      }
      if (typeOnly) return;
      const allowed = ALLOWED[from];
      if (allowed && !allowed.some((a) => rel === a || rel.startsWith(`${a}/`) || rel.replace(/\.tsx?$/, '') === a.replace(/\.tsx?$/, ''))) {
        context.report({ node, messageId: 'forbidden', data: { from, to: rel, why: 'design.md §2 import direction' } });
        return;
      }
      const relFrom = path.relative(ROOT, file).split(path.sep).join('/');
      // Tests exercise a layer through the ones above it.
      if (from === 'functions' && rel.startsWith('functions/') && !/\.test\.tsx?$/.test(relFrom)) {
        const layerFrom = relFrom.split('/')[1] ?? '';
        const layerTo = rel.split('/')[1] ?? '';
        const layers = FUNCTION_LAYERS[layerFrom];
        if (layers && layerFrom !== layerTo && !layers.includes(layerTo)) {
          context.report({ node, messageId: 'forbidden', data: { from: relFrom, to: rel, why: 'handler → domain → db' } });
        }
      }
      const featureFrom = /^web\/src\/features\/([^/]+)\//.exec(relFrom)?.[1];
      const featureTo = /^web\/src\/features\/([^/]+)\//.exec(rel)?.[1];
      if (featureFrom && featureTo && featureFrom !== featureTo) {
        context.report({ node, messageId: 'forbidden', data: { from: relFrom, to: rel, why: 'features never import each other; compose them in app/routes' } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
    };
  },
};

/** The modules a file imports at run time (type-only imports are erased, dynamic ones are lazy). */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[\s\S]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
const importsCache = new Map();
function runtimeImports(file) {
  let found = importsCache.get(file);
  if (found) return found;
  found = [];
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // not a file of this repository (a generated or missing module): no edges
  }
  for (const match of text.matchAll(STATIC_IMPORT)) {
    if (match[1]) continue;
    const target = resolveSource(file, match[2]);
    if (target && /\.tsx?$/.test(target) && existsSync(target)) found.push(target);
  }
  importsCache.set(file, found);
  return found;
}

/** A cycle of run-time imports through this file, as the list of files around it, or undefined. */
function cycleThrough(file) {
  const seen = new Set();
  const path = [];
  const visit = (current) => {
    for (const next of runtimeImports(current)) {
      if (next === file) return [...path, current];
      if (seen.has(next)) continue;
      seen.add(next);
      path.push(current);
      const found = visit(next);
      if (found) return found;
      path.pop();
    }
    return undefined;
  };
  return visit(file);
}

const noCycles = {
  meta: { type: 'problem', schema: [], messages: { cycle: 'Import cycle: {{cycle}}. Move what both need into a module of its own.' } },
  create(context) {
    return {
      Program(node) {
        const cycle = cycleThrough(context.filename);
        if (cycle) context.report({ node, messageId: 'cycle', data: { cycle: [...cycle, context.filename].map((f) => path.relative(ROOT, f)).join(' → ') } });
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'web/dist-ssr/**', 'cdk.out/**', '.data/**', 'test-results/**', 'playwright-report/**', 'tests/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware rules read the one tsconfig through the TypeScript project service.
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: ROOT } },
    rules: {
      // An async function without an await still turns a throw into a rejection, which callers
      // (handlers, query functions, the `.catch` of a promise chain) rely on: dropping `async` to
      // please this rule would change behaviour.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read answers as JSON and assert on them field by field (tests/support/api-client.ts);
    // the shapes themselves are checked by the contract test, which parses every route's answer
    // with its shared schema.
    files: ['tests/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { stepcast: { rules: { 'import-direction': importDirection, 'no-cycles': noCycles } } },
    rules: {
      'stepcast/import-direction': 'error',
      'stepcast/no-cycles': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Code the Lambdas bundle: esbuild can drop the parts of zod a bundle never reads (its 40-odd
    // locales, 264 KB) only behind a namespace import; `import { z }` keeps all of them.
    files: ['shared/**/*.ts', 'functions/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
          message: "Import zod as a namespace, import * as z from 'zod': a Lambda bundle keeps every zod locale otherwise.",
        },
      ],
    },
  },
  {
    // One module owns the asset bucket: everything else stores and reads through it.
    files: ['functions/**/*.ts'],
    ignores: ['functions/domain/platform/storage.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@aws-sdk/client-s3', '@aws-sdk/s3-*'], message: 'S3 is functions/domain/platform/storage.ts\'s alone.' }] }],
    },
  },
  {
    // Handlers parse, authorise, call one domain function and shape the reply: no SDK calls.
    files: ['functions/http/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@aws-sdk/*', 'electrodb', 'stripe', 'nodemailer'], message: 'Only domain code talks to AWS, ElectroDB, Stripe or mail.' }] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'extension/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // React Router's loaders end by throwing what `redirect()` and `data()` make: its own idiom.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'lib', name: 'Response' }, { from: 'package', package: 'react-router', name: 'DataWithResponseInit' }] },
      ],
    },
  },
);
