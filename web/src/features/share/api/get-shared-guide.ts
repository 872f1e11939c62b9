import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * GET /api/share/{id}: what anyone with the link may see of a published guide.
 * TODO(share issue): move this contract to `shared/` so the handler answers with the same schema.
 */
export const SharedSlide = z.object({
  id: z.string().optional(),
  screenshotUrl: z.string().nullish(),
});

export const SharedGuide = z.object({
  id: z.string(),
  title: z.string(),
  slides: z.array(SharedSlide),
});
export type SharedGuide = z.infer<typeof SharedGuide>;

export function getSharedGuide(id: string, signal?: AbortSignal): Promise<SharedGuide> {
  return api.get(`/api/share/${encodeURIComponent(id)}`, SharedGuide, signal);
}

export function getSharedGuideQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['guides', 'shared', id],
    queryFn: ({ signal }) => getSharedGuide(id, signal),
  });
}

export function useSharedGuide(id: string) {
  return useSuspenseQuery(getSharedGuideQueryOptions(id));
}
