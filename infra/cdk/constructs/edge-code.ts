import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { buildSync, type BuildOptions } from 'esbuild';
import { fromRoot } from '../paths';

/** The file the bundle is written to ... */
const EDGE_BUNDLE_FILE = 'index.js';
/** ... and so the handler setting of a function running that bundle. */
export const EDGE_HANDLER = 'index.handler';

export interface EdgeCodeOptions {
  /**
   * The web build's renderer of share pages' first frames (shared/share/frame.ts), bundled with
   * the handler and handed to it by `setShareFrameRenderer`: the handler module does not import
   * the web's code, the bundle composes the two.
   */
  shareFrameRenderer?: string;
}

/**
 * esbuild's options for an edge bundle. Lambda@Edge has no environment variables, so each entry
 * of `environment` replaces `process.env.NAME` in the code with its value, as a string literal,
 * at bundle time; a variable not given stays `process.env.NAME` (undefined at the edge).
 * NODE_ENV is always production, which React's server renderer reads to pick its build.
 */
export function edgeBuildOptions(entry: string, environment: Readonly<Record<string, string>> = {}, options: EdgeCodeOptions = {}): BuildOptions {
  const source = options.shareFrameRenderer
    ? {
        stdin: {
          contents: [
            `import { setShareFrameRenderer } from ${JSON.stringify(entry)};`,
            `import { renderShareFrame } from ${JSON.stringify(options.shareFrameRenderer)};`,
            'setShareFrameRenderer(renderShareFrame);',
            `export { handler } from ${JSON.stringify(entry)};`,
          ].join('\n'),
          resolveDir: fromRoot('.'),
          sourcefile: 'edge-entry.ts',
          loader: 'ts' as const,
        },
      }
    : { entryPoints: [entry] };
  return {
    ...source,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    minify: false,
    legalComments: 'none',
    tsconfig: fromRoot('tsconfig.json'),
    absWorkingDir: fromRoot('.'),
    logLevel: 'warning',
    define: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      // Web modules the frame renderer reaches read Vite's build-time variables; at the edge none
      // is set, so each falls back to its default (web/src/config/env.ts).
      'import.meta.env': '{}',
      ...Object.fromEntries(Object.entries(environment).map(([name, value]) => [`process.env.${name}`, JSON.stringify(value)])),
    },
  };
}

/**
 * The code of a Lambda@Edge function, bundled by the local esbuild at synth time.
 *
 * `cloudfront.experimental.EdgeFunction` takes plain `lambda.Code`, not NodejsFunction's bundling,
 * so this does the same job for the edge: one self-contained file with every dependency inside
 * (the edge handler needs no AWS SDK, and Lambda@Edge has no layers). CommonJS rather than ESM:
 * the edge handler needs neither `import.meta` nor top-level await, and CommonJS is the format
 * every Lambda@Edge replica loads without question.
 *
 * Source maps are left out: Lambda@Edge has no environment variables, so NODE_OPTIONS cannot turn
 * them on, and minification is off instead so stack traces stay readable.
 *
 * Bundling obeys `aws:cdk:bundling-stacks` like NodejsFunction does, so tests that skip bundling
 * skip this too.
 */
export function edgeCode(entry: string, environment: Readonly<Record<string, string>> = {}, options: EdgeCodeOptions = {}): Code {
  return Code.fromAsset(path.dirname(entry), {
    // The hash of the bundle, not of the source folder: a change in `shared/` (or in a baked-in
    // value) reaches the edge.
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never pulled: local bundling below always succeeds or throws, so Docker is not needed.
      image: DockerImage.fromRegistry('stepcast/no-docker-bundling'),
      local: {
        tryBundle(outputDir: string): boolean {
          buildSync({ ...edgeBuildOptions(entry, environment, options), outfile: path.join(outputDir, EDGE_BUNDLE_FILE) });
          // Says what the bundle is wherever it is loaded from: the repository's package.json
          // makes .js files ES modules, which would break `npm start -- --bundles`.
          writeFileSync(path.join(outputDir, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
          return true;
        },
      },
    },
  });
}
