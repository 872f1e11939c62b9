import type { PageWords } from './page-words';
import type { PlayerWords } from './player-words';

/** The player's and the embed's own words in Italian (player-words.ts). */
export const words: PlayerWords = {
  stepOf: 'Passaggio {n} di {count}',
  previous: 'Passaggio precedente',
  next: 'Passaggio successivo',
  play: 'Riproduci',
  pause: 'Pausa',
  playAgain: 'Riproduci di nuovo',
  mute: 'Disattiva audio',
  captions: 'Sottotitoli',
  fullScreen: 'Schermo intero',
  exitFullScreen: 'Esci da schermo intero',
  progress: 'Avanzamento',
  player: 'Lettore della guida: {title}',
  screenshot: 'Schermata del passaggio {n}',
  screenshotOf: 'Schermata del passaggio {n}: {text}',
  end: 'Fine della guida: {title}',
  start: 'Inizia la guida',
  watchAgain: 'Guarda di nuovo',
  newTab: '(si apre in una nuova scheda)',
  noSteps: 'Questa guida non ha ancora passaggi.',
  madeWith: 'Creato con {product}',
  embedLabel: 'Guida: {title}',
};

/** The share page's own words in Italian (page-words.ts). */
export const pageWords: PageWords = {
  step: 'Passaggio {n}',
  steps: { one: '{count} passaggio', other: '{count} passaggi' },
  stepsHeading: 'Passaggi',
  privateGuide: 'Riservata al tuo team',
  language: 'Lingua',
  guideMe: 'Guidami',
  guideMeHint: "Seguila direttamente nell'app",
  guideMeOpened: "L'app si è aperta in una nuova scheda: segui lì i passaggi.",
  guideMeNeeds: "«{guideMe}» richiede l'estensione {product}",
  guideMeAbout: "Con l'estensione {product} in Chrome, «{guideMe}» apre l'app in cui è stata creata questa guida e indica ogni passaggio sulla pagina reale, andando avanti man mano che li esegui.",
  guideMeInstall: "Aggiungi l'estensione {product} a Chrome",
  guideMeReload: 'Torna a questa pagina e ricaricala.',
  guideMeAgain: 'Premi di nuovo «{guideMe}».',
  close: 'Chiudi',
  skipToContent: 'Vai al contenuto',
  createYourOwn: 'Crea la tua guida',
  home: 'Home di {product}',
};
