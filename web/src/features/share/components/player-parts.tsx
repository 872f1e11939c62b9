import { fill, type PlayerWords } from '../words/player-words';
import { StepText } from './step-text';

/**
 * What the share page's player shows around its frame (the step count in its bar, the step's words
 * under it), shared by the share page and the editor's preview, which must look the same. In the
 * guide's language (the player hands its words over).
 */
export function stepCount({ index, count, words }: { index: number; count: number; words: PlayerWords }) {
  // "Step {n} of {count}" with the step's number in bold, wherever the language puts it.
  const parts = words.stepOf.split(/(\{n\}|\{count\})/);
  return (
    <p className="player__count">
      {parts.map((part, i) => (part === '{n}' ? <strong key={i}>{index + 1}</strong> : part === '{count}' ? count : part))}
    </p>
  );
}

export function stepWords({ index, count, text, words }: { index: number; count: number; text: string | null; words: PlayerWords }) {
  return (
    <div className="player__text">
      <span className="player__number" aria-hidden="true">
        {index + 1}
      </span>
      <p className="player__step-text">{text ? <StepText text={text} /> : <span className="player__muted">{fill(words.stepOf, { n: index + 1, count })}</span>}</p>
    </div>
  );
}
