import { describe, expect, it } from 'vitest';
import { TRANSLATION_LANGUAGES } from '#shared/share/languages';
import { ALL_WORDS } from './all-player-words';
import { ENGLISH_PAGE, pageWordsFor, stepCountIn } from './page-words';
import { ENGLISH, fill, loadedWordsFor, loadPlayerWords } from './player-words';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Each of a language's words beside the English one. */
function pairs(english: object, translated: object): Array<[string, unknown, unknown]> {
  return Object.entries(english).map(([key, value]) => [key, value, (translated as Record<string, unknown>)[key]]);
}

describe("the player's and the share page's own words", () => {
  it('exist for every language a guide can be translated into, each word written, with the same placeholders as English', () => {
    expect(Object.keys(ALL_WORDS).sort()).toEqual(TRANSLATION_LANGUAGES.map((l) => l.code).sort());
    for (const [code, { words, pageWords }] of Object.entries(ALL_WORDS)) {
      expect(Object.keys(words).sort(), code).toEqual(Object.keys(ENGLISH).sort());
      expect(Object.keys(pageWords).sort(), code).toEqual(Object.keys(ENGLISH_PAGE).sort());
      for (const [key, english, translated] of [...pairs(ENGLISH, words), ...pairs(ENGLISH_PAGE, pageWords)]) {
        if (typeof english !== 'string' || typeof translated !== 'string') continue;
        expect(translated.trim(), `${code}.${key}`).not.toBe('');
        expect(placeholders(translated), `${code}.${key}`).toEqual(placeholders(english));
        // Translated, not left in English (a few words are the same in some languages: "Pause", "Guide").
        if (code !== 'en' && !['pause', 'embedLabel'].includes(key)) expect(translated, `${code}.${key}`).not.toBe(english);
      }
      for (const form of Object.values(pageWords.steps)) expect(placeholders(form), `${code}.steps`).toEqual(['count']);
    }
  });

  it('loads a language once, on demand, with its share page words, and falls back to English for one it has no words for', async () => {
    expect(loadedWordsFor('es-MX')).toBeUndefined();
    expect(pageWordsFor('es')).toBe(ENGLISH_PAGE);
    expect(await loadPlayerWords('es-MX')).toEqual(ALL_WORDS['es']!.words);
    expect(loadedWordsFor('es')).toBe(await loadPlayerWords('es'));
    expect(pageWordsFor('es-ES')).toEqual(ALL_WORDS['es']!.pageWords);
    expect(loadedWordsFor('ja')).toBe(ENGLISH);
    expect(await loadPlayerWords('ja')).toBe(ENGLISH);
    expect(pageWordsFor('ja')).toBe(ENGLISH_PAGE);
  });

  it('fills templates and counts steps by the language’s plural rules', () => {
    expect(fill(ENGLISH.stepOf, { n: 2, count: 4 })).toBe('Step 2 of 4');
    expect(fill(ALL_WORDS['es']!.words.stepOf, { n: 2, count: 4 })).toBe('Paso 2 de 4');
    expect([1, 2, 5, 22].map((n) => stepCountIn(ALL_WORDS['pl']!.pageWords, 'pl', n))).toEqual(['1 krok', '2 kroki', '5 kroków', '22 kroki']);
    expect([1, 3].map((n) => stepCountIn(ENGLISH_PAGE, 'en-US', n))).toEqual(['1 step', '3 steps']);
    expect(stepCountIn(ALL_WORDS['fr']!.pageWords, 'fr', 0)).toBe('0 étape');
  });
});
