import { useQueryClient } from '@tanstack/react-query';
import type { GuideDto, SlideDto } from '#shared/guides';
import { orderBetween } from '#shared/order';
import type { CropRect } from '#shared/slide-tools';
import { toast } from '#web/components/ui/toast';
import { createUpload, postToBucket } from '../api/create-upload';
import { useDeleteSlide } from '../api/delete-slide';
import { guideQueryKeys } from '../api/guide-schemas';
import { useRestoreSlide } from '../api/restore-slide';
import { useChangeScreenshot, useInsertSlide, useMergeSlide, useSplitSlide } from '../api/slide-tools';
import { useUpdateSlide } from '../api/update-slide';
import type { HistoryEntry } from '../utils/edit-history';
import { checkScreenshotFile } from '../utils/screenshot-files';

export interface SlideTools {
  insertBlank: (after: SlideDto) => Promise<void>;
  split: (slide: SlideDto, at: number | undefined) => Promise<void>;
  merge: (slide: SlideDto) => Promise<void>;
  replace: (slide: SlideDto, file: File) => Promise<void>;
  crop: (slide: SlideDto, rect: CropRect) => Promise<void>;
}

/** The words of a blank step until the author writes their own. */
export const BLANK_STEP_TEXT = 'New step';

/**
 * The design view's slide operations, each recorded in the editor's history with what undoes it:
 * an added slide is deleted (the server keeps it, so a redo restores it), a removed one restored,
 * words put back with a save, a screenshot reverted to the one it replaced. Failures say why.
 */
export function useSlideTools({
  guideId,
  record,
  select,
  announce,
}: {
  guideId: string;
  record: (entry: HistoryEntry) => void;
  select: (slideId: string) => void;
  announce: (message: string) => void;
}): SlideTools {
  const queryClient = useQueryClient();
  const { mutateAsync: insert } = useInsertSlide(guideId);
  const { mutateAsync: splitAt } = useSplitSlide(guideId);
  const { mutateAsync: mergeNext } = useMergeSlide(guideId);
  const { mutateAsync: change } = useChangeScreenshot(guideId);
  const { mutateAsync: remove } = useDeleteSlide({ guideId });
  const { mutateAsync: restore } = useRestoreSlide({ guideId });
  const { mutateAsync: save } = useUpdateSlide({ guideId });

  const slidesNow = () => queryClient.getQueryData<GuideDto>(guideQueryKeys.detail(guideId))?.slides ?? [];
  const position = (slideId: string) => slidesNow().findIndex((item) => item.id === slideId) + 1;
  const dropFromCache = (slideId: string) =>
    queryClient.setQueryData<GuideDto>(guideQueryKeys.detail(guideId), (cached) =>
      cached ? { ...cached, slides: cached.slides.filter((item) => item.id !== slideId), slideCount: cached.slideCount - 1 } : cached,
    );
  const removeAdded = (slideId: string) => {
    dropFromCache(slideId);
    return remove({ guideId, slideId });
  };

  /** Runs an operation; a refusal is told. */
  const attempt = async (what: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      toast.error(`${what} failed`, { description: error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.' });
    }
  };

  const insertBlank = (after: SlideDto) =>
    attempt('Inserting a step', async () => {
      const slides = slidesNow();
      const index = slides.findIndex((item) => item.id === after.id);
      const order = orderBetween(after.order, slides[index + 1]?.order);
      const added = await insert({ guideId, data: { text: BLANK_STEP_TEXT, order } });
      select(added.id);
      announce(`Blank step inserted as step ${index + 2}.`);
      record({
        label: `Insert a blank step after step ${index + 1}`,
        undo: () => {
          select(after.id);
          return removeAdded(added.id);
        },
        redo: async () => {
          await restore({ guideId, slideId: added.id, afterSlideId: after.id });
          select(added.id);
        },
      });
    });

  const split = (slide: SlideDto, at: number | undefined) =>
    attempt('Splitting the step', async () => {
      const number = position(slide.id);
      const narration = slide.narration ?? '';
      const { first, second } = await splitAt({ guideId, slideId: slide.id, at });
      select(second.id);
      announce(`Step ${number} split: the rest of its narration is step ${number + 1}.`);
      record({
        label: `Split step ${number}`,
        undo: async () => {
          select(slide.id);
          await removeAdded(second.id);
          await save({ guideId, slideId: slide.id, data: { narration } });
        },
        redo: async () => {
          await save({ guideId, slideId: slide.id, data: { narration: first.narration ?? '' } });
          await restore({ guideId, slideId: second.id, afterSlideId: slide.id });
          select(second.id);
        },
      });
    });

  const merge = (slide: SlideDto) =>
    attempt('Merging the steps', async () => {
      const number = position(slide.id);
      const words = { text: slide.text ?? '', narration: slide.narration ?? '' };
      const { removedSlideId } = await mergeNext({ guideId, slideId: slide.id });
      select(slide.id);
      announce(`Steps ${number} and ${number + 1} merged.`);
      record({
        label: `Merge steps ${number} and ${number + 1}`,
        undo: async () => {
          await restore({ guideId, slideId: removedSlideId, afterSlideId: slide.id });
          await save({ guideId, slideId: slide.id, data: words });
          select(slide.id);
        },
        redo: async () => {
          await mergeNext({ guideId, slideId: slide.id });
          select(slide.id);
        },
      });
    });

  const recordScreenshot = (slide: SlideDto, label: string, previousKey: string | null, newKey: string | null) =>
    record({
      label,
      undo: async () => {
        select(slide.id);
        await change({ guideId, slideId: slide.id, change: { kind: 'revert', screenshotKey: previousKey } });
      },
      redo: async () => {
        select(slide.id);
        await change({ guideId, slideId: slide.id, change: { kind: 'revert', screenshotKey: newKey } });
      },
    });

  const replace = (slide: SlideDto, file: File) =>
    attempt('Replacing the screenshot', async () => {
      const check = checkScreenshotFile(file);
      if (!check.ok) throw new Error(check.reason);
      const number = position(slide.id);
      const upload = await createUpload({ guideId, contentType: check.contentType, contentLength: file.size });
      await postToBucket(upload, file);
      const { slide: changed, previousKey } = await change({ guideId, slideId: slide.id, change: { kind: 'replace', screenshotKey: upload.key } });
      announce(`Step ${number} screenshot replaced.`);
      recordScreenshot(slide, `Replace step ${number} screenshot`, previousKey, changed.screenshotKey);
    });

  const crop = (slide: SlideDto, rect: CropRect) =>
    attempt('Cropping the screenshot', async () => {
      const number = position(slide.id);
      const { slide: changed, previousKey } = await change({ guideId, slideId: slide.id, change: { kind: 'crop', rect } });
      announce(`Step ${number} screenshot cropped.`);
      recordScreenshot(slide, `Crop step ${number} screenshot`, previousKey, changed.screenshotKey);
    });

  return { insertBlank, split, merge, replace, crop };
}
