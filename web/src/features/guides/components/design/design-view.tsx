import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SlideDto } from '#shared/guides';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toast';
import { Icons } from '#web/components/icons';
import { Tooltip } from '#web/components/ui/tooltip';
import { paths } from '#web/config/paths';
import { useDocumentHead } from '#web/lib/document-head';
import { getEntitlementsQueryOptions, useEntitlements } from '#web/lib/plan-queries';
import { useGuide } from '../../api/get-guide';
import { useFolders } from '../../api/list-folders';
import { usePresence } from '../../api/presence';
import { useRegenerateTranscript } from '../../api/regenerate-transcript';
import { useOpenSubscription } from '#web/lib/use-open-subscription';
import { useSlideTools } from '../../hooks/use-slide-tools';
import type { DriftPanelComponent, TranslationsPanelComponent, VoiceoverPanelComponent } from '../design-slots';
import type { EmbedDialogComponent } from '../embed-slot';
import type { ExportMenuComponent } from '../export-slot';
import type { PreviewDialogComponent } from '../preview-slot';
import { AnnotationEditor } from './annotation-editor';
import { DesignDialogs, type DesignDialog } from './design-dialogs';
import { DesignHeader } from './design-header';
import { DesignPanel } from './design-panel';
import { useRedaction } from './redaction';
import { SlideRail } from './slide-rail';
import { SlideStage } from './slide-stage';
import { StepText } from './step-text';
import { useDesignEdits } from './use-design-edits';
import { useShortcutsKey } from './use-shortcuts-key';
import { useStaleGuide } from './use-stale-guide';
import { useStepActions } from './use-step-actions';
import '../guides-common.css';
import './design.css';

export interface DesignViewProps {
  guideId: string;
  EmbedDialog?: EmbedDialogComponent | undefined;
  ExportMenu?: ExportMenuComponent | undefined;
  PreviewDialog?: PreviewDialogComponent | undefined;
  VoiceoverPanel?: VoiceoverPanelComponent | undefined;
  TranslationsPanel?: TranslationsPanelComponent | undefined;
  DriftPanel?: DriftPanelComponent | undefined;
}

/**
 * /share/{slug}-{id}/design: the editor of one guide. The steps on the left (choose, reorder,
 * delete), the chosen step large in the middle with its text and narration, its settings and
 * the guide's on the right. Every change is shown at once and saved by itself (use-design-edits.ts,
 * use-step-actions.ts); the header publishes (design-header.tsx), the right column holds the
 * settings and the other features' panels (design-panel.tsx).
 */
export function DesignView({ guideId, EmbedDialog, ExportMenu, PreviewDialog, VoiceoverPanel, TranslationsPanel, DriftPanel }: DesignViewProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: guide } = useGuide(guideId);
  const folder = useFolders().data?.find((item) => item.id === guide.folderId);
  const plan = useEntitlements();
  const openSubscription = useOpenSubscription();
  const [selectedId, setSelectedId] = useState<string | undefined>(guide.slides[0]?.id);
  const [focusRequest, setFocusRequest] = useState<{ id: string; index: number } | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const [dialog, setDialog] = useState<DesignDialog | undefined>();
  /** the slides a rewrite of the transcript asks about (one, or all of them) */
  const [rewrite, setRewrite] = useState<{ slideIds?: string[]; edited: number } | undefined>();
  const [dialogOpen, setDialogOpen] = useState(false);
  /** the step's zoom while its slider moves, previewed on the stage */
  const [previewZoom, setPreviewZoom] = useState<{ slideId: string; zoom: number } | undefined>();
  useDocumentHead({ title: `Edit: ${guide.title}` });

  const slides = guide.slides;
  const selectedIndex = Math.max(0, slides.findIndex((slide) => slide.id === selectedId));
  const selected: SlideDto | undefined = slides[selectedIndex];

  const edits = useDesignEdits({ guideId, select: setSelectedId, announce: setAnnouncement, openSubscription });
  const { history, current, changeSlide } = edits;
  const steps = useStepActions({ guideId, slides, current, record: history.record, changeSlide, select: setSelectedId, focus: setFocusRequest, announce: setAnnouncement });
  const redaction = useRedaction({ guideId, slides, slide: selected, position: selectedIndex + 1, record: history.record, announce: setAnnouncement });
  const slideTools = useSlideTools({ guideId, record: history.record, select: setSelectedId, announce: setAnnouncement });
  const [stale, dismissStale] = useStaleGuide(guideId, current);
  const presence = usePresence(guideId, selected?.id);
  const regenerate = useRegenerateTranscript({
    guideId,
    mutationConfig: {
      onSuccess: () => setAnnouncement('Step text rewritten.'),
      onError: () => toast.error('Something went wrong', { description: 'The step text could not be rewritten.' }),
    },
  });

  const show = useCallback((kind: DesignDialog) => {
    setDialog(kind);
    setDialogOpen(true);
  }, []);
  useShortcutsKey(useCallback(() => show('shortcuts'), [show]));

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

  const embed = async () => {
    const canEmbed = plan?.embed ?? (await queryClient.fetchQuery(getEntitlementsQueryOptions())).embed;
    if (!canEmbed) openSubscription();
    else if (EmbedDialog) show('embed');
  };

  const back = guide.folderId
    ? { href: paths.dashboard.folder.getHref(guide.folderId), label: folder?.name ?? 'Folder' }
    : { href: paths.dashboard.recents.getHref(), label: 'Recents' };

  return (
    <div className="design">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <DesignHeader
        guide={guide}
        slides={slides}
        back={back}
        others={presence.others}
        history={history}
        plan={plan}
        canPreview={Boolean(PreviewDialog)}
        ExportMenu={ExportMenu}
        onShow={show}
        onEmbed={() => void embed()}
        onLocked={openSubscription}
      />
      {stale ? (
        <div role="alert" className="design__stale">
          <p>This guide changed elsewhere — it now shows the latest version. Check it, then try again.</p>
          <Button size="sm" variant="outline" onClick={dismissStale}>
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
              onMove={steps.move}
              onDelete={steps.removeSlide}
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
              <StepText key={selected.id} slide={selected} position={selectedIndex + 1} onSaveField={edits.saveSlideField} onRegenerate={askRewrite} />
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
        <DesignPanel
          guide={guide}
          selected={selected}
          position={selectedIndex + 1}
          plan={plan}
          edits={edits}
          steps={steps}
          slideTools={slideTools}
          rewriting={regenerate.isPending}
          onRewriteAll={() => askRewrite()}
          onPreviewZoom={(slideId, zoom) => setPreviewZoom(zoom === undefined ? undefined : { slideId, zoom })}
          onShowStep={setSelectedId}
          announce={setAnnouncement}
          onLocked={() => openSubscription()}
          onDelete={() => show('delete')}
          VoiceoverPanel={VoiceoverPanel}
          TranslationsPanel={TranslationsPanel}
          DriftPanel={DriftPanel}
        />
        <p role="status" className="visually-hidden">
          {announcement}
        </p>
      </main>
      <DesignDialogs
        dialog={dialog}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        guide={guide}
        editedCount={rewrite?.edited ?? 0}
        onRewrite={confirmRewrite}
        onSlideAdded={steps.recordAdded}
        onDeleted={() => void navigate(back.href, { replace: true })}
        EmbedDialog={EmbedDialog}
        PreviewDialog={PreviewDialog}
      />
    </div>
  );
}
