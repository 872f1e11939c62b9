import * as z from 'zod';

/**
 * Text as the product accepts it at the API boundary (titles, names, step text): NFC-normalised,
 * without NUL or other control characters (a step's text may keep line breaks and tabs) and
 * without lone surrogates, which are not text at all. Everything else (RTL marks, zero-width
 * joiners, emoji) is text and round-trips as given; escaping is the job of whoever writes HTML.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// C0 and C1 controls and DEL: matching them is the point of these two.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// The same, less tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const TEXT_MESSAGES = {
  surrogate: 'Remove the broken characters: the text is not valid Unicode.',
  control: 'Remove the control characters.',
} as const;

export function normalizeText(value: string): string {
  return value.normalize('NFC');
}

/** Why a string is not acceptable text, or undefined when it is. */
export function textProblem(value: string, options: { multiline?: boolean } = {}): string | undefined {
  if (LONE_SURROGATE.test(value)) return TEXT_MESSAGES.surrogate;
  if ((options.multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value)) return TEXT_MESSAGES.control;
  return undefined;
}

/** The one zod refinement for text: checked, then normalised to NFC. Chain trim/min/max after it. */
export function safeText(options: { multiline?: boolean } = {}) {
  return z
    .string()
    .superRefine((value, ctx) => {
      const problem = textProblem(value, options);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .normalize('NFC');
}
