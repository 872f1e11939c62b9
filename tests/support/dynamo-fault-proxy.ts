import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fault-injecting proxy in front of DynamoDB Local, on loopback: what the functions see when
 * DynamoDB hangs, throttles, or does a write and loses the answer. Each request is one DynamoDB
 * operation (its X-Amz-Target names it).
 */
export type Fault =
  | { kind: 'none' }
  /** accept and never answer */
  | { kind: 'hang' }
  /** answer this share of requests with DynamoDB's ThrottlingException */
  | { kind: 'throttle'; share: number }
  /** forward an operation, let it land, then cut the connection instead of answering: `times` times */
  | { kind: 'lose-answer'; operation: string; times: number };

export interface FaultProxy {
  endpoint: string;
  set(fault: Fault): void;
  /** operations forwarded, by name */
  counts: Map<string, number>;
  stop(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  let fault: Fault = { kind: 'none' };
  const counts = new Map<string, number>();
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const operation = String(req.headers['x-amz-target'] ?? '').split('.').pop() ?? '';
      counts.set(operation, (counts.get(operation) ?? 0) + 1);
      if (fault.kind === 'hang') return;
      if (fault.kind === 'throttle' && Math.random() < fault.share) {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#ThrottlingException', message: 'Rate of requests exceeds the allowed throughput.' }));
        return;
      }
      const lose = fault.kind === 'lose-answer' && fault.operation === operation && fault.times > 0;
      if (lose && fault.kind === 'lose-answer') fault = { ...fault, times: fault.times - 1 };
      const forward = http.request(
        { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => body.push(chunk));
          answer.on('end', () => {
            if (lose) {
              req.socket.destroy();
              return;
            }
            res.writeHead(answer.statusCode ?? 500, answer.headers);
            res.end(Buffer.concat(body));
          });
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    set: (next) => {
      fault = next;
    },
    counts,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
