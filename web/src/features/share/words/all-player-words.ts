import * as de from './de';
import * as es from './es';
import * as fi from './fi';
import * as fr from './fr';
import * as it from './it';
import * as nl from './nl';
import * as pl from './pl';
import * as pt from './pt';
import * as sv from './sv';
import * as tr from './tr';
import { ENGLISH_PAGE } from './page-words';
import { ENGLISH, type LanguageWords } from './player-words';

/**
 * Every language's words at once, for where bytes do not matter and waiting is not possible: the
 * share page's first frame rendered on the server (render-share-frame.tsx), and tests. The
 * browser loads one language at a time (player-words.ts).
 */
export const ALL_WORDS: Record<string, LanguageWords> = { en: { words: ENGLISH, pageWords: ENGLISH_PAGE }, de, es, fi, fr, it, nl, pl, pt, sv, tr };
