import type { MouseEvent } from 'react';
import { SHARE_VIEWS, searchWithView, type ShareView } from '../utils/view-choice';
import { searchWithStep } from '../utils/playback';
import { usePageWords } from '../words/page-words';
import { stepAnchor } from '../views/guide-document';
import './view-switch.css';

export interface ViewSwitchProps {
  view: ShareView;
  /** the step on screen (0-based): every view opens on it */
  index: number;
  /** the page's path and search now, to link each view from */
  search: string;
  onChange?: ((view: ShareView) => void) | undefined;
}

/**
 * Watch, Read or Try: links to the same page in each view at the step on screen, so they work
 * without script too (the read view is served as a document); with script, the page switches in
 * place and remembers the choice. The current one is marked `aria-current`.
 */
const LABELS: Record<ShareView, 'viewWatch' | 'viewRead' | 'viewTry'> = { watch: 'viewWatch', read: 'viewRead', try: 'viewTry' };

export function ViewSwitch({ view, index, search, onChange }: ViewSwitchProps) {
  const { words } = usePageWords();
  const follow = (event: MouseEvent<HTMLAnchorElement>, next: ShareView) => {
    if (!onChange || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onChange(next);
  };
  return (
    <nav className="share-views" aria-label={words.viewsLabel}>
      <ul className="share-views__list" role="list">
        {SHARE_VIEWS.map((option) => (
          <li key={option}>
            <a
              className="share-views__option"
              // The document's link also names the step's section: without script, the browser goes there.
              href={`?${searchWithView(searchWithStep(search, index), option).toString()}${option === 'read' && index > 0 ? `#${stepAnchor(index)}` : ''}`}
              aria-current={option === view ? 'page' : undefined}
              onClick={(event) => follow(event, option)}
            >
              <ViewIcon view={option} />
              {words[LABELS[option]]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ViewIcon({ view }: { view: ShareView }) {
  const d = { watch: 'M8 5.5v13l10-6.5z', read: 'M5 5h14M5 10h14M5 15h14M5 20h9', try: 'M9 4v10l2.5-2.5L14 17l2-1-2.5-5.5H17z' }[view];
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} fill={view === 'read' ? 'none' : 'currentColor'} stroke="currentColor" strokeWidth={view === 'read' ? 2 : 1} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
