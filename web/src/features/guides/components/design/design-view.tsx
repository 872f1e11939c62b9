import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { sharePath } from '#shared/share/link';
import { MAX_NARRATION_LENGTH, MAX_STEP_TEXT_LENGTH, type GuideDto, type SlideDto } from '#shared/guides';
import type { GuideBase, SlideBase } from '#shared/revision';
import { Badge } from '../../../../components/ui/badge';
import { Dialog } from '../../../../components/ui/dialog';
import { Button, buttonClassName } from '../../../../components/ui/button';
import { Link } from '../../../../components/ui/link';
import { Menu, MenuItem } from '../../../../components/ui/menu';
import { toast, useToastsBelow } from '../../../../components/ui/toast';
import { Tooltip } from '../../../../components/ui/tooltip';
import { paths } from '../../../../config/paths';
import { isApiError } from '../../../../lib/api-error';
import { useDocumentHead } from '../../../../lib/document-head';
import { useDeleteSlide } from '../../api/delete-slide';
import { useDuplicateSlide } from '../../api/duplicate-slide';
import { trackRevision } from '../../api/guide-revision';
import { conflictValues } from '../../api/guide-cache';
import { usePresence } from '../../api/presence';
import { useGuide } from '../../api/get-guide';
import { useRegenerateTranscript } from '../../api/regenerate-transcript';
import { getEntitlementsQueryOptions, useEntitlements } from '../../../../lib/plan-queries';
import { useRestoreSlide } from '../../api/restore-slide';
import { guideQueryKeys } from '../../api/guide-schemas';
import { useFolders } from '../../api/list-folders';
import { useUpdateGuide, type GuideChanges } from '../../api/update-guide';
import { useUpdateSlide, type SlideChanges } from '../../api/update-slide';
import { useEditHistory } from '../../hooks/use-edit-history';
import { isTextTarget, type HistoryEntry } from '../../utils/edit-history';
import { useOpenSubscription } from '../../hooks/use-open-subscription';
import { copyShareLink } from '../../utils/copy-share-link';
import { changeValues, guideBase, guideChangeLabel, inverseGuideChanges, inverseSlideChanges, slideBase, slideChangeLabel } from '../../utils/inverse-changes';
import { FieldConflict, fieldKey } from '../../utils/held-drafts';
import { orderAfterMove } from '../../utils/reorder';
import type { EmbedDialogComponent } from '../embed-slot';
import type { ExportMenuComponent } from '../export-slot';
import type { PreviewDialogComponent } from '../preview-slot';
import { useSlideTools } from '../../hooks/use-slide-tools';
import { SlideToolsPanel } from './slide-tools-panel';
import { DeleteGuideDialog } from '../guide-dialogs';
import { Icons } from '../icons';
import { AddSlidesDialog } from './add-slides-dialog';
import { AnnotationEditor } from './annotation-editor';
import { AutosaveTextarea, SaveStatus } from './design-fields';
import { GuideSettings } from './guide-settings';
import { GuideCardsPanel } from './guide-cards-panel';
import { SlideRail } from './slide-rail';
import { SlideSettings } from './slide-settings';
import { ShortcutsDialog } from './shortcuts-dialog';
import { SlideStage } from './slide-stage';
import { useRedaction } from './redaction';
import { VoiceoverPanel } from './voiceover-panel';
import { DriftPanel } from './drift-panel';
import { PublishBar } from './publish-bar';
import { PresenceNote } from './presence-note';
import { PersonalDataPanel } from './personal-data-panel';
import { TranslationsPanel } from './translations-panel';
import '../guides-common.css';
import './design.css';

export interface DesignViewProps {
  guideId: string;
  EmbedDialog?: EmbedDialogComponent | undefined;
  ExportMenu?: ExportMenuComponent | undefined;
  PreviewDialog?: PreviewDialogComponent | undefined;
}

/**
 * The chosen step's words; each field saves itself (a new step remounts them, saving what was
 * left). Marks say where the words came from: the transcript's guess ("Needs text"), the
 * author's own ("Edited"), and whether the voiceover still says the narration.
 */
function StepText({
  slide,
  position,
  onSaveField,
  onRegenerate,
}: {
  slide: SlideDto;
  position: number;
  onSaveField: (slideId: string, field: 'text' | 'narration', value: string, base: string) => Promise<void>;
  onRegenerate: (slide: SlideDto) => void;
}) {
  const saveText = useCallback((text: string, base: string) => onSaveField(slide.id, 'text', text, base), [onSaveField, slide.id]);
  const saveNarration = useCallback((narration: string, base: string) => onSaveField(slide.id, 'narration', narration, base), [onSaveField, slide.id]);
  return (
    <div className="step-text">
      <div className="step-text__marks">
        {slide.needsText ? <Badge tone="warning">Needs text</Badge> : null}
        {slide.edited ? <Badge tone="neutral">Edited</Badge> : null}
        {slide.audioStale ? <Badge tone="warning">Narration changed: audio out of date</Badge> : null}
        <Button variant="ghost" size="sm" onClick={() => onRegenerate(slide)}>
          Rewrite step {position} text
        </Button>
      </div>
      <AutosaveTextarea
        label={`Step ${position} text`}
        value={slide.text ?? ''}
        fieldKey={fieldKey('slide', slide.id, 'text')}
        rows={2}
        placeholder="Click **Invite teammate**"
        hint="What to do, in a few words. **Double asterisks** make words bold."
        maxLength={MAX_STEP_TEXT_LENGTH}
        onSave={saveText}
      />
      <AutosaveTextarea
        label="Narration"
        value={slide.narration ?? ''}
        fieldKey={fieldKey('slide', slide.id, 'narration')}
        rows={3}
        placeholder="What the voiceover says on this step."
        maxLength={MAX_NARRATION_LENGTH}
        onSave={saveNarration}
      />
      {slide.audioUrl ? (
        <audio className="step-text__audio" controls preload="none" src={slide.audioUrl} aria-label={`Voiceover of step ${position}`} />
      ) : null}
    </div>
  );
}

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
 * /share/{slug}-{id}/design: the editor of one guide. The steps on the left (choose, reorder,
 * delete), the chosen step large in the middle with its text and narration, its settings and
 * the guide's on the right. Every change is shown at once and saved by itself.
 */
export function DesignView({ guideId, EmbedDialog, ExportMenu, PreviewDialog }: DesignViewProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: guide } = useGuide(guideId);
  const folder = useFolders().data?.find((item) => item.id === guide.folderId);
  const plan = useEntitlements();
  const openSubscription = useOpenSubscription();
  const [selectedId, setSelectedId] = useState<string | undefined>(guide.slides[0]?.id);
  const [focusRequest, setFocusRequest] = useState<{ id: string; index: number } | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const [dialog, setDialog] = useState<'add' | 'delete' | 'embed' | 'rewrite' | 'shortcuts' | 'preview' | undefined>();
  /** the slides a rewrite of the transcript asks about (one, or all of them) */
  const [rewrite, setRewrite] = useState<{ slideIds?: string[]; edited: number } | undefined>();
  const [dialogOpen, setDialogOpen] = useState(false);
  /** the step's zoom while its slider moves, previewed on the stage */
  const [previewZoom, setPreviewZoom] = useState<{ slideId: string; zoom: number } | undefined>();
  useDocumentHead({ title: `Edit: ${guide.title}` });
  const header = useRef<HTMLElement>(null);
  useToastsBelow(header);

  const slides = guide.slides;
  const selectedIndex = Math.max(0, slides.findIndex((slide) => slide.id === selectedId));
  const selected: SlideDto | undefined = slides[selectedIndex];

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
  const updateSlide = useUpdateSlide({ guideId });
  const { mutateAsync: saveSlide } = updateSlide;
  const { mutateAsync: deleteSlide } = useDeleteSlide({ guideId });
  const { mutateAsync: restoreSlide } = useRestoreSlide({ guideId });
  const { mutateAsync: copySlide } = useDuplicateSlide({ guideId });
  const history = useEditHistory({
    onDone: setAnnouncement,
    onFailed: (label) => toast.error('That could not be undone', { description: `${label}: it was changed again since (by someone else), or the change did not reach the server.` }),
  });
  const { record, forget } = history;
  const redaction = useRedaction({ guideId, slides, slide: selected, position: selectedIndex + 1, record, announce: setAnnouncement });
  /** What the cache holds now (the render's copy may be older than the last optimistic change). */
  const current = useCallback(() => queryClient.getQueryData<GuideDto>(guideQueryKeys.detail(guideId)), [queryClient, guideId]);
  const slideTools = useSlideTools({ guideId, record, select: setSelectedId, announce: setAnnouncement });

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
            setSelectedId(slideId);
            return saveSlide({ guideId, slideId, data: { ...inverse, base: changeValues(data) } });
          },
          redo: () => {
            setSelectedId(slideId);
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
    [current, saveSlide, record, forget, guideId],
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
  const regenerate = useRegenerateTranscript({
    guideId,
    mutationConfig: {
      onSuccess: () => setAnnouncement('Step text rewritten.'),
      onError: () => toast.error('Something went wrong', { description: 'The step text could not be rewritten.' }),
    },
  });

  /** Rewrites one slide's words or all of them; the author's own words only once they say so. */
  const askRewrite = (only?: SlideDto) => {
    const targets = only ? [only] : slides;
    const edited = targets.filter((slide) => slide.edited).length;
    const slideIds = only ? [only.id] : undefined;
    if (edited === 0) {
      regenerate.mutate({ guideId, data: { ...(slideIds ? { slideIds } : {}), overwriteEdited: false } });
      return;
    }
    setRewrite({ ...(slideIds ? { slideIds } : {}), edited });
    show('rewrite');
  };
  const confirmRewrite = (overwriteEdited: boolean) => {
    regenerate.mutate({ guideId, data: { ...(rewrite?.slideIds ? { slideIds: rewrite.slideIds } : {}), overwriteEdited } });
    setDialogOpen(false);
  };
  const onFocused = useCallback(() => setFocusRequest(undefined), []);

  const show = (kind: 'add' | 'delete' | 'embed' | 'rewrite' | 'shortcuts' | 'preview') => {
    setDialog(kind);
    setDialogOpen(true);
  };

  const move = (from: number, to: number) => {
    const slide = slides[from];
    const order = orderAfterMove(
      slides.map((item) => item.order),
      from,
      to,
    );
    if (!slide || order === undefined) return;
    setSelectedId(slide.id);
    setFocusRequest({ id: slide.id, index: to });
    changeSlide(slide.id, { order });
    setAnnouncement(`Step moved to position ${to + 1} of ${slides.length}.`);
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
      queryClient.setQueryData<GuideDto>(guideQueryKeys.detail(guideId), (cached) =>
        cached ? { ...cached, slides: cached.slides.filter((item) => item.id !== slide.id), slideCount: cached.slideCount - 1 } : cached,
      );
      return deleteSlide({ guideId, slideId: slide.id });
    };
    setSelectedId(neighbour?.id);
    if (neighbour) setFocusRequest({ id: neighbour.id, index: index < slides.length - 1 ? index : index - 1 });
    void remove().catch(() => undefined);
    record({
      label: `Delete step ${index + 1}`,
      undo: async () => {
        await restoreSlide({ guideId, slideId: slide.id, afterSlideId });
        setSelectedId(slide.id);
      },
      redo: remove,
    });
    toast.info(`Step ${index + 1} deleted`, { description: 'Undo (Ctrl+Z) brings it back with its screenshot and voiceover.' });
  };

  // Whole-guide writes (publish, discard, restore a version) carry the revision this page shows;
  // one refused because the guide changed elsewhere brings the latest version and says so.
  const [stale, setStale] = useState(false);
  useEffect(() => trackRevision(guideId, current()?.revision), [guideId, current]);
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        const { mutation } = event;
        if (event.type !== 'updated' || !mutation || mutation.state.status !== 'error') return;
        const key = mutation.options.mutationKey;
        if (!key || JSON.stringify(key) !== JSON.stringify(guideQueryKeys.save(guideId))) return;
        const error: unknown = mutation.state.error;
        // A field refused per field (error.current) is the field's own business (design-fields.tsx).
        if (!isApiError(error) || error.code !== 'precondition_failed' || error.current) return;
        setStale(true);
        void queryClient.invalidateQueries({ queryKey: guideQueryKeys.detail(guideId) });
      }),
    [queryClient, guideId],
  );
  const presence = usePresence(guideId, selected?.id);

  // `?` shows the shortcuts, anywhere but in a text field or over an open dialog.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || isTextTarget(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      setDialog('shortcuts');
      setDialogOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  /** A copy right after the step, chosen; an undo deletes the copy (kept by the server for a redo). */
  const duplicateSlide = (slide: SlideDto) => {
    const index = slides.findIndex((item) => item.id === slide.id);
    void copySlide({ guideId, slideId: slide.id })
      .then((copy) => {
        setSelectedId(copy.id);
        setAnnouncement(`Step ${index + 1} duplicated as step ${index + 2}.`);
        record({
          label: `Duplicate step ${index + 1}`,
          undo: () => {
            queryClient.setQueryData<GuideDto>(guideQueryKeys.detail(guideId), (cached) =>
              cached ? { ...cached, slides: cached.slides.filter((item) => item.id !== copy.id), slideCount: cached.slideCount - 1 } : cached,
            );
            setSelectedId(slide.id);
            return deleteSlide({ guideId, slideId: copy.id });
          },
          redo: async () => {
            await restoreSlide({ guideId, slideId: copy.id, afterSlideId: slide.id });
            setSelectedId(copy.id);
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
        queryClient.setQueryData<GuideDto>(guideQueryKeys.detail(guideId), (cached) =>
          cached ? { ...cached, slides: cached.slides.filter((item) => item.id !== slide.id), slideCount: cached.slideCount - 1 } : cached,
        );
        return deleteSlide({ guideId, slideId: slide.id });
      },
      redo: () => restoreSlide({ guideId, slideId: slide.id, afterSlideId }),
    });
  };

  const embed = async () => {
    const canEmbed = plan?.embed ?? (await queryClient.fetchQuery(getEntitlementsQueryOptions())).embed;
    if (!canEmbed) openSubscription();
    else if (EmbedDialog) show('embed');
  };

  const back = guide.folderId
    ? { href: paths.dashboard.folder.getHref(guide.folderId), label: folder?.name ?? 'Folder' }
    : { href: paths.dashboard.recents.getHref(), label: 'Recents' };
  const playerHref = sharePath(guide);

  return (
    <div className="design">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header ref={header} className="design__header">
        <Link to={back.href} className="design__back">
          {Icons.back}
          <span className="design__back-label">{back.label}</span>
        </Link>
        <div className="design__heading">
          <h1 className="design__title">{guide.title}</h1>
          {guide.visibility === 'private' ? <Badge tone="warning">Private</Badge> : null}
        </div>
        <SaveStatus guideId={guideId} />
        <PresenceNote others={presence.others} slides={slides} />
        <PublishBar guide={guide} onDraftReplaced={history.clear} />
        <div className="design__history" role="group" aria-label="Undo, redo and shortcuts">
          <Tooltip content={history.nextUndo ? `Undo: ${history.nextUndo} (Ctrl+Z)` : 'Nothing to undo'}>
            <button type="button" className="icon-button icon-button--sm" aria-label="Undo" aria-keyshortcuts="Control+Z Meta+Z" aria-disabled={!history.nextUndo} onClick={history.undo}>
              {Icons.undo}
            </button>
          </Tooltip>
          <Tooltip content={history.nextRedo ? `Redo: ${history.nextRedo} (Ctrl+Shift+Z)` : 'Nothing to redo'}>
            <button type="button" className="icon-button icon-button--sm" aria-label="Redo" aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z" aria-disabled={!history.nextRedo} onClick={history.redo}>
              {Icons.redo}
            </button>
          </Tooltip>
          <Tooltip content="Keyboard shortcuts (?)">
            <button type="button" className="icon-button icon-button--sm" aria-label="Keyboard shortcuts" aria-keyshortcuts="?" onClick={() => show('shortcuts')}>
              <span aria-hidden="true" className="design__shortcuts-mark">
                ?
              </span>
            </button>
          </Tooltip>
        </div>
        <div className="design__actions">
          {PreviewDialog ? (
            <Button variant="outline" size="sm" icon={Icons.play} onClick={() => show('preview')} disabled={slides.length === 0}>
              Preview
            </Button>
          ) : null}
          <Button variant="outline" size="sm" icon={Icons.upload} onClick={() => show('add')}>
            Add steps
          </Button>
          <Menu
            trigger={
              <>
                {Icons.share}
                Share
              </>
            }
            triggerClassName={buttonClassName({ variant: 'outline', size: 'sm' })}
            align="end"
          >
            <MenuItem
              icon={Icons.link}
              description={guide.status === 'draft' ? 'Works once the guide is published' : undefined}
              onSelect={() => void copyShareLink(guide)}
            >
              Copy share link
            </MenuItem>
            <MenuItem icon={Icons.play} description="Opens in a new tab" onSelect={() => window.open(playerHref, '_blank', 'noopener')}>
              Open the player
            </MenuItem>
          </Menu>
          {ExportMenu ? <ExportMenu guide={guide} locked={plan?.exports === false ? { icon: Icons.lock, onSelect: openSubscription } : undefined} /> : null}
          <Tooltip content={plan?.embed === false ? 'Embedding is a Pro feature' : 'Embed this guide on a website'}>
            <Button size="sm" icon={plan?.embed === false ? Icons.lock : Icons.embed} onClick={() => void embed()}>
              Embed
            </Button>
          </Tooltip>
        </div>
      </header>
      {stale ? (
        <div role="alert" className="design__stale">
          <p>This guide changed elsewhere — it now shows the latest version. Check it, then try again.</p>
          <Button size="sm" variant="outline" onClick={() => setStale(false)}>
            Dismiss
          </Button>
        </div>
      ) : null}
      <main id="main" tabIndex={-1} className="design__main">
        <section className="design__rail rail" aria-labelledby="design-rail-heading">
          <div className="rail__head">
            <h2 id="design-rail-heading" className="rail__heading">
              Steps <span className="rail__count">{slides.length}</span>
            </h2>
            <Tooltip content="Add steps from images">
              <button type="button" className="icon-button icon-button--sm" aria-label="Add steps from images" onClick={() => show('add')}>
                {Icons.plus}
              </button>
            </Tooltip>
          </div>
          {slides.length > 0 ? (
            <SlideRail
              slides={slides}
              selectedId={selected?.id}
              onSelect={setSelectedId}
              onMove={move}
              onDelete={removeSlide}
              focusRequest={focusRequest}
              onFocused={onFocused}
            />
          ) : (
            <p className="rail__empty">No steps yet.</p>
          )}
        </section>
        <section className="design__stage" aria-label={selected ? `Step ${selectedIndex + 1}` : 'No steps yet'}>
          {selected ? (
            <>
              <AnnotationEditor slide={selected} position={selectedIndex + 1} onChange={(annotations) => changeSlide(selected.id, { annotations })}>
                {(overlay) => (
                  <SlideStage
                    guide={guide}
                    slide={selected}
                    position={selectedIndex + 1}
                    onPlaceClick={(click) => changeSlide(selected.id, { click })}
                    previewZoom={previewZoom?.slideId === selected.id ? previewZoom.zoom : undefined}
                    overlay={
                      <>
                        {overlay}
                        {redaction.overlay}
                      </>
                    }
                  />
                )}
              </AnnotationEditor>
              {redaction.panel}
              <StepText key={selected.id} slide={selected} position={selectedIndex + 1} onSaveField={saveSlideField} onRegenerate={askRewrite} />
            </>
          ) : (
            <div className="design__empty">
              <span className="design__empty-art">{Icons.image}</span>
              <h2>This guide has no steps yet</h2>
              <p>Add the screenshots of your flow: each image becomes a step you can describe and narrate.</p>
              <Button icon={Icons.upload} onClick={() => show('add')}>
                Add steps from images
              </Button>
            </div>
          )}
        </section>
        <aside className="design__panel" aria-label="Settings">
          {selected ? (
            <section className="panel-section" aria-labelledby="design-step-settings">
              <h2 id="design-step-settings" className="panel-section__title">
                Step {selectedIndex + 1} settings
              </h2>
              <SlideSettings
                guide={guide}
                slide={selected}
                onChange={(data) => changeSlide(selected.id, data)}
                onDelete={() => removeSlide(selected)}
                onDuplicate={() => duplicateSlide(selected)}
                onPreviewZoom={(zoom) => setPreviewZoom(zoom === undefined ? undefined : { slideId: selected.id, zoom })}
              />
            </section>
          ) : null}
          {selected ? (
            <section className="panel-section" aria-labelledby="design-step-tools">
              <h2 id="design-step-tools" className="panel-section__title">
                Step {selectedIndex + 1} tools
              </h2>
              <SlideToolsPanel slide={selected} position={selectedIndex + 1} count={slides.length} tools={slideTools} />
            </section>
          ) : null}
          {slides.some((slide) => (slide.redactionSuggestions ?? []).length > 0) ? (
            <section className="panel-section" aria-labelledby="design-personal-data">
              <h2 id="design-personal-data" className="panel-section__title">
                Possible personal data
              </h2>
              <PersonalDataPanel guideId={guideId} slides={slides} onShowStep={setSelectedId} announce={setAnnouncement} />
            </section>
          ) : null}
          <section className="panel-section" aria-labelledby="design-voiceover">
            <h2 id="design-voiceover" className="panel-section__title">
              Voiceover
            </h2>
            <VoiceoverPanel guide={guide} canNarrate={plan?.voiceover} onChange={changeVoice} onLocked={() => openSubscription()} />
            {slides.length > 0 ? (
              <div className="transcript-lines">
                <AutosaveTextarea label="Intro" value={guide.intro ?? ''} fieldKey={fieldKey('guide', guideId, 'intro')} rows={2} placeholder="In this guide you'll…" onSave={saveIntro} />
                <AutosaveTextarea label="Outro" value={guide.outro ?? ''} fieldKey={fieldKey('guide', guideId, 'outro')} rows={2} placeholder="That's it: …" onSave={saveOutro} />
                <Button variant="outline" size="sm" onClick={() => askRewrite()} disabled={regenerate.isPending}>
                  Rewrite all step text
                </Button>
              </div>
            ) : null}
          </section>
          {slides.length > 0 ? (
            <section className="panel-section" aria-labelledby="design-drift">
              <h2 id="design-drift" className="panel-section__title">
                App changes
              </h2>
              <DriftPanel guideId={guideId} slides={slides} />
            </section>
          ) : null}
          <section className="panel-section" aria-labelledby="design-cards">
            <h2 id="design-cards" className="panel-section__title">
              Intro and outro
            </h2>
            <GuideCardsPanel guide={guide} onChange={changeGuide} onSave={applyGuideChange} />
          </section>
          {slides.length > 0 ? (
            <section className="panel-section" aria-labelledby="design-languages">
              <h2 id="design-languages" className="panel-section__title">
                Languages
              </h2>
              <TranslationsPanel guideId={guideId} canTranslate={plan?.voiceover} onLocked={() => openSubscription()} />
            </section>
          ) : null}
          <section className="panel-section" aria-labelledby="design-guide-settings">
            <h2 id="design-guide-settings" className="panel-section__title">
              Guide
            </h2>
            <GuideSettings
              guide={guide}
              canMakePrivate={plan?.privateGuides}
              onChange={changeGuide}
              onRename={rename}
              onMakePrivateLocked={() => openSubscription()}
              onDelete={() => show('delete')}
            />
          </section>
        </aside>
        <p role="status" className="visually-hidden">
          {announcement}
        </p>
      </main>
      {dialog === 'add' ? <AddSlidesDialog guide={guide} open={dialogOpen} onOpenChange={setDialogOpen} onSlideAdded={recordAdded} /> : null}
      {dialog === 'delete' ? (
        <DeleteGuideDialog guide={guide} open={dialogOpen} onOpenChange={setDialogOpen} onDeleted={() => void navigate(back.href, { replace: true })} />
      ) : null}
      {dialog === 'rewrite' ? (
        <Dialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          title="Rewrite the step text?"
          description={`${rewrite?.edited ?? 0} ${rewrite?.edited === 1 ? 'step has' : 'steps have'} text you edited. The transcript can rewrite them too, or leave your words as they are.`}
          footer={
            <>
              <Button variant="outline" onClick={() => confirmRewrite(false)}>
                Keep my edits
              </Button>
              <Button onClick={() => confirmRewrite(true)}>Rewrite everything</Button>
            </>
          }
        />
      ) : null}
      {dialog === 'shortcuts' ? <ShortcutsDialog open={dialogOpen} onOpenChange={setDialogOpen} /> : null}
      {dialog === 'preview' && PreviewDialog ? <PreviewDialog guide={guide} open={dialogOpen} onOpenChange={setDialogOpen} /> : null}
      {dialog === 'embed' && EmbedDialog ? <EmbedDialog guide={guide} open={dialogOpen} onOpenChange={setDialogOpen} /> : null}
    </div>
  );
}
