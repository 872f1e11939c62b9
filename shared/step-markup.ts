/**
 * Step texts carry one markdown feature: `**bold**` around the target ("Click **Save**"). They
 * are split into runs and rendered as elements, never as HTML, so a step text cannot inject
 * markup whatever it contains.
 */
export interface TextRun {
  text: string;
  bold: boolean;
}

const MARKER = '**';

/**
 * The runs of a step text: the parts between `**` pairs are bold. An unpaired `**` stays as
 * written, and empty runs are dropped.
 */
export function splitBold(text: string): TextRun[] {
  const parts = text.split(MARKER);
  // An even number of parts means an odd number of markers: the last one opens nothing.
  const unpaired = parts.length % 2 === 0 ? parts.pop() : undefined;
  const runs: TextRun[] = [];
  const push = (run: TextRun) => {
    if (!run.text) return;
    const last = runs.at(-1);
    if (last && last.bold === run.bold) last.text += run.text;
    else runs.push({ ...run });
  };
  parts.forEach((part, index) => push({ text: part, bold: index % 2 === 1 }));
  if (unpaired !== undefined) push({ text: `${MARKER}${unpaired}`, bold: false });
  return runs;
}

/** The text without its markup, for labels, announcements and alt text. */
export function plainText(text: string): string {
  return splitBold(text)
    .map((run) => run.text)
    .join('');
}
