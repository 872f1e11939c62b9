import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { RenderShareFrame, ShareFrameInput } from '#shared/share/frame';
import { ALL_WORDS } from '#web/features/share/words/all-player-words';
import { registerPlayerWords } from '#web/features/share/words/player-words';
import { EmbedApp } from './routes/share/embed-app';
import { SharePage } from './routes/share/share-page';

/**
 * The first frame of a share page, rendered on the server by the edge handler (the first
 * slide paints before any script runs). The very components the routes render (SharePage,
 * EmbedApp), so that the app's first render replaces this markup with identical markup: nothing
 * moves.
 *
 * web/prerender.ts builds this module for Node into web/dist-ssr/; see shared/share/frame.ts.
 */
const doNothing = () => undefined;

// The frame is rendered at once, in whatever language the guide is in: every language's words are at hand.
for (const [code, words] of Object.entries(ALL_WORDS)) registerPlayerWords(code, words);

function ShareFrame({ guide, view, url }: ShareFrameInput) {
  const { pathname, search } = new URL(url, 'http://frame.invalid');
  if (view === 'embed') return <EmbedApp initial={{ kind: 'guide', guide }} location={{ pathname, search }} />;
  return (
    <StaticRouter location={url}>
      <SharePage guide={guide} search={new URLSearchParams(search)} onStepChange={doNothing} onLanguageChange={doNothing} />
    </StaticRouter>
  );
}

export const renderShareFrame: RenderShareFrame = (input) =>
  renderToString(
    <StrictMode>
      <ShareFrame {...input} />
    </StrictMode>,
  );
