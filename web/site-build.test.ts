import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const out = mkdtempSync(path.join(os.tmpdir(), 'stepcast-deploy-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** `npm run build`'s steps for a deployed stage with no site origin configured, into a scratch folder. */
async function failedStep(command: string[]): Promise<{ code: number; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, STEPCAST_DEPLOY_STAGE: 'prod' };
  delete env.VITE_SITE_ORIGIN;
  try {
    await run(process.execPath, command, { cwd: ROOT, env, timeout: 60_000 });
    return { code: 0, output: '' };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? 1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

describe('a production build (for a deployed stage) without a configured site origin', () => {
  it('fails in the Vite build before writing anything, naming the fix', async () => {
    const result = await failedStep([path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--outDir', out, '--emptyOutDir']);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('VITE_SITE_ORIGIN is not set: deploy with npm run deploy -- --stage prod');
    expect(readdirSync(out)).toEqual([]);
  });

  it('fails in the prerender step too, in one line', async () => {
    const result = await failedStep([path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'web/prerender.ts', '--dist', out]);
    expect(result.code).toBe(1);
    expect(result.output.trim()).toMatch(/^prerender: STEPCAST_DEPLOY_STAGE=prod builds the site for a deployed stage, but VITE_SITE_ORIGIN is not set/);
  });
});
