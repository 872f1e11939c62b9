import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WorkerName } from '#shared/workers';

/**
 * SQS as far as the functions use it: SendMessage, in the AWS JSON protocol the SDK speaks, on
 * loopback. `npm start -- --bundles` runs each function from its bundle in a process of its own,
 * so the in-process queue of the source mode cannot reach their workers; their bundled SQS client
 * sends here instead (AWS_ENDPOINT_URL_SQS and each queue's URL), and each message goes to the
 * local worker as SQS's event source would deliver it. Like the Stripe double, a stand-in for a
 * service without an emulator, speaking its wire format to the real SDK.
 */
export interface SqsDouble {
  /** the endpoint for AWS_ENDPOINT_URL_SQS */
  endpoint: string;
  /** the queue URL of a worker, as its variable (queueUrlEnv) holds it */
  queueUrl(worker: WorkerName): string;
  stop(): Promise<void>;
}

const ACCOUNT = '000000000000';

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
  res.end(JSON.stringify(body));
}

export async function startSqsDouble(deliver: (worker: string, body: string, group: string | undefined) => void): Promise<SqsDouble> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      let input: { QueueUrl?: unknown; MessageBody?: unknown; MessageGroupId?: unknown };
      try {
        input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof input;
      } catch {
        sendJson(res, 400, { __type: 'com.amazonaws.sqs#InvalidParameterValue', message: 'The request body is not JSON.' });
        return;
      }
      if (target !== 'AmazonSQS.SendMessage') {
        sendJson(res, 400, { __type: 'com.amazonaws.sqs#UnsupportedOperation', message: `${target} is not supported by the local SQS double.` });
        return;
      }
      const worker = typeof input.QueueUrl === 'string' ? input.QueueUrl.split('/').pop() : undefined;
      if (!worker || typeof input.MessageBody !== 'string') {
        sendJson(res, 400, { __type: 'com.amazonaws.sqs#InvalidParameterValue', message: 'QueueUrl and MessageBody are required.' });
        return;
      }
      // A fair queue's message group (the organisation): the local workers serve groups as SQS does.
      deliver(worker, input.MessageBody, typeof input.MessageGroupId === 'string' ? input.MessageGroupId : undefined);
      // The SDK checks the body's MD5 against this.
      sendJson(res, 200, { MessageId: randomUUID(), MD5OfMessageBody: createHash('md5').update(input.MessageBody).digest('hex') });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    queueUrl: (worker) => `${endpoint}/${ACCOUNT}/${worker}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
