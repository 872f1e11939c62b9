import './quiet-logs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { localS3Client } from '../../infra/local/emulators';
import { startAppServer } from '../../infra/local/server';

/**
 * One server of the health bench, in a process of its own (health.bench.ts forks it): the bare
 * node:http baseline (`bare <body>`) or the local server with its API Gateway adapter
 * (`adapter <webRoot>`, on the bench stack's emulators, from the inherited environment). The
 * load generator stays in the parent, so it never shares a thread with either server; the
 * parent asks for this process's CPU time to state each server's cost per request.
 */
export type HealthServerMessage = { url: string } | { cpuMicros: number };

const [kind, arg = ''] = process.argv.slice(2);
const send = (message: HealthServerMessage) => process.send!(message);

let close: () => Promise<void>;
if (kind === 'bare') {
  const bare = http.createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(arg);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => bare.close(() => resolve()));
  send({ url: `http://127.0.0.1:${(bare.address() as AddressInfo).port}` });
} else if (kind === 'adapter') {
  const s3 = localS3Client(process.env.S3_ENDPOINT!);
  const server = await startAppServer({ port: 0, webRoot: arg, s3, bucket: process.env.BUCKET_NAME! });
  close = async () => {
    await server.close();
    s3.destroy();
  };
  send({ url: server.url });
} else {
  throw new Error(`health-server: unknown kind ${kind}`);
}

process.on('message', (message: 'cpu' | 'stop') => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    send({ cpuMicros: user + system });
  } else {
    void close().then(() => process.exit(0));
  }
});
