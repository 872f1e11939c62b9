import type { PageWords } from './page-words';
import type { PlayerWords } from './player-words';

/** The player's and the embed's own words in German (player-words.ts). */
export const words: PlayerWords = {
  stepOf: 'Schritt {n} von {count}',
  previous: 'Vorheriger Schritt',
  next: 'Nächster Schritt',
  play: 'Abspielen',
  pause: 'Pause',
  playAgain: 'Erneut abspielen',
  mute: 'Stumm',
  captions: 'Untertitel',
  fullScreen: 'Vollbild',
  exitFullScreen: 'Vollbild beenden',
  progress: 'Fortschritt',
  player: 'Anleitungs-Player: {title}',
  screenshot: 'Bildschirmfoto von Schritt {n}',
  screenshotOf: 'Bildschirmfoto von Schritt {n}: {text}',
  end: 'Ende der Anleitung: {title}',
  start: 'Anleitung starten',
  watchAgain: 'Noch einmal ansehen',
  newTab: '(öffnet in einem neuen Tab)',
  noSteps: 'Diese Anleitung hat noch keine Schritte.',
  madeWith: 'Erstellt mit {product}',
  embedLabel: 'Anleitung: {title}',
};

/** The share page's own words in German (page-words.ts). */
export const pageWords: PageWords = {
  step: 'Schritt {n}',
  steps: { one: '{count} Schritt', other: '{count} Schritte' },
  stepsHeading: 'Schritte',
  privateGuide: 'Nur für Ihr Team',
  language: 'Sprache',
  guideMe: 'Zeig es mir',
  guideMeHint: 'Direkt in der App durchgehen',
  guideMeOpened: 'Die App wurde in einem neuen Tab geöffnet: Folgen Sie dort den Schritten.',
  guideMeNeeds: '„{guideMe}“ braucht die {product}-Erweiterung',
  guideMeAbout: 'Mit der {product}-Erweiterung in Chrome öffnet „{guideMe}“ die App, in der diese Anleitung erstellt wurde, zeigt auf der echten Seite auf jeden Schritt und geht weiter, sobald Sie ihn ausführen.',
  guideMeInstall: 'Die {product}-Erweiterung zu Chrome hinzufügen',
  guideMeReload: 'Kehren Sie zu dieser Seite zurück und laden Sie sie neu.',
  guideMeAgain: 'Klicken Sie erneut auf „{guideMe}“.',
  close: 'Schließen',
  skipToContent: 'Zum Inhalt springen',
  createYourOwn: 'Eigene Anleitung erstellen',
  home: '{product} Startseite',
};
