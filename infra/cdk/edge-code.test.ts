import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contentSecurityPolicy, uploadConnectSrc } from '#shared/security-headers';
import { SERVER_FRAME_ATTRIBUTE } from '#shared/share/frame';
import { edgeBuildOptions } from './constructs/edge-code';
import { EDGE_ENTRY, fromRoot } from './paths';

/** What the web build compiles into SHARE_FRAME_RENDERER (web/prerender.ts). */
const SHARE_FRAME_RENDERER_SOURCE = fromRoot('web/src/app/render-share-frame.tsx');
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

describe('the edge bundle with the share frame renderer', () => {
  it('renders a public guide\'s first frame into its view\'s shell, as the local server does', async () => {
    // The renderer's source, compiled here as the web build would (its stylesheets are the build's
    // business): the test needs no `npm run build` first, so it passes on a fresh clone.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stepcast-edge-'));
    const outfile = path.join(dir, 'index.js');
    const options = edgeBuildOptions(EDGE_ENTRY, { UPLOAD_ORIGIN }, { shareFrameRenderer: SHARE_FRAME_RENDERER_SOURCE });
    await build({ ...options, loader: { ...options.loader, '.css': 'empty' }, jsx: 'automatic', outfile });

    // An origin with the share shell and a public guide, as CloudFront would answer the edge.
    const guide = {
      id: 'abcdefghijkl',
      title: 'Bundled <guide>',
      organizationName: 'Acme',
      visibility: 'public',
      updatedAt: '2026-11-21T00:00:00.000Z',
      socialImageUrl: null,
      slides: [
        { id: 's1', title: null, text: 'Click **Save**', narration: null, screenshotUrl: '/assets/a.png', width: 640, height: 400, click: { x: 10, y: 10 }, zoomLevel: 1.5, isHighlightVisible: true, audioUrl: null, audioDurationMs: null, words: [] },
      ],
    };
    const origin = http.createServer((req, res) => {
      if (req.url === '/__share.html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><html><head><meta charset="utf-8"><title>Shell</title></head><body><div id="root"></div></body></html>');
      } else if (req.url === `/api/share/${guide.id}`) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(guide));
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    try {
      const EdgeModule = z.object({ handler: z.custom<(event: unknown) => Promise<{ body: string }>>((value) => typeof value === 'function') });
      const { handler } = EdgeModule.parse(await import(outfile));
      const host = `127.0.0.1:${(origin.address() as AddressInfo).port}`;
      const event = {
        Records: [
          {
            cf: {
              config: { distributionDomainName: host, distributionId: 'T', eventType: 'origin-request', requestId: 't' },
              request: { clientIp: '127.0.0.1', headers: { host: [{ key: 'Host', value: host }], 'cloudfront-forwarded-proto': [{ key: 'CloudFront-Forwarded-Proto', value: 'http' }] }, method: 'GET', querystring: '', uri: `/share/bundled-guide-${guide.id}` },
            },
          },
        ],
      };
      const { body } = await handler(event);
      expect(body).toMatch(new RegExp(`<div id="root" ${SERVER_FRAME_ATTRIBUTE}[ >]`));
      expect(body).toContain('<h1 class="shared-guide__title">Bundled &lt;guide&gt;</h1>');
      expect(body).toMatch(/<img class="player__screenshot" src="\/assets\/a\.png"/);
    } finally {
      origin.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
