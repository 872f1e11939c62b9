import { z } from 'zod';

export const HealthCheckState = z.enum(['up', 'down']);

/** GET /api/health: every dependency the API needs, named, with its state. */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.record(z.string(), z.object({ status: HealthCheckState, latencyMs: z.number(), error: z.string().optional() })),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
