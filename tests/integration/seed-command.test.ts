import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GALLERY_ITEMS } from '#shared/gallery';
import { useIsolatedStack } from '../support/isolated-stack';

const stack = useIsolatedStack();
const ROOT = path.resolve(import.meta.dirname, '../..');

function seed(env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'infra/local/seed/run.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run seed', () => {
  // Two full seeds in child processes (argon2, sharp): as long as their own 60 s limits allow, on a busy machine.
  it('loads the gallery guides into a stage once, with the ids the gallery links to', { timeout: 120_000 }, async () => {
    const env = {
      TABLE_NAME: stack().tableName,
      BUCKET_NAME: stack().bucketName,
      AWS_REGION: 'us-east-1',
      SEED_EMAIL: 'gallery@example.test',
      SEED_PASSWORD: 'a long gallery password',
    };
    const first = seed(env);
    expect(first.stdout).toContain('Seeded 6 guides');
    expect(seed(env).stdout).toContain('already there');
    for (const item of GALLERY_ITEMS) {
      const id = item.embedUrl.split('/')[2]!.slice(-12);
      const response = await fetch(`${stack().url}/api/share/${id}`);
      expect(response.status).toBe(200);
      const shared = (await response.json()) as { title: string; embed: boolean };
      expect(shared.title).toBe(item.title);
      // The gallery and the landing page embed these guides: their organisation has Pro without a subscription.
      expect(shared.embed).toBe(true);
      expect((await fetch(`${stack().url}${item.embedUrl}`)).status).toBe(200);
    }
  });

  it('says what it needs, in one line, without credentials of its own', () => {
    const { status, stderr } = seed({ TABLE_NAME: '', SEED_PASSWORD: 'short' });
    expect(status).toBe(1);
    expect(stderr).toMatch(/^npm run seed needs: TABLE_NAME/m);
  });
});
