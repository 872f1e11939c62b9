import { describe, expect, it } from 'vitest';
import { isLambdaEntry } from './core/lambda';
import { FUNCTIONS, ROUTES, WORKERS, allowedMethods, matchRoute, routeKey } from './routes';

describe('the routes table', () => {
  it('matches a literal route and the catch-all for anything else under /api', () => {
    expect(matchRoute('GET', '/api/health')?.route.handler).toBe('health');
    expect(matchRoute('GET', '/api/nothing/here')?.route.handler).toBe('notFound');
    expect(matchRoute('POST', '/api/health')?.route.handler).toBe('notFound');
  });

  it('prefers a literal segment to a parameter at the same path, for the request\'s method only', () => {
    expect(matchRoute('GET', '/api/guides/health')?.route.handler).toBe('guideHealth');
    expect(matchRoute('GET', '/api/guides/abc')).toEqual({ route: expect.objectContaining({ handler: 'getGuide' }), pathParameters: { id: 'abc' } });
    expect(matchRoute('PATCH', '/api/guides/health')?.route.handler).toBe('updateGuide');
    expect(matchRoute('GET', '/api/health/')?.route.handler).toBe('notFound');
  });

  it('says which methods a path allows, for 405 answers', () => {
    expect(allowedMethods('/api/health')).toEqual(['GET']);
    expect(allowedMethods('/api/nothing')).toEqual([]);
  });

  it('has unique route keys', () => {
    const keys = ROUTES.map((route) => routeKey(route));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(Object.keys(FUNCTIONS))('function %s dispatches every route the table gives it', async (fn) => {
    process.env.APP_ORIGIN = 'https://app.example.test';
    // dispatch() throws at module load when a route of the table has no handler.
    const entry = FUNCTIONS[fn as keyof typeof FUNCTIONS].entry.replace(/^functions\//, './');
    const module = (await import(entry)) as { handler: unknown };
    expect(typeof module.handler).toBe('function');
  });

  // Every Lambda's logs carry its invocation's context and the request id, and it is traced.
  it.each([...Object.values(FUNCTIONS), ...Object.values(WORKERS)].map((spec) => spec.entry))('%s exports a Lambda entry (core/lambda.ts)', async (path) => {
    const module = (await import(path.replace(/^functions\//, './'))) as { handler: unknown };
    expect(isLambdaEntry(module.handler)).toBe(true);
  });
});
