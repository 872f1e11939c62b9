import { describe, expect, it } from 'vitest';
import { ROUTES, routeKey } from '../../routes';
import { buildDocument } from './openapi';
import { OPERATIONS } from './operations';

describe('the OpenAPI document', () => {
  it('describes every route of the routes table, and nothing else', () => {
    const routes = ROUTES.filter((r) => r.method !== 'ANY').map(routeKey).sort();
    const described = OPERATIONS.map(routeKey).sort();
    expect(described).toEqual(routes);
  });

  it('carries the request schemas the handlers parse with', () => {
    const doc = buildDocument() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: object } }> } }>> };
    const createGuide = doc.paths['/api/guides']!.post!;
    expect(Object.keys(createGuide.requestBody!.content['application/json']!.schema.properties)).toEqual(['title', 'folderId', 'autoTitle']);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('describes every JSON answer with its shared schema', () => {
    const doc = buildDocument() as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { properties?: object } }> }> }>> };
    const getGuide = doc.paths['/api/guides/{id}']!.get!.responses['200']!;
    expect(Object.keys(getGuide.content!['application/json']!.schema.properties!)).toContain('slides');
    const withoutBody = OPERATIONS.filter((o) => !o.response).map((o) => `${o.success[0]} ${routeKey(o)}`);
    expect(withoutBody.every((o) => o.startsWith('204 ') || o.startsWith('302 '))).toBe(true);
  });
});
