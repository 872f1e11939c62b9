import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { RenderShareFrame, ShareFrameInput } from '#shared/share-frame';
import { ShareLayout } from '../components/layouts/share-layout';
import { SharedGuideView } from '../features/share/components/shared-guide-view';
import { AUTOPLAY_PARAM, autoplayFromParam, STEP_PARAM, stepIndexFromParam } from '../features/share/utils/playback';
import { EmbedApp } from './routes/share/embed-app';

/**
 * The first frame of a share page, rendered on the server by the edge handler (issue 5: the first
 * slide paints before any script runs). The very components the browser renders, with the same
 * props the routes give them (routes/share/share.tsx, routes/share/embed-app.tsx), so that the
 * app's first render replaces this markup with identical markup: nothing moves.
 *
 * web/prerender.ts builds this module for Node into web/dist-ssr/; see shared/share-frame.ts.
 */
const doNothing = () => undefined;

function ShareFrame({ guide, view, url }: ShareFrameInput) {
  const { pathname, search } = new URL(url, 'http://frame.invalid');
  const params = new URLSearchParams(search);
  if (view === 'embed') return <EmbedApp initial={{ kind: 'guide', guide }} location={{ pathname, search }} />;
  return (
    <StaticRouter location={url}>
      <ShareLayout>
        <SharedGuideView
          key={guide.id}
          guide={guide}
          initialIndex={stepIndexFromParam(params.get(STEP_PARAM), guide.slides.length)}
          autoplay={autoplayFromParam(params.get(AUTOPLAY_PARAM))}
          onStepChange={doNothing}
          elementTiming="first-slide"
        />
      </ShareLayout>
    </StaticRouter>
  );
}

export const renderShareFrame: RenderShareFrame = (input) =>
  renderToString(
    <StrictMode>
      <ShareFrame {...input} />
    </StrictMode>,
  );
