import type { Context } from 'aws-lambda';
import { AppError } from '#shared/errors';
import { ROUTES, routeKey, type FunctionName } from '../routes';
import { errorResult, type ApiEvent, type ApiHandler, type ApiResult } from './http';
import { requireSiteOrigin } from './origin';
import { assertFromCloudFront } from './viewer';
import { apiEntry } from './lambda';

/**
 * One Lambda serves the routes of one function of the routes table. It picks the route's
 * handler by `event.routeKey` (set by API Gateway and by the local adapter); the table and
 * the handler map must agree, which a unit test checks for every function. The result is the
 * function's Lambda entry (logger context, X-Ray segment: ./lambda.ts).
 */
export function dispatch(fn: FunctionName, handlers: Record<string, ApiHandler>): ApiHandler {
  // At cold start: a function that cannot tell its own site from a forged Host never answers.
  requireSiteOrigin();
  const byKey = new Map<string, ApiHandler>();
  for (const route of ROUTES) {
    if (route.fn !== fn) continue;
    const handler = handlers[route.handler];
    if (!handler) throw new Error(`Function ${fn} has no handler "${route.handler}" for ${routeKey(route)}`);
    byKey.set(routeKey(route), handler);
  }
  return apiEntry(async (event: ApiEvent, context: Context): Promise<ApiResult> => {
    const handler = byKey.get(event.routeKey);
    try {
      await assertFromCloudFront(event);
    } catch (error) {
      return errorResult(error as AppError, event.requestContext?.requestId);
    }
    if (!handler) return errorResult(new AppError('not_found', 'No such API route.'), event.requestContext?.requestId);
    return handler(event, context);
  });
}
