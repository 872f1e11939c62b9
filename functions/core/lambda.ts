import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { MiddlewareObj } from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { ApiEvent, ApiHandler, ApiResult } from './http';
import { logger } from './logger';
import { tracer } from './tracer';

/**
 * The Lambda entry of every function, API or worker: the logger gets the invocation's context
 * (function name, memory, cold start, Lambda request id, X-Ray trace id) and the tracer a
 * segment of its own. A request is then followed by the API Gateway request id: it is the
 * `requestId` of the API's access log line, of every log line the function writes for it, the
 * `x-request-id` of the answer, and the `requestId` annotation of its X-Ray trace.
 */
const entries = new WeakSet<object>();

/** True for a handler made by `apiEntry` or `workerEntry` (a unit test checks every function's). */
export function isLambdaEntry(handler: unknown): boolean {
  return typeof handler === 'function' && entries.has(handler);
}

// Responses carry sessions and users' data: they stay out of the trace, errors do not.
const TRACE_OPTIONS = { captureResponse: false };

function requestCorrelation(): MiddlewareObj<ApiEvent, ApiResult> {
  return {
    before: ({ event }) => {
      const requestId = event.requestContext?.requestId;
      if (!requestId) return;
      // Temporary keys: injectLambdaContext's resetKeys drops them after the invocation.
      logger.appendKeys({ requestId });
      tracer.putAnnotation('requestId', requestId);
      tracer.putAnnotation('route', event.routeKey);
    },
  };
}

/** An API function's Lambda handler (dispatch() makes every one). */
export function apiEntry(handler: ApiHandler): ApiHandler {
  const entry = middy<ApiEvent, ApiResult>()
    .use(captureLambdaHandler(tracer, TRACE_OPTIONS))
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(requestCorrelation())
    .handler(handler);
  entries.add(entry);
  return entry;
}

export type WorkerHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;

/** A queue-fed worker's Lambda handler: `export const handler = workerEntry(async (event) => ...)`. */
export function workerEntry(handler: WorkerHandler): WorkerHandler {
  const entry = middy<SQSEvent, SQSBatchResponse>()
    .use(captureLambdaHandler(tracer, TRACE_OPTIONS))
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(handler);
  entries.add(entry);
  return entry;
}
