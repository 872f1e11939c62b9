/**
 * What each Lambda ships: every FUNCTIONS and WORKERS entry bundled with the construct's own
 * esbuild settings (constructs/stepcast-function.ts), measured from esbuild's metafile.
 *
 *   npx tsx infra/cdk/lambda-bundles.ts     # a table of bytes per bundle and its largest packages
 *
 * `lambda-bundles.test.ts` checks what no bundle may carry (zod's locales but English, nodemailer).
 */
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { FUNCTIONS, WORKERS } from '../../functions/routes';
import { LAMBDA_BUNDLING } from './constructs/stepcast-function';
import { fromRoot } from './paths';

export interface LambdaBundle {
  /** the FUNCTIONS or WORKERS key */
  name: string;
  entry: string;
  /** the minified index.mjs, source map aside */
  bytes: number;
  /** bytes in the bundle per npm package (`zod`, `@aws-lambda-powertools/logger`) or per repository folder */
  packages: Record<string, number>;
  /** the bundle's inputs, relative to the repository */
  inputs: string[];
  /** modules left external, by how the code reaches them */
  externalImports: Array<{ path: string; kind: string }>;
}

/** The npm package (or, for the repository's own code, its top folder) a metafile input belongs to. */
export function packageOf(input: string): string {
  const nodeModules = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return nodeModules ? nodeModules[1]! : (input.split('/')[0] ?? input);
}

/**
 * Bundles Lambdas as the construct does, in one esbuild run (each entry its own self-contained
 * output, as if bundled alone: no code splitting), and answers each one's measure in `entries`' order.
 */
export async function bundleLambdas(entries: Array<{ name: string; entry: string }>): Promise<LambdaBundle[]> {
  const result = await build({
    // Outputs by position: a function and a worker may share a name (drift).
    entryPoints: entries.map(({ entry }, index) => ({ in: fromRoot(entry), out: String(index) })),
    absWorkingDir: fromRoot('.'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: LAMBDA_BUNDLING.target,
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    banner: { js: LAMBDA_BUNDLING.banner },
    external: [...LAMBDA_BUNDLING.externalModules],
    minify: LAMBDA_BUNDLING.minify,
    keepNames: LAMBDA_BUNDLING.keepNames,
    tsconfig: fromRoot('tsconfig.json'),
    outdir: 'bundles',
    outExtension: { '.js': '.mjs' },
    write: false,
    metafile: true,
    logLevel: 'error',
  });
  const metafile: Metafile = result.metafile;
  return entries.map(({ name, entry }, index) => {
    const output = metafile.outputs[`bundles/${index}.mjs`];
    if (!output) throw new Error(`esbuild wrote no bundle for ${name} (${entry})`);
    const packages: Record<string, number> = {};
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const key = packageOf(input);
      packages[key] = (packages[key] ?? 0) + bytesInOutput;
    }
    return {
      name,
      entry,
      bytes: output.bytes,
      packages,
      inputs: Object.keys(output.inputs),
      externalImports: output.imports.filter((i) => i.external).map((i) => ({ path: i.path, kind: i.kind })),
    };
  });
}

export async function bundleLambda(name: string, entry: string): Promise<LambdaBundle> {
  const [bundle] = await bundleLambdas([{ name, entry }]);
  return bundle!;
}

/** Every Lambda of the api stack: the API functions and the queue-fed workers. */
export function lambdaEntries(): Array<{ name: string; entry: string }> {
  return [...Object.entries(FUNCTIONS), ...Object.entries(WORKERS)].map(([name, spec]) => ({ name, entry: spec.entry }));
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log('Lambda bundles (index.mjs, minified, without its source map; KB = 1000 bytes)');
  for (const bundle of await bundleLambdas(lambdaEntries())) {
    const { name } = bundle;
    const largest = Object.entries(bundle.packages)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([pkg, bytes]) => `${pkg} ${kb(bytes)}`)
      .join(', ');
    console.log(`${name.padEnd(16)} ${kb(bundle.bytes).padStart(8)}   ${largest}`);
  }
}
