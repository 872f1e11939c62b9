import { execFile } from 'node:child_process';
import dgram from 'node:dgram';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { defineHandler } from './http';
import { apiEntry, isLambdaEntry, workerEntry } from './lambda';
import { logger } from './logger';
import { tracer } from './tracer';

const run = promisify(execFile);

function event(requestId: string): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'GET /api/things',
    rawPath: '/api/things',
    rawQueryString: '',
    headers: {},
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: 'GET', path: '/api/things', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId,
      routeKey: 'GET /api/things',
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
    isBase64Encoded: false,
  };
}

const context = {
  functionName: 'stepcast-local-health',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:stepcast-local-health',
  memoryLimitInMB: '512',
  awsRequestId: 'lambda-1',
  getRemainingTimeInMillis: () => 5_000,
} as Context;

const LogLine = z.object({ message: z.string(), requestId: z.string().optional(), function_request_id: z.string().optional(), function_name: z.string().optional(), cold_start: z.boolean().optional() }).loose();

/** The JSON lines the logger writes while `action` runs. */
async function logLines(action: () => Promise<unknown>): Promise<Array<z.infer<typeof LogLine>>> {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  logger.setLogLevel('INFO');
  try {
    await action();
  } finally {
    logger.setLogLevel('SILENT');
    spy.mockRestore();
  }
  return written.flatMap((text) => text.split('\n')).filter((line) => line.startsWith('{')).map((line) => LogLine.parse(JSON.parse(line)));
}

describe('the Lambda entry of an API function', () => {
  afterEach(() => logger.resetKeys());

  it("writes the invocation's Lambda context and the API request id on every line of the request", async () => {
    const route = defineHandler({}, async () => {
      logger.info('inside');
      return { ok: true };
    });
    const handler = apiEntry(route);
    const lines = await logLines(() => handler(event('req-42'), context));
    const inside = lines.find((line) => line.message === 'inside');
    const request = lines.find((line) => line.message === 'request');
    for (const line of [inside, request]) {
      expect(line).toMatchObject({ requestId: 'req-42', function_request_id: 'lambda-1', function_name: 'stepcast-local-health' });
      expect(typeof line?.cold_start).toBe('boolean');
    }
  });

  it("drops one request's id before the next, even when the first failed", async () => {
    const handler = apiEntry(async (e) => {
      logger.info('handled');
      if (e.requestContext.requestId === 'first') throw new Error('boom');
      return { statusCode: 200, body: '' };
    });
    await expect(logLines(() => handler(event('first'), context))).rejects.toThrow('boom');
    const lines = await logLines(() => handler({ ...event('second'), requestContext: { ...event('second').requestContext, requestId: '' } }, context));
    expect(lines.find((line) => line.message === 'handled')?.requestId).toBeUndefined();
  });

  it('is not traced outside Lambda, so the local stack needs no X-Ray daemon', () => {
    expect(process.env.AWS_EXECUTION_ENV).toBeUndefined();
    expect(tracer.isTracingEnabled()).toBe(false);
  });

  it("leaves the process's promises unhooked outside Lambda (the X-Ray SDK in manual mode, no cls-hooked namespace)", () => {
    const namespaces = (process as NodeJS.Process & { namespaces?: Record<string, unknown> }).namespaces ?? {};
    expect(Object.keys(namespaces)).not.toContain('AWSXRay');
  });

  it('marks what it makes, and nothing else, as a Lambda entry', () => {
    const plain = async () => ({ statusCode: 200 });
    expect(isLambdaEntry(apiEntry(plain))).toBe(true);
    expect(isLambdaEntry(workerEntry(async () => ({ batchItemFailures: [] })))).toBe(true);
    expect(isLambdaEntry(plain)).toBe(false);
  });
});

describe('in Lambda with tracing on', () => {
  it("sends X-Ray a segment annotated with the request id, and logs the trace id beside it", async () => {
    // A stand-in for the X-Ray daemon: a UDP socket on loopback that collects what the SDK sends.
    const daemon = dgram.createSocket('udp4');
    const received: string[] = [];
    daemon.on('message', (message) => received.push(message.toString('utf8')));
    await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', resolve));
    const { port } = daemon.address();
    const traceRoot = '1-5759e988-bd862e3fe1be46a994272793';
    try {
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/traced-request.ts'), 'api-request-7'],
        {
          cwd: path.join(import.meta.dirname, '../..'),
          env: {
            PATH: process.env.PATH,
            AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
            LAMBDA_TASK_ROOT: '/var/task',
            _HANDLER: 'index.handler',
            AWS_REGION: 'us-east-1',
            AWS_LAMBDA_FUNCTION_NAME: 'stepcast-test-health',
            _X_AMZN_TRACE_ID: `Root=${traceRoot};Parent=53995c3f42cd8ad8;Sampled=1`,
            AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${port}`,
            POWERTOOLS_LOG_LEVEL: 'INFO',
          },
        },
      );
      const line = stdout.split('\n').filter((text) => text.startsWith('{')).map((text) => JSON.parse(text) as Record<string, unknown>).find((entry) => entry.message === 'inside the handler');
      expect(line).toMatchObject({ requestId: 'api-request-7', function_request_id: 'lambda-request-1', xray_trace_id: traceRoot });

      // Segments arrive as a header line and a JSON document.
      await vi.waitFor(() => expect(received.length).toBeGreaterThan(0), { timeout: 2_000 });
      const segments = received.map((packet) => JSON.parse(packet.slice(packet.indexOf('\n') + 1)) as { name: string; trace_id: string; annotations?: Record<string, unknown> });
      const handler = segments.find((segment) => segment.name === '## index.handler');
      expect(handler?.trace_id).toBe(traceRoot);
      expect(handler?.annotations).toMatchObject({ requestId: 'api-request-7', route: 'GET /api/health/live', Service: 'stepcast' });
    } finally {
      daemon.close();
    }
  });
});
