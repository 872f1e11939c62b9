import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('the content script', () => {
  it('carries no zod: it runs in every frame of every page, and a schema library would triple it', async () => {
    const result = await build({
      entryPoints: [path.join(import.meta.dirname, 'src/content/index.ts')],
      bundle: true,
      write: false,
      metafile: true,
      format: 'iife',
      target: 'chrome120',
      define: { __STEPCAST_APP_ORIGIN__: JSON.stringify('http://localhost:3000') },
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.includes('shared/guide-me.ts'))).toBe(true);
    expect(inputs.filter((input) => input.includes('node_modules/zod'))).toEqual([]);
  });
});
