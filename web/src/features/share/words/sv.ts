import type { PageWords } from './page-words';
import type { PlayerWords } from './player-words';

/** The player's and the embed's own words in Swedish (player-words.ts). */
export const words: PlayerWords = {
  stepOf: 'Steg {n} av {count}',
  previous: 'Föregående steg',
  next: 'Nästa steg',
  play: 'Spela upp',
  pause: 'Pausa',
  playAgain: 'Spela upp igen',
  mute: 'Stäng av ljudet',
  captions: 'Undertexter',
  fullScreen: 'Helskärm',
  exitFullScreen: 'Avsluta helskärm',
  progress: 'Förlopp',
  player: 'Guidespelare: {title}',
  screenshot: 'Skärmbild av steg {n}',
  screenshotOf: 'Skärmbild av steg {n}: {text}',
  end: 'Slut på guiden: {title}',
  start: 'Starta guiden',
  watchAgain: 'Se igen',
  newTab: '(öppnas i en ny flik)',
  noSteps: 'Den här guiden har inga steg än.',
  madeWith: 'Skapad med {product}',
  embedLabel: 'Guide: {title}',
};

/** The share page's own words in Swedish (page-words.ts). */
export const pageWords: PageWords = {
  step: 'Steg {n}',
  steps: { one: '{count} steg', other: '{count} steg' },
  stepsHeading: 'Steg',
  privateGuide: 'Privat för ditt team',
  language: 'Språk',
  guideMe: 'Guida mig',
  guideMeHint: 'Gå igenom den i själva appen',
  guideMeOpened: 'Appen öppnades i en ny flik: följ stegen där.',
  guideMeNeeds: '”{guideMe}” kräver tillägget {product}',
  guideMeAbout: 'Med tillägget {product} i Chrome öppnar ”{guideMe}” appen som den här guiden gjordes i och pekar ut varje steg på den riktiga sidan, och går vidare när du utför dem.',
  guideMeInstall: 'Lägg till tillägget {product} i Chrome',
  guideMeReload: 'Kom tillbaka till den här sidan och ladda om den.',
  guideMeAgain: 'Tryck på ”{guideMe}” igen.',
  close: 'Stäng',
  skipToContent: 'Hoppa till innehållet',
  createYourOwn: 'Skapa din egen guide',
  home: '{product} startsida',
};
