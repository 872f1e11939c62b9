import type { SharedGuideDto } from '#shared/share/shared-guide';
import { ShareLayout } from '#web/components/layouts/share-layout';
import { SharedGuideView } from '#web/features/share/components/shared-guide-view';
import { AUTOPLAY_PARAM, autoplayFromParam, STEP_PARAM, stepIndexFromParam } from '#web/features/share/utils/playback';
import { viewFor, type ShareView } from '#web/features/share/utils/view-choice';
import { pageWordsFor } from '#web/features/share/words/page-words';
import { ENGLISH, loadedWordsFor, PlayerWordsContext } from '#web/features/share/words/player-words';

export interface SharePageProps {
  guide: SharedGuideDto;
  /** the page's search: `?step=N` opens that step, `?autoplay=1` plays */
  search: URLSearchParams;
  onStepChange: (index: number) => void;
  /** the viewer picked another of the guide's languages (the route sets `?lang=`) */
  onLanguageChange?: (code: string) => void;
  /** the viewer chose another view (the route sets `?view=` and remembers it) */
  onViewChange?: (view: ShareView) => void;
}

/**
 * The share page's content from its guide and search: what the route renders, and what the edge
 * renders as the page's first frame (render-share-frame.tsx), so that the two are the same. Its
 * own words are in the guide's language (the route loads them before it shows a language).
 */
export function SharePage({ guide, search, onStepChange, onLanguageChange, onViewChange }: SharePageProps) {
  const words = loadedWordsFor(guide.language) ?? ENGLISH;
  return (
    <PlayerWordsContext value={{ words, language: guide.language }}>
      <ShareLayout words={pageWordsFor(guide.language)}>
        <SharedGuideView
          // Another language is another voice: the player starts again on the same step.
          key={`${guide.id}:${guide.language}`}
          guide={guide}
          initialIndex={stepIndexFromParam(search.get(STEP_PARAM), guide.slides.length)}
          autoplay={autoplayFromParam(search.get(AUTOPLAY_PARAM))}
          onStepChange={onStepChange}
          elementTiming="first-slide"
          onLanguageChange={onLanguageChange}
          // `?view=`, else the viewer's last choice (in the browser only: the edge renders the link's)
          view={viewFor(search)}
          search={search.toString()}
          onViewChange={onViewChange}
        />
      </ShareLayout>
    </PlayerWordsContext>
  );
}
