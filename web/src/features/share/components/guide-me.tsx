import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { env } from '../../../config/env';
import { requestGuideMe, useExtensionPresent, useInBrowser } from '../utils/extension-bridge';
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
        Guide me
      </Button>
      <span id={hintId} className="guide-me__hint">
        Walk through it in the app itself
      </span>
      <p className="guide-me__status" role="status">
        {state.kind === 'opened' ? 'The app opened in a new tab: follow the steps there.' : state.kind === 'failed' ? state.message : ''}
      </p>
      {inBrowser ? (
        <Dialog
          open={installOpen}
          onOpenChange={setInstallOpen}
          title="Guide me needs the Stepcast extension"
          description="With the Stepcast extension in Chrome, Guide me opens the app this guide was made in and points at each step on the real page, moving on as you do them."
          footer={
            <Button variant="outline" onClick={() => setInstallOpen(false)}>
              Close
            </Button>
          }
        >
          <ol className="guide-me__install">
            <li>
              <a href={env.EXTENSION_STORE_URL} target="_blank" rel="noopener noreferrer">
                Add the Stepcast extension to Chrome
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              .
            </li>
            <li>Come back to this page and reload it.</li>
            <li>Press Guide me again.</li>
          </ol>
        </Dialog>
      ) : null}
    </div>
  );
}
