import { pickLanguage } from '#shared/share/languages';
import type { SharedGuideDto } from '#shared/share/shared-guide';

/** `?lang=xx`: the share page (and embed) in one of the guide's languages, as a link can say. */
export const LANG_PARAM = 'lang';

/** The browser's languages, most preferred first (none where there is no browser: the edge). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/** The language a viewer gets of a guide: `?lang=`, else their browser's, when the guide has it; else its own. */
export function viewerLanguage(guide: Pick<SharedGuideDto, 'language' | 'languages'>, requested: string | null, browser: readonly string[] = browserLanguages()): string {
  const others = guide.languages.map((l) => l.code).filter((code) => code !== guide.language);
  return pickLanguage(guide.language, others, requested, browser);
}

/** The page's search with `?lang=` set to a language. */
export function searchWithLanguage(search: URLSearchParams | string, code: string): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set(LANG_PARAM, code);
  return next;
}
