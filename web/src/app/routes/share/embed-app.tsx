import { lazy, Suspense, useState } from 'react';
import type { SharedGuideDto } from '#shared/share/shared-guide';
import { guideIdFromSegment } from '#shared/share/id';
import { primary } from '#shared/share/languages';
import { EmbedLayout } from '#web/components/layouts/embed-layout';
import { getSharedGuide } from '#web/features/share/api/get-shared-guide';
import { SharedGuideEmbed } from '#web/features/share/components/shared-guide-embed';
import { LANG_PARAM, viewerLanguage } from '#web/features/share/utils/language';
import { ENGLISH, fill, loadedWordsFor, loadPlayerWords, PlayerWordsContext } from '#web/features/share/words/player-words';
import { AUTOPLAY_PARAM, autoplayFromParam, searchWithStep, STEP_PARAM, stepIndexFromParam } from '#web/features/share/utils/playback';
import { shareViewFromParam, VIEW_PARAM } from '#shared/share/frame';
import { isApiError } from '#web/lib/api-error';

/**
 * `/share/{slug}-{id}/embed` on a page load: the embed as its own small app. Other sites frame it,
 * so it loads the player only: no router, no query client, no validation library and none of the
 * app's pages, and in its own build (web/vite.embed.config.ts) Preact in React's place (at most
 * 80 KB gzip of JS and CSS). It keeps the route's
 * behaviour: the id from the segment (a short one is an error), 404 → the guide's not-found
 * state, any other failure → the generic error screen whose 'Try Again' loads again. A guide whose
 * organisation may not embed (the free plan) shows what the edge answers it with: a link to its
 * share page instead of the player.
 */
export type EmbedResult =
  | { kind: 'guide'; guide: SharedGuideDto }
  | { kind: 'embed-refused'; guide: SharedGuideDto }
  | { kind: 'not-found' }
  | { kind: 'error'; error: unknown };

const EmbedProblem = lazy(() => import('./embed-problem'));
// The read and try views: their own chunk, so the player's embed stays within its budget.
const EmbedView = lazy(() => import('#web/features/share/views/embed-views'));

const EMBED_PATH = /^\/share\/([^/]+)\/embed\/?$/;

/**
 * The embed's guide, in the viewer's language when it has it (`?lang=` on the frame's URL, else
 * the browser's): the original tells which languages there are, then the translation is loaded,
 * and the player's own words in that language beside it (that language's only).
 */
export async function loadEmbed(pathname: string, search = ''): Promise<EmbedResult> {
  try {
    const segment = decodeURIComponent(EMBED_PATH.exec(pathname)?.[1] ?? '');
    const id = guideIdFromSegment(segment);
    const original = await getSharedGuide(id);
    if (!original.embed) return { kind: 'embed-refused', guide: original };
    const language = viewerLanguage(original, new URLSearchParams(search).get(LANG_PARAM));
    const [guide] = await Promise.all([
      language === original.language ? original : getSharedGuide(id, undefined, language).catch(() => original),
      loadPlayerWords(language),
      // The original's words too, in case the translation cannot be had.
      loadPlayerWords(original.language),
    ]);
    return { kind: 'guide', guide };
  } catch (error) {
    return isApiError(error, 404) ? { kind: 'not-found' } : { kind: 'error', error };
  }
}

/** `?step=` follows the player; no router here, so the history entry is replaced directly. */
function replaceStepInUrl(index: number) {
  const { pathname, search, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}?${searchWithStep(search, index).toString()}${hash}`);
}

/** Where the embed is: `window.location` in the browser, the request's URL on the server. */
export interface EmbedLocation {
  pathname: string;
  search: string;
}

interface EmbedContentProps {
  result: EmbedResult;
  location: EmbedLocation;
  onRetry: () => void;
  retrying: boolean;
}

function EmbedContent({ result, location, onRetry, retrying }: EmbedContentProps) {
  if (result.kind !== 'guide') {
    return (
      <Suspense fallback={null}>
        <EmbedProblem
          notFound={result.kind === 'not-found'}
          refused={result.kind === 'embed-refused' ? { title: result.guide.title, href: location.pathname.replace(/\/embed\/?$/, '') } : undefined}
          error={result.kind === 'error' ? result.error : undefined}
          onRetry={onRetry}
          retrying={retrying}
        />
      </Suspense>
    );
  }
  const search = new URLSearchParams(location.search);
  const view = shareViewFromParam(search.get(VIEW_PARAM));
  if (view === 'read' || view === 'try') {
    return (
      <Suspense fallback={null}>
        <EmbedView
          guide={result.guide}
          view={view}
          initialIndex={stepIndexFromParam(search.get(STEP_PARAM), result.guide.slides.length)}
          onStepChange={replaceStepInUrl}
          pageHref={location.pathname.replace(/\/embed\/?$/, '')}
        />
      </Suspense>
    );
  }
  return (
    <SharedGuideEmbed
      guide={result.guide}
      initialIndex={stepIndexFromParam(search.get(STEP_PARAM), result.guide.slides.length)}
      autoplay={autoplayFromParam(search.get(AUTOPLAY_PARAM))}
      onStepChange={replaceStepInUrl}
      // This page without `/embed`: the share page it frames (not built from `paths`, whose table
      // of every URL the embed would otherwise load).
      pageHref={location.pathname.replace(/\/embed\/?$/, '')}
      elementTiming="first-slide"
      // Announced as its primary subtag (`en`, `es`), as the events document says.
      language={primary(result.guide.language)}
    />
  );
}

export function EmbedApp({ initial, location = window.location }: { initial: EmbedResult; location?: EmbedLocation }) {
  const [result, setResult] = useState(initial);
  const language = result.kind === 'guide' ? result.guide.language : 'en';
  const words = loadedWordsFor(language) ?? ENGLISH;
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void loadEmbed(window.location.pathname, window.location.search).then((next) => {
      setResult(next);
      setRetrying(false);
    });
  };

  return (
    <PlayerWordsContext value={{ words, language }}>
      <EmbedLayout label={result.kind === 'guide' ? fill(words.embedLabel, { title: result.guide.title }) : 'Stepcast guide'}>
        <EmbedContent result={result} location={location} onRetry={retry} retrying={retrying} />
      </EmbedLayout>
    </PlayerWordsContext>
  );
}
