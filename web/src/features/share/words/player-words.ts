import { createContext, use } from 'react';
import { primary } from '#shared/share/languages';
import type { PageWords } from './page-words';

/**
 * The player's and the embed's own words (buttons, labels, "Step 1 of 4"), in the language the
 * guide is shown in; the share page's own are in page-words.ts. English is here; every other
 * language offered (shared/share/languages.ts) is a file of its own in this folder, loaded only
 * when a guide is shown in it (`loadPlayerWords`), so that the embed carries one language's words,
 * not eleven. Templates name what they carry in braces: `{n}`, `{count}`, `{title}`, `{text}`,
 * `{product}`, `{guideMe}`.
 */
export interface PlayerWords {
  /** `{n}` of `{count}`, as the player counts steps */
  stepOf: string;
  previous: string;
  next: string;
  play: string;
  pause: string;
  playAgain: string;
  mute: string;
  captions: string;
  fullScreen: string;
  exitFullScreen: string;
  progress: string;
  /** the player's region: `{title}` */
  player: string;
  /** `{n}` */
  screenshot: string;
  /** `{n}`, `{text}` */
  screenshotOf: string;
  /** announced on the outro card: `{title}` */
  end: string;
  start: string;
  watchAgain: string;
  newTab: string;
  noSteps: string;
  /** the embed's link to the share page: `{product}` */
  madeWith: string;
  /** the embed's main landmark: `{title}` */
  embedLabel: string;
}

export const ENGLISH: PlayerWords = {
  stepOf: 'Step {n} of {count}',
  previous: 'Previous step',
  next: 'Next step',
  play: 'Play',
  pause: 'Pause',
  playAgain: 'Play again',
  mute: 'Mute',
  captions: 'Captions',
  fullScreen: 'Full screen',
  exitFullScreen: 'Exit full screen',
  progress: 'Progress',
  player: 'Guide player: {title}',
  screenshot: 'Screenshot of step {n}',
  screenshotOf: 'Screenshot of step {n}: {text}',
  end: 'End of the guide: {title}',
  start: 'Start the guide',
  watchAgain: 'Watch again',
  newTab: '(opens in a new tab)',
  noSteps: 'This guide has no steps yet.',
  madeWith: 'Made with {product}',
  embedLabel: 'Guide: {title}',
};

/** A language's file: the player's words, and the share page's (page-words.ts), which the embed never reads. */
export interface LanguageWords {
  words: PlayerWords;
  pageWords: PageWords;
}

/** Each language's words, loaded on demand: one small chunk each. */
const LOADERS: Record<string, () => Promise<LanguageWords>> = {
  de: () => import('./de'),
  es: () => import('./es'),
  fi: () => import('./fi'),
  fr: () => import('./fr'),
  it: () => import('./it'),
  nl: () => import('./nl'),
  pl: () => import('./pl'),
  pt: () => import('./pt'),
  sv: () => import('./sv'),
  tr: () => import('./tr'),
};

const loaded = new Map<string, PlayerWords>([['en', ENGLISH]]);
const loadedPages = new Map<string, PageWords>();

/** The words of a language (a BCP 47 tag): English for a language without words of its own. */
function codeOf(language: string): string {
  const code = primary(language);
  return code in LOADERS ? code : 'en';
}

/** The words of a language when they are loaded (English always is), else undefined. */
export function loadedWordsFor(language: string): PlayerWords | undefined {
  return loaded.get(codeOf(language));
}

/** The words of a language, loading them once; English when they cannot be loaded. */
export async function loadPlayerWords(language: string): Promise<PlayerWords> {
  const code = codeOf(language);
  const known = loaded.get(code);
  if (known) return known;
  try {
    const language = await LOADERS[code]!();
    registerPlayerWords(code, language);
    return language.words;
  } catch {
    return ENGLISH;
  }
}

/** The share page's words of a language when they are loaded (its file brings them with the player's), else undefined: English. */
export function loadedPageWordsFor(language: string): PageWords | undefined {
  return loadedPages.get(codeOf(language));
}

/** Makes a language's words known without loading them: the server's first frame has every language at hand. */
export function registerPlayerWords(code: string, language: LanguageWords): void {
  loaded.set(code, language.words);
  loadedPages.set(code, language.pageWords);
}

/** A template with what it names filled in. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The words of the language the guide on screen is shown in (the share page and the embed set it; English elsewhere). */
export const PlayerWordsContext = createContext<{ words: PlayerWords; language: string }>({ words: ENGLISH, language: 'en' });

export function usePlayerWords() {
  return use(PlayerWordsContext);
}
