import type { PageWords } from './page-words';
import type { PlayerWords } from './player-words';

/** The player's and the embed's own words in French (player-words.ts). */
export const words: PlayerWords = {
  stepOf: 'Étape {n} sur {count}',
  previous: 'Étape précédente',
  next: 'Étape suivante',
  play: 'Lire',
  pause: 'Pause',
  playAgain: 'Relire',
  mute: 'Couper le son',
  captions: 'Sous-titres',
  fullScreen: 'Plein écran',
  exitFullScreen: 'Quitter le plein écran',
  progress: 'Progression',
  player: 'Lecteur du guide : {title}',
  screenshot: "Capture de l'étape {n}",
  screenshotOf: "Capture de l'étape {n} : {text}",
  end: 'Fin du guide : {title}',
  start: 'Commencer le guide',
  watchAgain: 'Revoir',
  newTab: "(s'ouvre dans un nouvel onglet)",
  noSteps: "Ce guide n'a pas encore d'étapes.",
  madeWith: 'Créé avec {product}',
  embedLabel: 'Guide : {title}',
};

/** The share page's own words in French (page-words.ts). */
export const pageWords: PageWords = {
  step: 'Étape {n}',
  steps: { one: '{count} étape', other: '{count} étapes' },
  stepsHeading: 'Étapes',
  privateGuide: 'Réservé à votre équipe',
  language: 'Langue',
  guideMe: 'Guidez-moi',
  guideMeHint: "Parcourez-le dans l'application elle-même",
  guideMeOpened: "L'application s'est ouverte dans un nouvel onglet : suivez-y les étapes.",
  guideMeNeeds: "« {guideMe} » nécessite l'extension {product}",
  guideMeAbout: "Avec l'extension {product} dans Chrome, « {guideMe} » ouvre l'application dans laquelle ce guide a été créé et montre chaque étape sur la vraie page, en avançant à mesure que vous les faites.",
  guideMeInstall: "Ajoutez l'extension {product} à Chrome",
  guideMeReload: 'Revenez sur cette page et rechargez-la.',
  guideMeAgain: 'Appuyez à nouveau sur « {guideMe} ».',
  close: 'Fermer',
  skipToContent: 'Aller au contenu',
  createYourOwn: 'Créez votre propre guide',
  home: 'Accueil {product}',
};
