/**
 * Length limits said aloud (issue 27): every limited field shows its limit before it bites, and
 * says what happened when it does, instead of the browser's `maxLength` cutting a paste without a
 * word. Lengths are UTF-16 code units, as `maxLength` and the API's schemas count them.
 */
const count = new Intl.NumberFormat('en-US');

/** What a field's description says from the start: "Up to 2,000 characters." */
export function limitHint(max: number): string {
  return `Up to ${count.format(max)} characters.`;
}

/** The visible counter: "1,650 / 2,000". */
export function limitCounter(length: number, max: number): string {
  return `${count.format(length)} / ${count.format(max)}`;
}

export interface Insertion {
  /** the field's length before the insertion */
  length: number;
  selectionStart: number;
  selectionEnd: number;
  inserted: string;
  max: number;
  kind: 'paste' | 'drop' | 'type';
}

/**
 * What to say when an insertion does not fit (the browser keeps only what fits), or undefined
 * when it does: "Pasted text was cut to 2,000 characters."
 */
export function whatWasCut({ length, selectionStart, selectionEnd, inserted, max, kind }: Insertion): string | undefined {
  const replaced = Math.max(0, Math.min(selectionEnd, length) - Math.min(selectionStart, selectionEnd));
  const room = max - (length - replaced);
  if (inserted.length <= room) return undefined;
  if (kind === 'type') return `This field holds at most ${count.format(max)} characters.`;
  return `${kind === 'paste' ? 'Pasted' : 'Dropped'} text was cut to ${count.format(max)} characters.`;
}
