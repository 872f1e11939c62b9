import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';
import { stepWriteOptions } from './guide-revision';
import { Slide } from './guide-schemas';
import { useSlideSave } from './slide-save';

/**
 * POST /api/guides/{id}/slides/{slideId}/restore: a deleted slide back whole (words, settings,
 * screenshot, voiceover), after `afterSlideId` (null: first). The design view's undo of a delete.
 */
export function restoreSlide({ guideId, slideId, afterSlideId }: { guideId: string; slideId: string; afterSlideId: string | null }) {
  return api.request(
    `/api/guides/${encodeURIComponent(guideId)}/slides/${encodeURIComponent(slideId)}/restore`,
    { method: 'POST', body: { afterSlideId }, ...stepWriteOptions(guideId) },
    Slide,
  );
}

export function useRestoreSlide({ guideId, mutationConfig }: { guideId: string; mutationConfig?: MutationConfig<typeof restoreSlide> }) {
  return useSlideSave(guideId, restoreSlide, { mutationConfig });
}
