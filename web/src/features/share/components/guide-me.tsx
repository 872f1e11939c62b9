import { useId, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { env } from '#web/config/env';
import { PRODUCT_NAME } from '#shared/product';
import { requestGuideMe, useExtensionPresent, useInBrowser } from '../utils/extension-bridge';
import { usePageWords } from '../words/page-words';
import { fill, usePlayerWords } from '../words/player-words';
import './guide-me.css';

type State = { kind: 'idle' } | { kind: 'opening' } | { kind: 'opened' } | { kind: 'failed'; message: string };

/**
 * "Guide me": the guide walked in the app itself, by the Stepcast extension, which opens the
 * first step's page and points at each step there. Without the extension, the button explains
 * how to get it.
 */
export function GuideMe({ guide }: { guide: { id: string; title: string } }) {
  const present = useExtensionPresent();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [installOpen, setInstallOpen] = useState(false);
  const hintId = useId();
  // The install dialog is portalled into document.body, which the share page's server render lacks.
  const inBrowser = useInBrowser();
  const { words } = usePageWords();
  const { newTab } = usePlayerWords().words;
  const named = { guideMe: words.guideMe, product: PRODUCT_NAME };

  const start = async () => {
    if (!present) {
      setInstallOpen(true);
      return;
    }
    setState({ kind: 'opening' });
    const answer = await requestGuideMe(guide.id);
    setState(answer.ok ? { kind: 'opened' } : { kind: 'failed', message: answer.message });
  };

  return (
    <div className="guide-me">
      <Button variant="outline" size="sm" loading={state.kind === 'opening'} onClick={() => void start()} aria-describedby={hintId}>
        {words.guideMe}
      </Button>
      <span id={hintId} className="guide-me__hint">
        {words.guideMeHint}
      </span>
      <p className="guide-me__status" role="status">
        {state.kind === 'opened' ? words.guideMeOpened : state.kind === 'failed' ? state.message : ''}
      </p>
      {inBrowser ? (
        <Dialog
          open={installOpen}
          onOpenChange={setInstallOpen}
          title={fill(words.guideMeNeeds, named)}
          description={fill(words.guideMeAbout, named)}
          footer={
            <Button variant="outline" onClick={() => setInstallOpen(false)}>
              {words.close}
            </Button>
          }
        >
          <ol className="guide-me__install">
            <li>
              <a href={env.EXTENSION_STORE_URL} target="_blank" rel="noopener noreferrer">
                {fill(words.guideMeInstall, named)}
                <span className="visually-hidden"> {newTab}</span>
              </a>
              .
            </li>
            <li>{words.guideMeReload}</li>
            <li>{fill(words.guideMeAgain, named)}</li>
          </ol>
        </Dialog>
      ) : null}
    </div>
  );
}
