import type { SharedGuideDto } from '#shared/share/shared-guide';
import { MadeWithBadge } from '../components/made-with-badge';
import { brandStyle } from '../utils/brand-style';
import { useViewerEvents } from '../utils/viewer-events';
import { GuideDocument } from './guide-document';
import { GuideTry } from './guide-try';
import './embed-views.css';

export interface EmbedViewProps {
  guide: SharedGuideDto;
  view: 'read' | 'try';
  initialIndex: number;
  onStepChange: (index: number) => void;
  /** the guide's share page, opened in a new tab */
  pageHref: string;
}

/**
 * The embed's read and try views: a chunk of their own, loaded only by an embed that asks for
 * them (`?view=read|try`), so the player's embed stays within its budget. Counted as the
 * embed's views, as the player is.
 */
export default function EmbedView({ guide, view, initialIndex, onStepChange, pageHref }: EmbedViewProps) {
  const onViewerStep = useViewerEvents(guide.id, guide.slides.length, true, initialIndex);
  const stepChanged = (index: number) => {
    onViewerStep(index);
    onStepChange(index);
  };
  return (
    // The organisation's brand, as the player's embed draws it (its colours and font, the badge unless turned off).
    <div className={`embed-view embed-view--${view}`} style={brandStyle(guide.brand)}>
      <h1 className="embed-view__title">
        <a href={`${pageHref}?view=${view}`} target="_blank" rel="noopener">
          {guide.title}
        </a>
      </h1>
      {view === 'read' ? (
        <GuideDocument guide={guide} initialIndex={initialIndex} onStepChange={stepChanged} elementTiming="first-slide" />
      ) : (
        <GuideTry guide={guide} initialIndex={initialIndex} onStepChange={stepChanged} onTried={onViewerStep.tried} />
      )}
      <MadeWithBadge brand={guide.brand} href={`${pageHref}?view=${view}`} newTab />
    </div>
  );
}
