import type { SharedGuideDto } from '#shared/share/shared-guide';
import { brandStyle } from '../utils/brand-style';
import { useViewerEvents } from '../utils/viewer-events';
import { stepCountIn, usePageWords } from '../words/page-words';
import { usePlayerWords } from '../words/player-words';
import { GuideMe } from './guide-me';
import { GuidePlayer, isPlayable } from './guide-player';
import { stepCount, stepWords } from './player-parts';
import { LanguagePicker } from './language-picker';
import { useDocumentLanguage, useSharedGuideHead } from './shared-guide-head';
import { StepList } from './step-list';
import { BrandLogo, MadeWithBadge } from './made-with-badge';
import { GuideDocument } from '../views/guide-document';
import { GuideTry } from '../views/guide-try';
import type { ShareView } from '../utils/view-choice';
import { ViewSwitch } from './view-switch';
import { useState } from 'react';
import './share.css';

export interface SharedGuideViewProps {
  guide: SharedGuideDto;
  /** the slide shown first (0-based), from `?step=` */
  initialIndex: number;
  autoplay: boolean;
  onStepChange: (index: number) => void;
  /** the first screenshot's `elementtiming` name */
  elementTiming?: string;
  /** the viewer picked another of the guide's languages; without it, no picker */
  onLanguageChange?: ((code: string) => void) | undefined;
  /** watch (the player), read (the document) or try (do each step) */
  view?: ShareView;
  /** the page's search, which the view switch links from */
  search?: string;
  /** the viewer picked another view; without it, the switch's links load the page again */
  onViewChange?: ((view: ShareView) => void) | undefined;
}

/** The public page of a shared guide: its title, where it comes from, and the player. */
export function SharedGuideView({ guide, initialIndex, autoplay, onStepChange, elementTiming, onLanguageChange, view = 'watch', search = '', onViewChange }: SharedGuideViewProps) {
  useSharedGuideHead(guide.title);
  useDocumentLanguage(guide.language);
  const { words } = usePlayerWords();
  const { words: pageWords, language } = usePageWords();
  const onViewerStep = useViewerEvents(guide.id, guide.slides.length, false, initialIndex);
  /** the step on screen, which every view opens on when the viewer switches */
  const [current, setCurrent] = useState(initialIndex);
  const stepChanged = (index: number) => {
    setCurrent(index);
    onViewerStep(index);
    onStepChange(index);
  };

  return (
    <article className="shared-guide" style={brandStyle(guide.brand)}>
      <BrandLogo brand={guide.brand} name={guide.organizationName} />
      <header className="shared-guide__header">
        <h1 className="shared-guide__title">{guide.title}</h1>
        <p className="shared-guide__meta">
          {guide.organizationName ? (
            <>
              <span>{guide.organizationName}</span>
              <span aria-hidden="true"> · </span>
            </>
          ) : null}
          <span>{stepCountIn(pageWords, language, guide.slides.length)}</span>
          {guide.visibility === 'private' ? (
            <span className="shared-guide__private">
              <svg viewBox="0 0 16 16" aria-hidden="true">
                <rect x="3" y="7" width="10" height="7" rx="1.5" />
                <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
              </svg>
              {pageWords.privateGuide}
            </span>
          ) : null}
          {onLanguageChange ? <LanguagePicker languages={guide.languages} value={guide.language} onChange={onLanguageChange} /> : null}
        </p>
        {/* A guide made from uploaded pictures has no app to walk through. */}
        {isPlayable(guide) && guide.guideMe === true ? <GuideMe guide={guide} /> : null}
      </header>
      {/* Outside the header, so it can stay in view (sticky) along the whole document: reaching it never scrolls the step being read away. */}
      {isPlayable(guide) ? <ViewSwitch view={view} index={current} search={search} onChange={onViewChange} /> : null}
      {isPlayable(guide) && view === 'read' ? (
        <GuideDocument guide={guide} initialIndex={initialIndex} onStepChange={stepChanged} elementTiming={elementTiming} />
      ) : isPlayable(guide) && view === 'try' ? (
        <GuideTry guide={guide} initialIndex={initialIndex} onStepChange={stepChanged} onTried={onViewerStep.tried} />
      ) : isPlayable(guide) ? (
        <GuidePlayer
          guide={guide}
          initialIndex={initialIndex}
          autoplay={autoplay}
          onStepChange={stepChanged}
          elementTiming={elementTiming}
          onCta={() => onViewerStep.cta()}
          barText={stepCount}
          belowBar={stepWords}
          aside={({ index, goTo }) => <StepList slides={guide.slides} index={index} onSelect={goTo} />}
        />
      ) : (
        <div className="shared-guide__empty">
          <p>{words.noSteps}</p>
        </div>
      )}
      <MadeWithBadge brand={guide.brand} href="/" />
    </article>
  );
}
