import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contentSecurityPolicy, uploadConnectSrc } from '#shared/security-headers';
import { edgeBuildOptions } from './constructs/edge-code';
import { EDGE_ENTRY } from './paths';
import { addStepcastStacks } from './stepcast';
import { emptySiteDir, testApp } from './test-support';

// Lambda@Edge has no environment: the share handler's CSP must allow the upload origin through a
// value baked into its bundle, the same one the default behaviour's response headers policy sends.

const UPLOAD_ORIGIN = 'https://stepcast-dev-assets-111111111111-us-east-1.s3.us-east-1.amazonaws.com';

describe('the edge bundle', () => {
  it('replaces process.env.UPLOAD_ORIGIN with the value given, and leaves no read of it', async () => {
    const result = await build({ ...edgeBuildOptions(EDGE_ENTRY, { UPLOAD_ORIGIN }), write: false });
    const code = result.outputFiles[0]!.text;
    expect(code).toContain(JSON.stringify(UPLOAD_ORIGIN));
    expect(code).not.toContain('process.env.UPLOAD_ORIGIN');
  });

  it('leaves process.env alone when no value is given (the local server sets UPLOAD_ORIGIN itself)', async () => {
    const result = await build({ ...edgeBuildOptions(EDGE_ENTRY), write: false });
    expect(result.outputFiles[0]!.text).toContain('process.env.UPLOAD_ORIGIN');
  });

  it("of a synthesised web stack answers with the page CSP of the data stack's upload origin", async () => {
    const app = testApp({ bundlingStacks: ['stepcast-dev-web'] });
    const stacks = addStepcastStacks(app, { stage: 'dev', siteDir: emptySiteDir() });
    const assembly = app.synth();
    const manifest = z
      .object({ files: z.record(z.string(), z.object({ displayName: z.string().optional(), source: z.object({ path: z.string() }) })) })
      .parse(JSON.parse(readFileSync(path.join(assembly.directory, `${stacks.web.artifactId}.assets.json`), 'utf8')));
    const edge = Object.values(manifest.files).find((file) => file.displayName === 'ShareEdgeFunction/Fn/Code');
    const bundle = path.resolve(assembly.directory, edge!.source.path, 'index.js');
    expect(stacks.data.uploadOrigin).toBe(UPLOAD_ORIGIN);

    // Run the bundle as Lambda@Edge would, with no UPLOAD_ORIGIN in its environment.
    const saved = process.env.UPLOAD_ORIGIN;
    delete process.env.UPLOAD_ORIGIN;
    try {
      const EdgeModule = z.object({ handler: z.custom<(event: unknown) => Promise<unknown>>((value) => typeof value === 'function') });
      const edgeModule = EdgeModule.parse(await import(bundle));
      const event = {
        Records: [
          {
            cf: {
              config: { distributionDomainName: '127.0.0.1:9', distributionId: 'T', eventType: 'origin-request', requestId: 't' },
              request: { clientIp: '127.0.0.1', headers: {}, method: 'GET', querystring: '', uri: '/share/a-guide-abcdefghijkl' },
            },
          },
        ],
      };
      // Nothing listens on port 9: the shell and the guide fail fast and the generic page is answered.
      const Response = z.object({ headers: z.record(z.string(), z.array(z.object({ value: z.string() }))) });
      const response = Response.parse(await edgeModule.handler(event));
      expect(response.headers['content-security-policy']?.[0]?.value).toBe(contentSecurityPolicy('none', uploadConnectSrc(UPLOAD_ORIGIN)));
    } finally {
      if (saved !== undefined) process.env.UPLOAD_ORIGIN = saved;
    }
  });
});
