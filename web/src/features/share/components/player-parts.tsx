import { StepText } from './step-text';

/**
 * What the share page's player shows around its frame (the step count in its bar, the step's words
 * under it), shared by the share page and the editor's preview, which must look the same.
 */
export function stepCount({ index, count }: { index: number; count: number }) {
  return (
    <p className="player__count">
      Step <strong>{index + 1}</strong> of {count}
    </p>
  );
}

export function stepWords({ index, count, text }: { index: number; count: number; text: string | null }) {
  return (
    <div className="player__text">
      <span className="player__number" aria-hidden="true">
        {index + 1}
      </span>
      <p className="player__step-text">{text ? <StepText text={text} /> : <span className="player__muted">{`Step ${index + 1} of ${count}`}</span>}</p>
    </div>
  );
}
