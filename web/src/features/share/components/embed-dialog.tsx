import { useEffect, useId, useRef, useState } from 'react';
import { embedPath } from '#shared/share/link';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { CheckboxField } from '#web/components/ui/form';
import { embedSnippet, embedUrl } from '../utils/embed-snippet';
import type { ShareView } from '../utils/view-choice';
import type { EmbedEvent } from '#shared/embed-events';
import './embed-dialog.css';

export interface EmbedDialogProps {
  /** the guide to embed; people see it once it is published (a private one, members only) */
  guide: { id: string; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type CopyState = 'idle' | 'copied' | 'manual';

/** The three ways the embed can show the guide, as the dialog offers them. */
const EMBED_VIEWS: ReadonlyArray<{ value: ShareView; label: string; hint: string }> = [
  { value: 'watch', label: 'Watch', hint: 'The narrated player' },
  { value: 'read', label: 'Read', hint: 'Every step as a document' },
  { value: 'try', label: 'Try', hint: 'Viewers click through the steps' },
];

const COPIED_FOR_MS = 2_500;

function isResizeMessage(data: unknown): data is Extract<EmbedEvent, { type: 'stepcast:resize' }> {
  return (
    typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    data.type === 'stepcast:resize' &&
    'height' in data &&
    typeof data.height === 'number' &&
    Number.isFinite(data.height)
  );
}

/**
 * "Embed": a copyable, responsive iframe snippet for any site, and a live preview of the embed
 * (sized by the height it posts, as a host page listening for `stepcast:resize` would).
 */
export function EmbedDialog({ guide, open, onOpenChange }: EmbedDialogProps) {
  const [autoplay, setAutoplay] = useState(false);
  const [view, setView] = useState<ShareView>('watch');
  const [copy, setCopy] = useState<CopyState>('idle');
  const [previewHeight, setPreviewHeight] = useState<number | null>(null);
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const ids = { code: useId(), status: useId(), view: useId() };

  const url = `${window.location.origin}${embedPath(guide)}`;
  const snippet = embedSnippet({ url, title: guide.title, autoplay, view });
  const previewUrl = embedUrl(url, { view });

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  useEffect(() => {
    if (!open) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frameRef.current?.contentWindow || !isResizeMessage(event.data)) return;
      setPreviewHeight(Math.min(Math.max(event.data.height, 160), 2_000));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [open]);

  async function copySnippet() {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopy('copied');
    } catch {
      // No clipboard access (an insecure origin, a refused permission): select it for a manual copy.
      codeRef.current?.focus();
      codeRef.current?.select();
      setCopy('manual');
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setCopy('idle');
          setPreviewHeight(null);
        }
        onOpenChange(next);
      }}
      size="lg"
      title="Embed guide"
      description="Paste this code into any web page, help center or wiki. The guide fits the width it is given."
      footer={
        <>
          <a className="embed-dialog__open" href={embedUrl(url, { autoplay, view })} target="_blank" rel="noopener">
            Open the embed in a new tab
          </a>
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        </>
      }
    >
      <div className="embed-dialog">
        <div className="embed-dialog__code">
          <div className="embed-dialog__code-head">
            <label htmlFor={ids.code} className="embed-dialog__label">
              Embed code
            </label>
            <Button
              size="sm"
              variant={copy === 'copied' ? 'outline' : 'default'}
              onClick={() => void copySnippet()}
              aria-describedby={ids.status}
            >
              {copy === 'copied' ? 'Copied' : 'Copy code'}
            </Button>
          </div>
          <textarea
            ref={codeRef}
            id={ids.code}
            className="embed-dialog__snippet"
            value={snippet}
            readOnly
            rows={4}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
          <p id={ids.status} className="embed-dialog__status" role="status">
            {copy === 'copied' ? 'The embed code is on your clipboard.' : copy === 'manual' ? 'The code is selected: press Ctrl+C (⌘C on a Mac) to copy it.' : ''}
          </p>
          <fieldset className="embed-dialog__views">
            <legend className="embed-dialog__label">Show it as</legend>
            {EMBED_VIEWS.map((option) => (
              <label key={option.value} className="embed-dialog__view">
                <input
                  type="radio"
                  name={ids.view}
                  value={option.value}
                  checked={view === option.value}
                  onChange={() => {
                    setView(option.value);
                    setPreviewHeight(null);
                  }}
                />
                <span>
                  <span className="embed-dialog__view-label">{option.label}</span>
                  <span className="embed-dialog__view-hint">{option.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {view === 'watch' ? (
            <CheckboxField
              label="Start playing when the page opens"
              checked={autoplay}
              onChange={(event) => setAutoplay(event.target.checked)}
            />
          ) : null}
        </div>

        <figure className="embed-dialog__preview">
          <figcaption className="embed-dialog__label">Preview</figcaption>
          <div className="embed-dialog__frame" style={previewHeight ? { height: previewHeight } : undefined}>
            {open ? <iframe key={view} ref={frameRef} src={previewUrl} title={`Preview: ${guide.title}`} allow="fullscreen" allowFullScreen /> : null}
          </div>
        </figure>
      </div>
    </Dialog>
  );
}
