import type { z } from 'zod';
import type { CreateSlideBody } from '#shared/guides';
import { MergeSlideDto, ScreenshotChangeDto, SplitSlideDto, type ScreenshotChangeBody } from '#shared/slide-tools';
import { api } from '#web/lib/api-client';
import { stepWriteOptions } from './guide-revision';
import { Slide } from './guide-schemas';
import { useSlideSave } from './slide-save';

/**
 * The design view's slide operations (shared/slide-tools.ts): each a write of the guide's content
 * with its `If-Match`, in the guide's save queue, the guide fetched again after it.
 */
const slidePath = (guideId: string, slideId: string) => `/api/guides/${encodeURIComponent(guideId)}/slides/${encodeURIComponent(slideId)}`;

/** POST /api/guides/{id}/slides at a given order (a blank step inserted): checked like any other content write. */
export function insertSlide({ guideId, data }: { guideId: string; data: z.input<typeof CreateSlideBody> }) {
  return api.request(`/api/guides/${encodeURIComponent(guideId)}/slides`, { method: 'POST', body: data, ...stepWriteOptions(guideId) }, Slide);
}

export function splitSlide({ guideId, slideId, at }: { guideId: string; slideId: string; at?: number | undefined }) {
  return api.request(`${slidePath(guideId, slideId)}/split`, { method: 'POST', body: at === undefined ? {} : { at }, ...stepWriteOptions(guideId) }, SplitSlideDto);
}

export function mergeSlide({ guideId, slideId }: { guideId: string; slideId: string }) {
  return api.request(`${slidePath(guideId, slideId)}/merge`, { method: 'POST', body: {}, ...stepWriteOptions(guideId) }, MergeSlideDto);
}

export function changeScreenshot({ guideId, slideId, change }: { guideId: string; slideId: string; change: ScreenshotChangeBody }) {
  return api.request(`${slidePath(guideId, slideId)}/screenshot`, { method: 'POST', body: change, ...stepWriteOptions(guideId) }, ScreenshotChangeDto);
}

/**
 * The design view says why each of these failed in a toast of its own ("Replacing the screenshot
 * failed: the file is not…"): their own `onError` keeps the app's generic "Something went wrong"
 * from showing beside it (one failure, one message).
 */
const saysItsOwnFailure = { onError: () => undefined };

export const useInsertSlide = (guideId: string) => useSlideSave(guideId, insertSlide, { awaitRefresh: true, mutationConfig: saysItsOwnFailure });
export const useSplitSlide = (guideId: string) => useSlideSave(guideId, splitSlide, { awaitRefresh: true, mutationConfig: saysItsOwnFailure });
export const useMergeSlide = (guideId: string) => useSlideSave(guideId, mergeSlide, { awaitRefresh: true, mutationConfig: saysItsOwnFailure });
export const useChangeScreenshot = (guideId: string) => useSlideSave(guideId, changeScreenshot, { awaitRefresh: true, mutationConfig: saysItsOwnFailure });
