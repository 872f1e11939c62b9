import type { PageWords } from './page-words';
import type { PlayerWords } from './player-words';

/** The player's and the embed's own words in Spanish (player-words.ts). */
export const words: PlayerWords = {
  stepOf: 'Paso {n} de {count}',
  previous: 'Paso anterior',
  next: 'Paso siguiente',
  play: 'Reproducir',
  pause: 'Pausa',
  playAgain: 'Volver a reproducir',
  mute: 'Silenciar',
  captions: 'Subtítulos',
  fullScreen: 'Pantalla completa',
  exitFullScreen: 'Salir de pantalla completa',
  progress: 'Progreso',
  player: 'Reproductor de la guía: {title}',
  screenshot: 'Captura del paso {n}',
  screenshotOf: 'Captura del paso {n}: {text}',
  end: 'Fin de la guía: {title}',
  start: 'Empezar la guía',
  watchAgain: 'Ver de nuevo',
  newTab: '(se abre en una pestaña nueva)',
  noSteps: 'Esta guía aún no tiene pasos.',
  madeWith: 'Hecho con {product}',
  embedLabel: 'Guía: {title}',
};

/** The share page's own words in Spanish (page-words.ts). */
export const pageWords: PageWords = {
  step: 'Paso {n}',
  steps: { one: '{count} paso', other: '{count} pasos' },
  stepsHeading: 'Pasos',
  privateGuide: 'Solo para tu equipo',
  language: 'Idioma',
  guideMe: 'Guíame',
  guideMeHint: 'Recórrela en la propia aplicación',
  guideMeOpened: 'La aplicación se abrió en una pestaña nueva: sigue los pasos allí.',
  guideMeNeeds: '«{guideMe}» necesita la extensión de {product}',
  guideMeAbout: 'Con la extensión de {product} en Chrome, «{guideMe}» abre la aplicación en la que se hizo esta guía y señala cada paso en la página real, avanzando a medida que los haces.',
  guideMeInstall: 'Añade la extensión de {product} a Chrome',
  guideMeReload: 'Vuelve a esta página y recárgala.',
  guideMeAgain: 'Pulsa «{guideMe}» de nuevo.',
  close: 'Cerrar',
  skipToContent: 'Saltar al contenido',
  createYourOwn: 'Crea tu propia guía',
  home: 'Inicio de {product}',
};
