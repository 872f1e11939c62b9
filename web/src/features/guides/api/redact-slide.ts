import { RedactSlideResponse, type RedactionBox } from '#shared/redaction-boxes';
import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';
import { stepWriteOptions } from './guide-revision';
import { useSlideSave } from './slide-save';

/**
 * POST /api/guides/{id}/slides/{slideId}/redact: bakes the boxes into a new screenshot; the
 * original is deleted on the server (there is no undo). Answers every slide now showing it.
 */
export function redactSlide({ guideId, slideId, boxes }: { guideId: string; slideId: string; boxes: RedactionBox[] }) {
  return api.request(
    `/api/guides/${encodeURIComponent(guideId)}/slides/${encodeURIComponent(slideId)}/redact`,
    { method: 'POST', body: { boxes }, ...stepWriteOptions(guideId) },
    RedactSlideResponse,
  );
}

export function useRedactSlide({ guideId, mutationConfig }: { guideId: string; mutationConfig?: MutationConfig<typeof redactSlide> }) {
  return useSlideSave(guideId, redactSlide, { awaitRefresh: true, mutationConfig });
}
