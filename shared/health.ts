import * as z from 'zod';

export const HealthCheckState = z.enum(['up', 'down']);

/** GET /api/health: every dependency the API needs, named, with its state. */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.record(z.string(), z.object({ status: HealthCheckState, latencyMs: z.number(), error: z.string().optional() })),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** GET /api/health/live: the API answers at all; no dependency is checked (uptime probes, benchmarks). */
export const LivenessResponse = z.object({ status: z.literal('ok') });
export type LivenessResponse = z.infer<typeof LivenessResponse>;

/** GET /api/openapi.json: an OpenAPI 3.1 document of every route (generated from these contracts). */
export const OpenApiDocument = z.looseObject({
  openapi: z.string().startsWith('3.1'),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
