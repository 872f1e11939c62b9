import type { ReactNode } from 'react';
import type { GuideDto, SlideDto } from '#shared/guides';
import { Button } from '#web/components/ui/button';
import type { useEntitlements } from '#web/lib/plan-queries';
import type { useSlideTools } from '../../hooks/use-slide-tools';
import { fieldKey } from '../../utils/held-drafts';
import type { DriftPanelComponent, TranslationsPanelComponent, VoiceoverPanelComponent } from '../design-slots';
import { AutosaveTextarea } from './design-fields';
import { GuideCardsPanel } from './guide-cards-panel';
import { GuideSettings } from './guide-settings';
import { PersonalDataPanel } from './personal-data-panel';
import { SlideSettings } from './slide-settings';
import { SlideToolsPanel } from './slide-tools-panel';
import type { useDesignEdits } from './use-design-edits';
import type { useStepActions } from './use-step-actions';

/** A titled part of the settings column. */
function PanelSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel-section" aria-labelledby={id}>
      <h2 id={id} className="panel-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The design view's settings column: the chosen step's settings and tools, possible personal
 * data, the voiceover and the words around the steps, app changes (drift), the intro and outro
 * cards, languages, and the guide's own settings. The narration, translation and drift panels
 * are other features', handed in by the design route.
 */
export function DesignPanel({
  guide,
  selected,
  position,
  plan,
  edits,
  steps,
  slideTools,
  rewriting,
  onRewriteAll,
  onPreviewZoom,
  onShowStep,
  announce,
  onLocked,
  onDelete,
  VoiceoverPanel,
  TranslationsPanel,
  DriftPanel,
}: {
  guide: GuideDto;
  selected: SlideDto | undefined;
  position: number;
  plan: ReturnType<typeof useEntitlements>;
  edits: ReturnType<typeof useDesignEdits>;
  steps: ReturnType<typeof useStepActions>;
  slideTools: ReturnType<typeof useSlideTools>;
  rewriting: boolean;
  onRewriteAll: () => void;
  onPreviewZoom: (slideId: string, zoom: number | undefined) => void;
  onShowStep: (slideId: string) => void;
  announce: (message: string) => void;
  onLocked: () => void;
  onDelete: () => void;
  VoiceoverPanel?: VoiceoverPanelComponent | undefined;
  TranslationsPanel?: TranslationsPanelComponent | undefined;
  DriftPanel?: DriftPanelComponent | undefined;
}) {
  const slides = guide.slides;
  return (
    <aside className="design__panel" aria-label="Settings">
      {selected ? (
        <PanelSection id="design-step-settings" title={`Step ${position} settings`}>
          <SlideSettings
            guide={guide}
            slide={selected}
            onChange={(data) => edits.changeSlide(selected.id, data)}
            onDelete={() => steps.removeSlide(selected)}
            onDuplicate={() => steps.duplicateSlide(selected)}
            onPreviewZoom={(zoom) => onPreviewZoom(selected.id, zoom)}
          />
        </PanelSection>
      ) : null}
      {selected ? (
        <PanelSection id="design-step-tools" title={`Step ${position} tools`}>
          <SlideToolsPanel slide={selected} position={position} count={slides.length} tools={slideTools} />
        </PanelSection>
      ) : null}
      {slides.some((slide) => (slide.redactionSuggestions ?? []).length > 0) ? (
        <PanelSection id="design-personal-data" title="Possible personal data">
          <PersonalDataPanel guideId={guide.id} slides={slides} onShowStep={onShowStep} announce={announce} />
        </PanelSection>
      ) : null}
      <PanelSection id="design-voiceover" title="Voiceover">
        {VoiceoverPanel ? <VoiceoverPanel guide={guide} canNarrate={plan?.voiceover} onChange={edits.changeVoice} onLocked={onLocked} /> : null}
        {slides.length > 0 ? (
          <div className="transcript-lines">
            <AutosaveTextarea label="Intro" value={guide.intro ?? ''} fieldKey={fieldKey('guide', guide.id, 'intro')} rows={2} placeholder="In this guide you'll…" onSave={edits.saveIntro} />
            <AutosaveTextarea label="Outro" value={guide.outro ?? ''} fieldKey={fieldKey('guide', guide.id, 'outro')} rows={2} placeholder="That's it: …" onSave={edits.saveOutro} />
            <Button variant="outline" size="sm" onClick={onRewriteAll} disabled={rewriting}>
              Rewrite all step text
            </Button>
          </div>
        ) : null}
      </PanelSection>
      {DriftPanel && slides.length > 0 ? (
        <PanelSection id="design-drift" title="App changes">
          <DriftPanel guideId={guide.id} slides={slides} />
        </PanelSection>
      ) : null}
      <PanelSection id="design-cards" title="Intro and outro">
        <GuideCardsPanel guide={guide} onChange={edits.changeGuide} onSave={edits.applyGuideChange} />
      </PanelSection>
      {TranslationsPanel && slides.length > 0 ? (
        <PanelSection id="design-languages" title="Languages">
          <TranslationsPanel guideId={guide.id} TextField={AutosaveTextarea} canTranslate={plan?.voiceover} onLocked={onLocked} />
        </PanelSection>
      ) : null}
      <PanelSection id="design-guide-settings" title="Guide">
        <GuideSettings guide={guide} canMakePrivate={plan?.privateGuides} onChange={edits.changeGuide} onRename={edits.rename} onMakePrivateLocked={onLocked} onDelete={onDelete} />
      </PanelSection>
    </aside>
  );
}
