import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../infra/local/ports';

// `npm start`'s entry, run as a person would, for the problems it must explain in one line.
const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'stepcast-startup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
// Each case runs the whole start (DynamoDB Local's JVM included) as a child with a limit of its
// own (60 s, below): the file's limit sits above it, so a slow start on a loaded machine is not
// a failure (vitest's 20 s default failed the corrupt-data case at 23.9 s with two files at a time
// at load 14) and a start that hangs still fails, at the child's limit.
vi.setConfig({ testTimeout: 90_000 });

async function start(env: Record<string, string>, pathEnv = process.env.PATH!) {
  const ports = {
    PORT: String(await freePort()),
    DYNAMODB_PORT: String(await freePort()),
    S3_PORT: String(await freePort()),
    SMTP_PORT: String(await freePort()),
    MAIL_WEB_PORT: String(await freePort()),
    STRIPE_PORT: String(await freePort()),
  };
  // Nothing inherited may point the stack at running emulators (the test harness runs some).
  const { DYNAMODB_ENDPOINT: _d, S3_ENDPOINT: _s, STRIPE_SECRET_KEY: _k, ...inherited } = process.env;
  const result = spawnSync(process.execPath, [TSX, 'infra/local/start.ts'], {
    cwd: ROOT,
    env: { ...inherited, ...ports, PATH: pathEnv, DATA_DIR: path.join(scratch, `data-${Math.random()}`), SEED: 'false', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const lines = result.stderr.trim().split('\n').filter((l) => !/npm warn|NodeVersionSupport/.test(l));
  return { status: result.status, lines };
}

function oneLine(lines: string[]): string {
  const mine = lines.filter((l) => l.startsWith('Stepcast could not start:'));
  expect(mine).toHaveLength(1);
  expect(lines.join('\n')).not.toMatch(/\n\s+at /);
  return mine[0]!;
}

describe('npm start explains what to do, in one line', () => {
  it('when the port is in use', async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as net.AddressInfo).port;
    const { status, lines } = await start({ PORT: String(port) });
    busy.close();
    expect(status).toBe(1);
    expect(oneLine(lines)).toBe(
      `Stepcast could not start: Port ${port} (the app) is in use: stop the program using it, or choose another port with PORT=<port>.`,
    );
  });

  it('when Java is missing', async () => {
    const bin = path.join(scratch, 'bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync(process.execPath, path.join(bin, 'node'));
    const { status, lines } = await start({}, bin);
    expect(status).toBe(1);
    expect(oneLine(lines)).toMatch(/^Stepcast could not start: Java 17 or newer is needed for DynamoDB Local and was not found: install it/);
  });

  it('when the local data is corrupt', async () => {
    const dataDir = path.join(scratch, 'corrupt');
    mkdirSync(path.join(dataDir, 'dynamodb'), { recursive: true });
    writeFileSync(path.join(dataDir, 'dynamodb', 'shared-local-instance.db'), Buffer.alloc(20_000, 7));
    const { status, lines } = await start({ DATA_DIR: dataDir });
    expect(status).toBe(1);
    expect(oneLine(lines)).toMatch(/could not be read \(it looks corrupt\): move it away \(mv .*\.broken\) and start again\.$/);
  });
});
