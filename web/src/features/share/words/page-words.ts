import { primary } from '#shared/share/languages';
import { fill, loadedPageWordsFor, usePlayerWords } from './player-words';

/**
 * The share page's own words around the player (its step list, the step count, the language
 * picker, Guide me, the bar's links), in the language the guide is shown in. Apart from the
 * player's (player-words.ts) so that the embed, which shows none of them, does not carry them;
 * each language's file brings both.
 */
export interface PageWords {
  /** a step without words: `{n}` */
  step: string;
  /** the guide's step count, by plural category (Intl.PluralRules), `other` when the language's category is absent: `{count}` */
  steps: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  stepsHeading: string;
  privateGuide: string;
  language: string;
  guideMe: string;
  guideMeHint: string;
  guideMeOpened: string;
  /** `{guideMe}`, `{product}` */
  guideMeNeeds: string;
  guideMeAbout: string;
  guideMeInstall: string;
  guideMeReload: string;
  guideMeAgain: string;
  close: string;
  skipToContent: string;
  createYourOwn: string;
  /** `{product}` */
  home: string;
  /** the Watch / Read / Try switch: its name and its three views */
  viewsLabel: string;
  viewWatch: string;
  viewRead: string;
  viewTry: string;
  /** the try view */
  tryIntro: string;
  tryClickHere: string;
  tryHint: string;
  tryTypeHere: string;
  tryTypeLabel: string;
  trySkip: string;
  tryNarrationOn: string;
  tryNarrationOff: string;
  tryDoneTitle: string;
  /** `{count}` */
  tryDoneText: string;
  tryAgain: string;
}

export const ENGLISH_PAGE: PageWords = {
  step: 'Step {n}',
  steps: { one: '{count} step', other: '{count} steps' },
  stepsHeading: 'Steps',
  privateGuide: 'Private to your team',
  language: 'Language',
  guideMe: 'Guide me',
  guideMeHint: 'Walk through it in the app itself',
  guideMeOpened: 'The app opened in a new tab: follow the steps there.',
  guideMeNeeds: '{guideMe} needs the {product} extension',
  guideMeAbout:
    'With the {product} extension in Chrome, {guideMe} opens the app this guide was made in and points at each step on the real page, moving on as you do them.',
  guideMeInstall: 'Add the {product} extension to Chrome',
  guideMeReload: 'Come back to this page and reload it.',
  guideMeAgain: 'Press {guideMe} again.',
  close: 'Close',
  skipToContent: 'Skip to content',
  createYourOwn: 'Create your own guide',
  home: '{product} home',
  viewsLabel: 'How to follow this guide',
  viewWatch: 'Watch',
  viewRead: 'Read',
  viewTry: 'Try',
  tryIntro: 'Do each step yourself: click where the ring is. Enter or Skip moves on.',
  tryClickHere: 'Click the highlighted spot',
  tryHint: 'Not quite: click the pulsing ring.',
  tryTypeHere: 'Type anything, then press Enter',
  tryTypeLabel: 'Your text for this step',
  trySkip: 'Skip',
  tryNarrationOn: 'Narration on',
  tryNarrationOff: 'Narration off',
  tryDoneTitle: 'You did it!',
  tryDoneText: 'You went through all {count} steps yourself.',
  tryAgain: 'Try again',
};

/** The share page's words of a language: English until (or unless) its file is loaded. */
export function pageWordsFor(language: string): PageWords {
  return loadedPageWordsFor(language) ?? ENGLISH_PAGE;
}

/** The share page's words in the language of the guide on screen. */
export function usePageWords(): { words: PageWords; language: string } {
  const { language } = usePlayerWords();
  return { words: pageWordsFor(language), language };
}

/** "3 steps" in the words' language. */
export function stepCountIn(words: PageWords, language: string, count: number): string {
  const category = new Intl.PluralRules(primary(language)).select(count);
  return fill(words.steps[category] ?? words.steps.other, { count });
}
