import { useQueryClient } from '@tanstack/react-query';
import type { GuideDto, SlideDto } from '#shared/guides';
import { toast } from '#web/components/ui/toast';
import { useDeleteSlide } from '../../api/delete-slide';
import { useDuplicateSlide } from '../../api/duplicate-slide';
import { guideQueryKeys } from '../../api/guide-schemas';
import { useRestoreSlide } from '../../api/restore-slide';
import type { SlideChanges } from '../../api/update-slide';
import type { HistoryEntry } from '../../utils/edit-history';
import { orderAfterMove } from '../../utils/reorder';

/**
 * What the design view does to whole steps: move, delete, duplicate, and the undo of an added
 * one. Each is shown at once and recorded in the history with the change that puts it back.
 */
export function useStepActions({
  guideId,
  slides,
  current,
  record,
  changeSlide,
  select,
  focus,
  announce,
}: {
  guideId: string;
  slides: readonly SlideDto[];
  current: () => GuideDto | undefined;
  record: (entry: HistoryEntry) => void;
  changeSlide: (slideId: string, data: SlideChanges) => void;
  select: (slideId: string | undefined) => void;
  focus: (request: { id: string; index: number }) => void;
  announce: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const { mutateAsync: deleteSlide } = useDeleteSlide({ guideId });
  const { mutateAsync: restoreSlide } = useRestoreSlide({ guideId });
  const { mutateAsync: copySlide } = useDuplicateSlide({ guideId });
  /** Takes a step out of the cached guide at once (its delete follows). */
  const dropFromCache = (slideId: string) =>
    queryClient.setQueryData<GuideDto>(guideQueryKeys.detail(guideId), (cached) =>
      cached ? { ...cached, slides: cached.slides.filter((item) => item.id !== slideId), slideCount: cached.slideCount - 1 } : cached,
    );

  const move = (from: number, to: number) => {
    const slide = slides[from];
    const order = orderAfterMove(
      slides.map((item) => item.order),
      from,
      to,
    );
    if (!slide || order === undefined) return;
    select(slide.id);
    focus({ id: slide.id, index: to });
    changeSlide(slide.id, { order });
    announce(`Step moved to position ${to + 1} of ${slides.length}.`);
  };

  /**
   * Deletes a step at once; the server keeps it whole for a while, so an undo brings it back
   * after the step that preceded it, with its screenshot and voiceover.
   */
  const removeSlide = (slide: SlideDto) => {
    const index = slides.findIndex((item) => item.id === slide.id);
    const neighbour = slides[index + 1] ?? slides[index - 1];
    const afterSlideId = slides[index - 1]?.id ?? null;
    const remove = () => {
      dropFromCache(slide.id);
      return deleteSlide({ guideId, slideId: slide.id });
    };
    select(neighbour?.id);
    if (neighbour) focus({ id: neighbour.id, index: index < slides.length - 1 ? index : index - 1 });
    void remove().catch(() => undefined);
    record({
      label: `Delete step ${index + 1}`,
      undo: async () => {
        await restoreSlide({ guideId, slideId: slide.id, afterSlideId });
        select(slide.id);
      },
      redo: remove,
    });
    toast.info(`Step ${index + 1} deleted`, { description: 'Undo (Ctrl+Z) brings it back with its screenshot and voiceover.' });
  };

  /** A copy right after the step, chosen; an undo deletes the copy (kept by the server for a redo). */
  const duplicateSlide = (slide: SlideDto) => {
    const index = slides.findIndex((item) => item.id === slide.id);
    void copySlide({ guideId, slideId: slide.id })
      .then((copy) => {
        select(copy.id);
        announce(`Step ${index + 1} duplicated as step ${index + 2}.`);
        record({
          label: `Duplicate step ${index + 1}`,
          undo: () => {
            dropFromCache(copy.id);
            select(slide.id);
            return deleteSlide({ guideId, slideId: copy.id });
          },
          redo: async () => {
            await restoreSlide({ guideId, slideId: copy.id, afterSlideId: slide.id });
            select(copy.id);
          },
        });
      })
      .catch(() => undefined);
  };

  /** An added step can be taken away again (a delete the server keeps) and brought back. */
  const recordAdded = (slide: SlideDto) => {
    let afterSlideId: string | null = null;
    record({
      label: 'Add a step',
      undo: () => {
        const now = current()?.slides ?? [];
        afterSlideId = now[now.findIndex((item) => item.id === slide.id) - 1]?.id ?? null;
        dropFromCache(slide.id);
        return deleteSlide({ guideId, slideId: slide.id });
      },
      redo: () => restoreSlide({ guideId, slideId: slide.id, afterSlideId }),
    });
  };

  return { move, removeSlide, duplicateSlide, recordAdded };
}
