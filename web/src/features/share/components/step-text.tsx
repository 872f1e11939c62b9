import { splitBold } from '../utils/bold-markup';

/** A step text with its `**bold**` parts as `<strong>`: elements only, never HTML. */
export function StepText({ text }: { text: string }) {
  return (
    <>
      {splitBold(text).map((run, index) => (run.bold ? <strong key={index}>{run.text}</strong> : <span key={index}>{run.text}</span>))}
    </>
  );
}
