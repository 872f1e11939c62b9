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
});
