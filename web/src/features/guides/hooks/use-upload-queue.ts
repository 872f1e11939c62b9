import type { SlideDto } from '#shared/guides';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { errorMessage } from '#web/lib/form';
import { addSlide } from '../api/add-slide';
import { BucketUploadError, createUpload, postToBucket } from '../api/create-upload';
import { guideQueryKeys } from '../api/guide-schemas';
import { partitionScreenshotFiles } from '../utils/screenshot-files';
import {
  emptyUploadQueue,
  startableUploads,
  summarizeUploads,
  uploadQueueReducer,
  type UploadItem,
} from '../utils/upload-queue';

type AddSlideInTurn = (input: Parameters<typeof addSlide>[0]) => ReturnType<typeof addSlide>;

/** One file's way to a slide: a presigned POST, the file to the bucket, then the slide (checked by the server). */
async function uploadScreenshot(guideId: string, item: UploadItem, signal: AbortSignal, onProgress: (loaded: number) => void, addSlideInTurn: AddSlideInTurn) {
  const upload = await createUpload({ guideId, contentType: item.contentType, contentLength: item.size });
  await postToBucket(upload, item.file, { signal, onProgress: (loaded) => onProgress(loaded) });
  onProgress(item.size);
  return addSlideInTurn({ guideId, data: { screenshotKey: upload.key, order: item.order } });
}

function failureMessage(error: unknown): string {
  return error instanceof BucketUploadError ? error.message : errorMessage(error);
}

export interface UseUploadQueueOptions {
  /** uploads wait until there is a guide to add slides to */
  guideId: string | undefined;
  /** the first file's slide order (after the guide's last slide); 0 for a new guide */
  firstOrder?: number;
  /** each slide as it is added (the design view records it for undo) */
  onSlideAdded?: ((slide: SlideDto) => void) | undefined;
}

/**
 * Runs the upload queue: at most three files in flight, each one presigned, posted with
 * progress and turned into a slide; a failure marks only its file, which can be retried. The
 * guide is refreshed as slides arrive. Uploads still running when the component goes away are
 * cancelled.
 */
export function useUploadQueue({ guideId, firstOrder, onSlideAdded }: UseUploadQueueOptions) {
  const queryClient = useQueryClient();
  const added = useRef(onSlideAdded);
  useEffect(() => {
    added.current = onSlideAdded;
  });
  const [state, dispatch] = useReducer(uploadQueueReducer<File>, undefined, emptyUploadQueue<File>);
  // Keys of attempts already started: an effect that runs twice must not upload a file twice.
  const started = useRef(new Set<string>());
  const controllers = useRef(new Map<string, AbortController>());
  // Files travel in parallel but become slides one at a time: the server recounts the guide's
  // slides (count, thumbnail) from what it reads when a slide is added, and two adds at once
  // would each count without the other.
  const slideTurn = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    if (!guideId) return;
    for (const item of startableUploads(state)) {
      const attempt = `${item.id}:${item.attempts}`;
      if (started.current.has(attempt)) continue;
      started.current.add(attempt);
      dispatch({ type: 'start', id: item.id });
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      const addSlideInTurn: AddSlideInTurn = (input) => {
        const added = slideTurn.current.catch(() => undefined).then(() => addSlide(input));
        slideTurn.current = added;
        return added;
      };
      uploadScreenshot(guideId, item, controller.signal, (loaded) => dispatch({ type: 'progress', id: item.id, loaded }), addSlideInTurn).then(
        (slide) => {
          controllers.current.delete(item.id);
          dispatch({ type: 'succeed', id: item.id });
          added.current?.(slide);
          void queryClient.invalidateQueries({ queryKey: guideQueryKeys.detail(guideId) });
          void queryClient.invalidateQueries({ queryKey: guideQueryKeys.lists });
        },
        (error: unknown) => {
          controllers.current.delete(item.id);
          if (controller.signal.aborted) return;
          dispatch({ type: 'fail', id: item.id, error: failureMessage(error) });
        },
      );
    }
  }, [state, guideId, queryClient]);

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  /** Queues the files that can be screenshots; returns why the others cannot. */
  const addFiles = useCallback(
    (files: readonly File[]): string[] => {
    const { accepted, rejected } = partitionScreenshotFiles(files);
    if (accepted.length > 0) {
      dispatch({
        type: 'add',
        uploads: accepted.map(({ file, contentType }) => ({ id: crypto.randomUUID(), file, name: file.name, size: file.size, contentType })),
        ...(firstOrder !== undefined ? { firstOrder } : {}),
      });
    }
    return rejected;
  },
    [firstOrder],
  );

  const summary = useMemo(() => summarizeUploads(state), [state]);

  return {
    items: state.items,
    summary,
    addFiles,
    retry: useCallback((id: string) => dispatch({ type: 'retry', id }), []),
    retryFailed: useCallback(() => dispatch({ type: 'retryFailed' }), []),
    remove: useCallback((id: string) => dispatch({ type: 'remove', id }), []),
  };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
