import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SHARE_FRAME_RENDERER_FILE } from '#shared/share/frame';
import { REPO_ROOT } from './config';

const SOURCES = ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'web/vite.embed.config.ts', 'web/prerender.ts', 'web/prerender-css.ts', 'shared'];

function newest(target: string): number {
  const info = statSync(target, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

/** True when web/dist (or the share pages' frame renderer) is missing or older than any source it is built from. */
export function webBuildIsStale(): boolean {
  const built = statSync(path.join(REPO_ROOT, 'web/dist/index.html'), { throwIfNoEntry: false });
  if (!built || !existsSync(path.join(REPO_ROOT, SHARE_FRAME_RENDERER_FILE))) return true;
  return SOURCES.some((source) => newest(path.join(REPO_ROOT, source)) > built.mtimeMs);
}

/** `npm run build`'s web part: the Vite build, then the public pages prerendered into it. */
export async function buildWeb(): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: path.join(REPO_ROOT, 'web/vite.config.ts'), logLevel: 'warn' });
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(REPO_ROOT, 'web/prerender.ts')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
