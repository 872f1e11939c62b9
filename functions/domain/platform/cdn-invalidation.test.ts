import type { CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { describe, expect, it } from 'vitest';
import { MAX_PATHS_PER_INVALIDATION, assetPath, invalidate, pathsToInvalidate } from './cdn-invalidation';

const deleted = (key: string, reason = 'DeleteObject') =>
  JSON.stringify({ 'detail-type': 'Object Deleted', source: 'aws.s3', detail: { bucket: { name: 'assets' }, object: { key }, reason, 'deletion-type': 'Delete Marker Created' } });

describe('clearing deleted assets from CloudFront', () => {
  it('maps an object key to the path /assets/* serves it at, each segment encoded once', () => {
    expect(assetPath('orgs/o1/guides/g1/abc.png')).toBe('/assets/orgs/o1/guides/g1/abc.png');
    expect(assetPath('private/orgs/o1/a+b%C3%A9.png')).toBe('/assets/private/orgs/o1/a%20b%C3%A9.png');
  });

  it("clears a guide's deletions of a batch with one wildcard path (CloudFront bills a wildcard as one path), and skips other events and bad bodies", () => {
    const bodies = [
      deleted('orgs/o1/guides/g1/a.png'),
      deleted('orgs/o1/guides/g1/a.png'),
      deleted('orgs/o1/guides/g1/audio/b.mp3'),
      deleted('orgs/o1/guides/g2/c.png'),
      JSON.stringify({ 'detail-type': 'Object Created', detail: { object: { key: 'c.png' } } }),
      'not json',
    ];
    expect(pathsToInvalidate(bodies)).toEqual(['/assets/orgs/o1/guides/g1/*', '/assets/orgs/o1/guides/g2/*']);
  });

  it('clears an object outside any guide by its own path', () => {
    expect(pathsToInvalidate([deleted('orgs/o1/logo.png'), deleted('loose.png')])).toEqual(['/assets/orgs/o1/logo.png', '/assets/loose.png']);
  });

  it('spends no invalidation on what /assets never serves: pending uploads and private guides\' assets', () => {
    expect(pathsToInvalidate([deleted('pending/orgs/o1/guides/g1/up.png'), deleted('private/orgs/o1/guides/g1/p.png'), deleted('orgs/o1/guides/g1/c.png')])).toEqual(['/assets/orgs/o1/guides/g1/*']);
  });

  it("clears the share answers the API names ({ paths }: a guide's /api/share/{id}*), and nothing else a message names", () => {
    const bodies = [
      JSON.stringify({ paths: ['/api/share/AbCdEfGhIjKl*', '/api/share/ZzZzZzZzZzZz*'] }),
      JSON.stringify({ paths: ['/api/share/AbCdEfGhIjKl*'] }),
      JSON.stringify({ paths: ['/*', '/assets/orgs/o1/guides/g1/*', '/api/share/*', '/api/share/a/../../x*'] }),
      deleted('orgs/o1/guides/g1/a.png'),
    ];
    expect(pathsToInvalidate(bodies)).toEqual(['/api/share/AbCdEfGhIjKl*', '/api/share/ZzZzZzZzZzZz*', '/assets/orgs/o1/guides/g1/*']);
  });

  it('spends none on lifecycle expirations: old versions, orphaned delete markers and pending uploads were never what /assets serves', () => {
    expect(pathsToInvalidate([deleted('orgs/o1/guides/g1/old.png', 'Lifecycle Expiration'), deleted('pending/orgs/o1/up.png', 'Lifecycle Expiration')])).toEqual([]);
  });

  it('sends one invalidation per 3,000 paths, with a reference made of its paths (CloudFront mocked: AWS only)', async () => {
    const sent: CreateInvalidationCommand[] = [];
    const client = { send: async (command: CreateInvalidationCommand) => void sent.push(command) };
    const paths = Array.from({ length: MAX_PATHS_PER_INVALIDATION + 2 }, (_, i) => `/assets/k${i}.png`);
    expect(await invalidate(client as never, 'E123', paths)).toBe(2);
    expect(sent.map((c) => [c.input.DistributionId, c.input.InvalidationBatch?.Paths?.Quantity])).toEqual([
      ['E123', MAX_PATHS_PER_INVALIDATION],
      ['E123', 2],
    ]);
    expect(sent[1]!.input.InvalidationBatch?.Paths?.Items).toEqual(paths.slice(MAX_PATHS_PER_INVALIDATION));
    // The same paths again (a redelivered batch): the same reference, so CloudFront does not clear twice.
    const again: CreateInvalidationCommand[] = [];
    await invalidate({ send: async (command: CreateInvalidationCommand) => void again.push(command) } as never, 'E123', paths);
    expect(again.map((c) => c.input.InvalidationBatch?.CallerReference)).toEqual(sent.map((c) => c.input.InvalidationBatch?.CallerReference));
    expect(sent[0]!.input.InvalidationBatch?.CallerReference).not.toBe(sent[1]!.input.InvalidationBatch?.CallerReference);
  });
});
