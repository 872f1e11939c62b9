/**
 * The words of the read and try views and of the view switch. English only for now: the other
 * languages' files (de.ts, es.ts, …) fall back to these until they carry their own.
 */
export const VIEW_WORDS = {
  views: 'How to follow this guide',
  watch: 'Watch',
  read: 'Read',
  try: 'Try',
  /** `{n}` */
  step: 'Step {n}',
  /** `{n}`, `{text}` */
  screenshotOf: 'Screenshot of step {n}: {text}',
  /** `{n}` */
  screenshot: 'Screenshot of step {n}',
  tryIntro: 'Do each step yourself: click where the ring is. Enter or Skip moves on.',
  /** `{n}`, `{count}` */
  stepOf: 'Step {n} of {count}',
  clickHere: 'Click the highlighted spot',
  hint: 'Not quite: click the pulsing ring.',
  typeHere: 'Type anything, then press Enter',
  typeLabel: 'Your text for this step',
  skip: 'Skip',
  next: 'Next',
  narrationOn: 'Narration on',
  narrationOff: 'Narration off',
  doneTitle: 'You did it!',
  /** `{count}` */
  doneText: 'You went through all {count} steps yourself.',
  again: 'Try again',
  readIt: 'Read the guide',
} as const;

export type ViewWords = typeof VIEW_WORDS;
