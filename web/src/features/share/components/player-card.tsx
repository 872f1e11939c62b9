import type { SharedGuideDto } from '#shared/share/shared-guide';
import { usePlayerWords } from '../words/player-words';
import './player-card.css';

type Intro = NonNullable<SharedGuideDto['introCard']>;
type Outro = NonNullable<SharedGuideDto['outroCard']>;

export type PlayerCardProps =
  | { kind: 'intro'; card: Intro; onStart: () => void }
  | { kind: 'outro'; card: Outro; onCta: (url: string) => void; onReplay: () => void };

/**
 * The guide's opening and closing screens, over the stage: the intro's title and subtitle with
 * a start button; the outro's title, its call to action (the author's https link, in a new tab,
 * without handing that page a reference to this one) and a way to watch again.
 */
export function PlayerCard(props: PlayerCardProps) {
  const { kind, card } = props;
  const { words } = usePlayerWords();
  return (
    <div className={`player__card player__card--${kind}`} data-testid={`player-${kind}`}>
      <h2 className="player__card-title">{card.title}</h2>
      {props.kind === 'intro' ? (
        <>
          {props.card.subtitle ? <p className="player__card-subtitle">{props.card.subtitle}</p> : null}
          <button type="button" className="player__card-button" onClick={props.onStart}>
            {words.start}
          </button>
        </>
      ) : (
        <div className="player__card-actions">
          {props.card.cta ? (
            <a
              className="player__card-button"
              href={props.card.cta.url}
              target="_blank"
              rel="noopener"
              onClick={() => (props.kind === 'outro' && props.card.cta ? props.onCta(props.card.cta.url) : undefined)}
            >
              {props.card.cta.label}
              <span className="visually-hidden"> {words.newTab}</span>
            </a>
          ) : null}
          <button type="button" className="player__card-button player__card-button--quiet" onClick={props.onReplay}>
            {words.watchAgain}
          </button>
        </div>
      )}
    </div>
  );
}
