import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GuideDto, SlideDto, UpdateSlideBody } from '#shared/guides';
import { byOrder } from '#shared/order';
import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';
import { stepWriteOptions } from './guide-revision';
import { conflictFields, restoreSnapshot, savingElsewhere, takeSnapshot, type CacheSnapshot } from './guide-cache';
import { guideQueryKeys, Slide } from './guide-schemas';

export type SlideChanges = z.input<typeof UpdateSlideBody>;

/**
 * PATCH /api/guides/{id}/slides/{slideId}: step text, narration, overrides (null: back to the
 * guide's default), click point; `order` moves the slide (product-spec.md §4, computed with `orderBetween`).
 */
export function updateSlide({ guideId, slideId, data }: { guideId: string; slideId: string; data: SlideChanges }) {
  return api.request(`/api/guides/${encodeURIComponent(guideId)}/slides/${encodeURIComponent(slideId)}`, { method: 'PATCH', body: data, ...stepWriteOptions(guideId) }, Slide);
}

/** The slide with the changes applied, as the cache holds it (a null override clears it). */
function applied(slide: SlideDto, data: SlideChanges): SlideDto {
  return {
    ...slide,
    ...(data.title !== undefined ? { title: data.title } : {}),
    ...(data.text !== undefined ? { text: data.text } : {}),
    ...(data.narration !== undefined ? { narration: data.narration } : {}),
    ...(data.order !== undefined ? { order: data.order } : {}),
    ...(data.zoomLevel !== undefined ? { zoomLevel: data.zoomLevel } : {}),
    ...(data.isHighlightVisible !== undefined ? { isHighlightVisible: data.isHighlightVisible } : {}),
    ...(data.click !== undefined ? { click: data.click } : {}),
    ...(data.annotations !== undefined ? { annotations: data.annotations } : {}),
  };
}

/**
 * Every slide edit of the design view: shown at once (a move re-sorts the rail), put back if
 * refused. After the last pending save the guide is fetched again: a move may have renumbered
 * every slide on the server.
 */
export function useUpdateSlide({ guideId, mutationConfig }: { guideId: string; mutationConfig?: MutationConfig<typeof updateSlide> }) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationKey: guideQueryKeys.save(guideId),
    scope: guideQueryKeys.saveScope(guideId),
    mutationFn: updateSlide,
    onMutate: async ({ slideId, data }): Promise<CacheSnapshot> => {
      const snapshot = await takeSnapshot(queryClient, [guideQueryKeys.detail(guideId)]);
      queryClient.setQueryData<GuideDto>(guideQueryKeys.detail(guideId), (guide) =>
        guide ? { ...guide, slides: guide.slides.map((slide) => (slide.id === slideId ? applied(slide, data) : slide)).sort(byOrder((s) => s.id)) } : guide,
      );
      return snapshot;
    },
    onSettled: async (slide, error, variables, snapshot, context) => {
      if (error) {
        restoreSnapshot(queryClient, snapshot);
        // Refused because someone else changed a field: the page shows their value now (the
        // field that was being edited keeps the author's own text, design-fields.tsx).
        const theirs = conflictFields(error, Slide.partial());
        if (theirs) {
          queryClient.setQueryData<GuideDto>(guideQueryKeys.detail(guideId), (guide) =>
            guide ? { ...guide, slides: guide.slides.map((item) => (item.id === variables.slideId ? { ...item, ...theirs } : item)).sort(byOrder((s) => s.id)) } : guide,
          );
        }
      }
      if (!savingElsewhere(queryClient, guideId)) {
        void queryClient.invalidateQueries({ queryKey: guideQueryKeys.detail(guideId) });
        // The first slide is the thumbnail, and the lists show when the guide changed.
        void queryClient.invalidateQueries({ queryKey: guideQueryKeys.lists });
      }
      await onSettled?.(slide, error, variables, snapshot, context);
    },
  });
}
