import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { GuideDto } from '#shared/guides';
import type { GuideBase, SlideBase } from '#shared/revision';
import { toast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-error';
import { conflictValues } from '../../api/guide-cache';
import { guideQueryKeys } from '../../api/guide-schemas';
import { useUpdateGuide, type GuideChanges } from '../../api/update-guide';
import { useUpdateSlide, type SlideChanges } from '../../api/update-slide';
import { useEditHistory } from '../../hooks/use-edit-history';
import type { HistoryEntry } from '../../utils/edit-history';
import { FieldConflict } from '../../utils/held-drafts';
import { changeValues, guideBase, guideChangeLabel, inverseGuideChanges, inverseSlideChanges, slideBase, slideChangeLabel } from '../../utils/inverse-changes';

/**
 * A refused save: nothing of it happened, so its undo entry goes; a field someone else changed
 * meanwhile becomes a FieldConflict carrying their value, anything else is thrown on.
 */
function refused(error: unknown, forgetEntry: () => void): never {
  forgetEntry();
  const theirs = conflictValues(error);
  if (!theirs) throw error;
  const value = Object.values(theirs)[0];
  throw new FieldConflict(typeof value === 'string' ? value : '', value);
}

/**
 * The design view's edits and their history: every change to a step or to the guide is shown at
 * once, saved with the values it was made from, and recorded (once saved) with the save that
 * puts it back, for Ctrl+Z and Ctrl+Shift+Z.
 */
export function useDesignEdits({
  guideId,
  select,
  announce,
  openSubscription,
}: {
  guideId: string;
  select: (slideId: string) => void;
  announce: (message: string) => void;
  openSubscription: () => void;
}) {
  const queryClient = useQueryClient();
  const updateGuide = useUpdateGuide({
    guideId,
    mutationConfig: {
      onError: (error) => {
        if (isApiError(error) && error.code === 'plan_limit') {
          toast.info('Private guides are a Pro feature', { description: 'Start a Pro trial to keep guides to your organization.' });
          openSubscription();
        } else toast.error('Something went wrong');
      },
    },
  });
  const { mutateAsync: saveSlide } = useUpdateSlide({ guideId });
  const history = useEditHistory({
    onDone: announce,
    onFailed: (label) => toast.error('That could not be undone', { description: `${label}: it was changed again since (by someone else), or the change did not reach the server.` }),
  });
  const { record, forget } = history;
  /** What the cache holds now (the render's copy may be older than the last optimistic change). */
  const current = useCallback(() => queryClient.getQueryData<GuideDto>(guideQueryKeys.detail(guideId)), [queryClient, guideId]);

  /**
   * Every slide edit: shown at once, saved with the values it was made from (`base`: the page's
   * own unless a text field names the one its typing began from), and recorded in the history
   * once saved, with the save that puts it back. Refused because someone else changed the same
   * field meanwhile, it rejects with FieldConflict (their value); other steps and fields never refuse it.
   */
  const applySlideChange = useCallback(
    (slideId: string, data: SlideChanges, base?: SlideBase): Promise<void> => {
      const now = current();
      const index = now?.slides.findIndex((item) => item.id === slideId) ?? -1;
      const before = now?.slides[index];
      const made = base ?? (before ? slideBase(before, data) : undefined);
      const saving = saveSlide({ guideId, slideId, data: { ...data, ...(made ? { base: made } : {}) } });
      let entry: HistoryEntry | undefined;
      if (before) {
        const inverse = inverseSlideChanges(before, data);
        entry = {
          label: slideChangeLabel(data, index + 1),
          undo: () => {
            select(slideId);
            return saveSlide({ guideId, slideId, data: { ...inverse, base: changeValues(data) } });
          },
          redo: () => {
            select(slideId);
            return saveSlide({ guideId, slideId, data: { ...data, base: changeValues(inverse) } });
          },
        };
        record(entry);
      }
      return saving.then(
        () => undefined,
        (error: unknown) => refused(error, () => entry && forget(entry)),
      );
    },
    [current, saveSlide, record, forget, guideId, select],
  );
  /** A change made with a click or a slider: a refusal is said, and the page shows what won. */
  const changeSlide = useCallback(
    (slideId: string, data: SlideChanges) => {
      const position = (current()?.slides.findIndex((item) => item.id === slideId) ?? -1) + 1;
      applySlideChange(slideId, data).catch((error: unknown) => {
        if (error instanceof FieldConflict) toast.info(`Step ${position} was changed by someone else`, { description: 'Your change was not saved: the step shows theirs now.' });
      });
    },
    [applySlideChange, current],
  );
  /** A text field's save: its base is the text its typing began from; a refusal goes back to the field. */
  const saveSlideField = useCallback(
    (slideId: string, field: 'text' | 'narration', value: string, base: string) => applySlideChange(slideId, { [field]: value }, { [field]: base }),
    [applySlideChange],
  );
  const { mutateAsync: saveGuide } = updateGuide;
  const applyGuideChange = useCallback(
    (data: GuideChanges, base?: GuideBase): Promise<void> => {
      const now = current();
      const made = base ?? (now ? guideBase(now, data) : undefined);
      const saving = saveGuide({ id: guideId, data: { ...data, ...(made && Object.keys(made).length > 0 ? { base: made } : {}) } });
      const inverse = now ? inverseGuideChanges(now, data) : {};
      let entry: HistoryEntry | undefined;
      if (Object.keys(inverse).length > 0) {
        const undoBase = changeValues(data, 'guide');
        const redoBase = changeValues(inverse, 'guide');
        entry = {
          label: guideChangeLabel(data),
          undo: () => saveGuide({ id: guideId, data: { ...inverse, ...(Object.keys(undoBase).length > 0 ? { base: undoBase } : {}) } }),
          redo: () => saveGuide({ id: guideId, data: { ...data, ...(Object.keys(redoBase).length > 0 ? { base: redoBase } : {}) } }),
        };
        record(entry);
      }
      return saving.then(
        () => undefined,
        (error: unknown) => refused(error, () => entry && forget(entry)),
      );
    },
    [current, saveGuide, record, forget, guideId],
  );
  const changeGuide = useCallback(
    (data: GuideChanges) => {
      applyGuideChange(data).catch((error: unknown) => {
        if (error instanceof FieldConflict) toast.info('The guide was changed by someone else', { description: 'Your change was not saved: the guide shows theirs now.' });
      });
    },
    [applyGuideChange],
  );
  const saveGuideField = useCallback(
    (field: 'title' | 'intro' | 'outro', value: string, base: string) => applyGuideChange({ [field]: value }, { [field]: base }),
    [applyGuideChange],
  );
  const saveIntro = useCallback((intro: string, base: string) => saveGuideField('intro', intro, base), [saveGuideField]);
  const saveOutro = useCallback((outro: string, base: string) => saveGuideField('outro', outro, base), [saveGuideField]);
  const rename = useCallback((title: string, base: string) => saveGuideField('title', title, base), [saveGuideField]);
  const changeVoice = useCallback((data: { voiceId?: string; speechRate?: number }) => changeGuide(data), [changeGuide]);

  return { history, current, changeSlide, saveSlideField, applyGuideChange, changeGuide, saveIntro, saveOutro, rename, changeVoice };
}
