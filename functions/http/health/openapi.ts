// GET /api/openapi.json — the API described from the shared zod schemas the handlers parse with and answer by
import * as z from 'zod';
import { ErrorBody } from '#shared/errors';
import { PRODUCT_NAME } from '#shared/product';
import { defineHandler } from '../../core/http';
import { OPERATIONS } from './operations';

type JsonSchema = Record<string, unknown>;

function schema(type: z.core.$ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const json = z.toJSONSchema(type, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function parameters(where: 'path' | 'query', object: z.ZodObject | undefined) {
  if (!object) return [];
  const json = schema(object);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: property }));
}

let document: JsonSchema | undefined;

export function buildDocument(): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of OPERATIONS) {
    const [status, description] = operation.success;
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = {
      summary: operation.summary,
      tags: [operation.tag],
      ...(operation.session ? { security: [{ session: [] }] } : {}),
      parameters: [...parameters('path', operation.params), ...parameters('query', operation.query)],
      ...(operation.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema(operation.body) } } } } : {}),
      responses: {
        [status]: {
          description,
          ...(operation.response ? { content: { 'application/json': { schema: schema(operation.response, 'output') } } } : {}),
        },
        default: { description: 'An error in the one error shape', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: `${PRODUCT_NAME} API`, version: '1' },
    servers: [{ url: '/' }],
    components: {
      schemas: { Error: schema(ErrorBody, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: '__Host-stepcast.session' } },
    },
    paths,
  };
}

export const openapi = defineHandler({}, async () => {
  document ??= buildDocument();
  return document;
});
