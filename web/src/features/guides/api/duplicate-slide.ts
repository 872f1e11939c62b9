import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';
import { stepWriteOptions } from './guide-revision';
import { Slide } from './guide-schemas';
import { useSlideSave } from './slide-save';

/** POST /api/guides/{id}/slides/{slideId}/duplicate: a copy of the slide right after it. */
export function duplicateSlide({ guideId, slideId }: { guideId: string; slideId: string }) {
  return api.request(
    `/api/guides/${encodeURIComponent(guideId)}/slides/${encodeURIComponent(slideId)}/duplicate`,
    { method: 'POST', body: {}, ...stepWriteOptions(guideId) },
    Slide,
  );
}

export function useDuplicateSlide({ guideId, mutationConfig }: { guideId: string; mutationConfig?: MutationConfig<typeof duplicateSlide> }) {
  return useSlideSave(guideId, duplicateSlide, { awaitRefresh: true, mutationConfig });
}
