import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';
import { stepWriteOptions } from './guide-revision';
import { NoContent } from './guide-schemas';
import { useSlideSave } from './slide-save';

const slidePath = (guideId: string, slideId: string) => `/api/guides/${encodeURIComponent(guideId)}/slides/${encodeURIComponent(slideId)}`;

/** DELETE /api/guides/{id}/slides/{slideId}: the slide and its screenshot. */
export async function deleteSlide({ guideId, slideId }: { guideId: string; slideId: string }) {
  await api.request(slidePath(guideId, slideId), { method: 'DELETE', ...stepWriteOptions(guideId) }, NoContent);
}

/** The design view takes the slide off its copy at once; the server keeps it for an undo (restore-slide.ts). */
export function useDeleteSlide({ guideId, mutationConfig }: { guideId: string; mutationConfig?: MutationConfig<typeof deleteSlide> }) {
  return useSlideSave(guideId, deleteSlide, { mutationConfig });
}
