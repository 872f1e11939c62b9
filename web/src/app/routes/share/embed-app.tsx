import { Suspense, use, useState, useTransition } from 'react';
import type { SharedGuideDto } from '#shared/share';
import { guideIdFromSegment } from '#shared/share-link';
import { ErrorScreen } from '../../../components/errors/error-screen';
import { EmbedLayout } from '../../../components/layouts/share-layout';
import { buttonClassName } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { getSharedGuide } from '../../../features/share/api/get-shared-guide';
import { GuideNotFound } from '../../../features/share/components/guide-not-found';
import { SharedGuideEmbed } from '../../../features/share/components/shared-guide-embed';
import { AUTOPLAY_PARAM, autoplayFromParam, searchWithStep, STEP_PARAM, stepIndexFromParam } from '../../../features/share/utils/playback';
import { isApiError } from '../../../lib/api-error';

/**
 * `/share/{slug}-{id}/embed` on a page load: the embed as its own small app. Other sites frame it,
 * so it loads React and the player only: no router, no query client, no validation library and
 * none of the app's pages (issue 5: at most 80 KB gzip of JS and CSS). It keeps the route's
 * behaviour: the id from the segment (a short one is an error), 404 → the guide's not-found
 * state, any other failure → the generic error screen whose 'Try Again' loads again.
 */
type EmbedResult = { kind: 'guide'; guide: SharedGuideDto; segment: string } | { kind: 'not-found' } | { kind: 'error'; error: unknown };

const EMBED_PATH = /^\/share\/([^/]+)\/embed\/?$/;

async function loadEmbed(pathname: string): Promise<EmbedResult> {
  try {
    const segment = decodeURIComponent(EMBED_PATH.exec(pathname)?.[1] ?? '');
    const guide = await getSharedGuide(guideIdFromSegment(segment));
    return { kind: 'guide', guide, segment };
  } catch (error) {
    return isApiError(error, 404) ? { kind: 'not-found' } : { kind: 'error', error };
  }
}

/** `?step=` follows the player; no router here, so the history entry is replaced directly. */
function replaceStepInUrl(index: number) {
  const { pathname, search, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}?${searchWithStep(search, index).toString()}${hash}`);
}

function EmbedContent({ request, onRetry, retrying }: { request: Promise<EmbedResult>; onRetry: () => void; retrying: boolean }) {
  const result = use(request);
  if (result.kind === 'not-found') {
    return (
      <GuideNotFound
        action={
          <a href={paths.home.getHref()} target="_blank" rel="noopener" className={buttonClassName({ variant: 'outline' })}>
            Go to Homepage
          </a>
        }
      />
    );
  }
  if (result.kind === 'error') {
    const { error } = result;
    return (
      <ErrorScreen
        onRetry={onRetry}
        retrying={retrying}
        detail={error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error)}
      />
    );
  }
  const search = new URLSearchParams(window.location.search);
  return (
    <SharedGuideEmbed
      guide={result.guide}
      initialIndex={stepIndexFromParam(search.get(STEP_PARAM), result.guide.slides.length)}
      autoplay={autoplayFromParam(search.get(AUTOPLAY_PARAM))}
      onStepChange={replaceStepInUrl}
      pageHref={paths.share.getHref(result.segment)}
      elementTiming="first-slide"
    />
  );
}

function EmbedLoading() {
  return (
    <div className="guide-embed" aria-busy="true">
      <p className="visually-hidden">Loading the guide…</p>
    </div>
  );
}

export function EmbedApp() {
  const [request, setRequest] = useState(() => loadEmbed(window.location.pathname));
  const [retrying, startRetry] = useTransition();
  const retry = () => startRetry(() => setRequest(loadEmbed(window.location.pathname)));

  return (
    <EmbedLayout>
      <Suspense fallback={<EmbedLoading />}>
        <EmbedContent request={request} onRetry={retry} retrying={retrying} />
      </Suspense>
    </EmbedLayout>
  );
}
