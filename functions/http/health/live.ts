// GET /api/health/live — does the API answer at all? (no dependency is checked)
import type { LivenessResponse } from '#shared/health';
import { defineHandler } from '../../core/http';

const ALIVE: LivenessResponse = { status: 'ok' };

export const live = defineHandler({}, async () => ALIVE);
