import { describe, expect, it } from 'vitest';
import { DEV_EXTENSION_PUBLIC_KEY } from '#shared/extension';
import { buildManifest, originPattern } from './manifest';

describe('the manifest', () => {
  it('grants the configured app origin and pins the development id', () => {
    const manifest = buildManifest({ version: '0.1.0', appOrigin: 'http://localhost:3000' });
    expect(manifest.host_permissions).toEqual(['http://localhost/*', '<all_urls>']);
    expect(manifest.key).toBe(DEV_EXTENSION_PUBLIC_KEY);
    expect(manifest.manifest_version).toBe(3);
  });

  it('follows a production origin and extra upload origins', () => {
    const manifest = buildManifest({ version: '1.2.3', appOrigin: 'https://stepcast.example.com', uploadOrigins: ['https://assets.s3.us-east-1.amazonaws.com'], withKey: false });
    expect(manifest.host_permissions).toEqual(['https://stepcast.example.com/*', 'https://assets.s3.us-east-1.amazonaws.com/*', '<all_urls>']);
    expect(manifest.key).toBeUndefined();
  });

  it('injects the content script in every frame', () => {
    const manifest = buildManifest({ version: '0.1.0', appOrigin: 'http://localhost:3000' });
    expect(manifest.content_scripts).toEqual([expect.objectContaining({ all_frames: true, js: ['content.js'] })]);
  });

  it('turns an origin into a match pattern without the port', () => {
    expect(originPattern('http://localhost:3510')).toBe('http://localhost/*');
  });
});
