import type { z } from 'zod';
import type { CreateSlideBody } from '#shared/guides';
import { api } from '#web/lib/api-client';
import { Slide } from './guide-schemas';

/**
 * POST /api/guides/{id}/slides: a slide, appended unless `order` places it. With a
 * `screenshotKey` the server checks the uploaded image first (type, size, that it decodes) and
 * records its width and height. The upload queue calls it and refreshes the guide once done.
 */
export function addSlide({ guideId, data }: { guideId: string; data: z.input<typeof CreateSlideBody> }) {
  return api.post(`/api/guides/${encodeURIComponent(guideId)}/slides`, data, Slide);
}
