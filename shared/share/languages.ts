/**
 * The languages a guide can be read and heard in, and which one a viewer gets. Free of zod: the
 * share page and the embed (which loads on other sites' pages and must stay small) use these.
 */

/** The languages an author can translate into (Amazon Translate and Polly both have them). */
export const TRANSLATION_LANGUAGES = [
  { code: 'de', name: 'Deutsch' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'it', name: 'Italiano' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'pl', name: 'Polski' },
  { code: 'pt', name: 'Português' },
  { code: 'sv', name: 'Svenska' },
  { code: 'fi', name: 'Suomi' },
  { code: 'tr', name: 'Türkçe' },
  { code: 'en', name: 'English' },
] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number]['code'];

/** `de-AT` → `de` */
export function primary(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}

export function languageName(code: string): string {
  return TRANSLATION_LANGUAGES.find((l) => l.code === primary(code))?.name ?? code;
}

/**
 * The language a viewer gets: `?lang=` when the guide has it, else the first of the browser's
 * languages the guide has (by primary subtag), else the guide's own. Answers a code of
 * `available` or the source.
 */
export function pickLanguage(source: string, available: readonly string[], requested: string | null | undefined, browser: readonly string[]): string {
  const has = (tag: string) => (primary(tag) === primary(source) ? source : available.find((code) => primary(code) === primary(tag)));
  if (requested) {
    const found = has(requested);
    if (found) return found;
  }
  for (const tag of browser) {
    const found = has(tag);
    if (found) return found;
  }
  return source;
}
