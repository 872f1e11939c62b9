import { splitBold } from '#shared/translation';

/**
 * What a translation must not change or see. Bold names are the app's own labels: they stay as
 * the app shows them. Values that look like what capture redacts (addresses, phone and card
 * numbers, codes, masked text) are replaced by placeholders before any text leaves, and put back
 * after: a provider never receives them.
 */
const SENSITIVE = [
  // e-mail addresses
  /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g,
  // phone, card and account numbers, one-time codes: six or more digits, spaces and dashes allowed between
  /\+?\d(?:[\s-]?\d){5,}/g,
  // masked text as capture and authors write it
  /[•●]{3,}|\[redacted\]/gi,
];

export interface Protected {
  /** the text with each sensitive value replaced by its placeholder */
  text: string;
  /** the values, by placeholder index */
  values: string[];
}

/** U+E000 (private use) brackets a placeholder's index: no text a person writes contains it. */
const MARK = '\uE000';
const PLACEHOLDER = new RegExp(`${MARK}(\\d+)${MARK}`, 'g');

export function maskSensitive(text: string): Protected {
  const values: string[] = [];
  let masked = text;
  for (const pattern of SENSITIVE) {
    masked = masked.replace(pattern, (value) => {
      values.push(value);
      return `${MARK}${values.length - 1}${MARK}`;
    });
  }
  return { text: masked, values };
}

export function unmask(text: string, values: readonly string[]): string {
  return text.replace(PLACEHOLDER, (whole, index: string) => values[Number(index)] ?? whole);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);
const unescapeHtml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" })[e]!);

/**
 * A step's text as Amazon Translate's HTML, with its do-not-translate tags: bold names in
 * `<b translate="no">`, placeholders of sensitive values in `<span translate="no">`. The values
 * themselves stay here.
 */
export function toTranslateHtml(text: string): { html: string; values: string[] } {
  const { text: masked, values } = maskSensitive(text);
  const placeholders = (escaped: string) => escaped.replace(PLACEHOLDER, (_w, index: string) => `<span translate="no">${index}</span>`);
  const html = splitBold(masked)
    .map((part) => (part.keep ? `<b translate="no">${placeholders(escapeHtml(part.text))}</b>` : placeholders(escapeHtml(part.text))))
    .join('');
  return { html, values };
}

/** Amazon Translate's answer back into a step's text: bold as markdown, sensitive values restored. */
export function fromTranslateHtml(html: string, values: readonly string[]): string {
  const restored = html.replace(/<span[^>]*>\s*(\d+)\s*<\/span>/g, (_w, index: string) => `${MARK}${index}${MARK}`);
  const bold = restored.replace(/<b[^>]*>([\s\S]*?)<\/b>/g, (_w, inner: string) => `**${inner}**`);
  // Any other markup Translate might add is dropped; the text was plain to begin with.
  return unmask(unescapeHtml(bold.replace(/<[^>]+>/g, '')), values);
}
