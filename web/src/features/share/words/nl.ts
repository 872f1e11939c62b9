import type { PageWords } from './page-words';
import type { PlayerWords } from './player-words';

/** The player's and the embed's own words in Dutch (player-words.ts). */
export const words: PlayerWords = {
  stepOf: 'Stap {n} van {count}',
  previous: 'Vorige stap',
  next: 'Volgende stap',
  play: 'Afspelen',
  pause: 'Pauzeren',
  playAgain: 'Opnieuw afspelen',
  mute: 'Dempen',
  captions: 'Ondertiteling',
  fullScreen: 'Volledig scherm',
  exitFullScreen: 'Volledig scherm sluiten',
  progress: 'Voortgang',
  player: 'Handleidingspeler: {title}',
  screenshot: 'Schermafbeelding van stap {n}',
  screenshotOf: 'Schermafbeelding van stap {n}: {text}',
  end: 'Einde van de handleiding: {title}',
  start: 'Handleiding starten',
  watchAgain: 'Opnieuw bekijken',
  newTab: '(opent in een nieuw tabblad)',
  noSteps: 'Deze handleiding heeft nog geen stappen.',
  madeWith: 'Gemaakt met {product}',
  embedLabel: 'Handleiding: {title}',
};

/** The share page's own words in Dutch (page-words.ts). */
export const pageWords: PageWords = {
  step: 'Stap {n}',
  steps: { one: '{count} stap', other: '{count} stappen' },
  stepsHeading: 'Stappen',
  privateGuide: 'Alleen voor je team',
  language: 'Taal',
  guideMe: 'Leid me rond',
  guideMeHint: 'Doorloop het in de app zelf',
  guideMeOpened: 'De app is geopend in een nieuw tabblad: volg daar de stappen.',
  guideMeNeeds: '‘{guideMe}’ heeft de {product}-extensie nodig',
  guideMeAbout: 'Met de {product}-extensie in Chrome opent ‘{guideMe}’ de app waarin deze handleiding is gemaakt, wijst elke stap aan op de echte pagina en gaat verder zodra je hem uitvoert.',
  guideMeInstall: 'Voeg de {product}-extensie toe aan Chrome',
  guideMeReload: 'Kom terug naar deze pagina en laad hem opnieuw.',
  guideMeAgain: 'Druk nogmaals op ‘{guideMe}’.',
  close: 'Sluiten',
  skipToContent: 'Naar de inhoud',
  createYourOwn: 'Maak je eigen handleiding',
  home: '{product}-startpagina',
};
