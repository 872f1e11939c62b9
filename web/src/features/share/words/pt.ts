import type { PageWords } from './page-words';
import type { PlayerWords } from './player-words';

/** The player's and the embed's own words in Portuguese (player-words.ts). */
export const words: PlayerWords = {
  stepOf: 'Passo {n} de {count}',
  previous: 'Passo anterior',
  next: 'Próximo passo',
  play: 'Reproduzir',
  pause: 'Pausar',
  playAgain: 'Reproduzir novamente',
  mute: 'Silenciar',
  captions: 'Legendas',
  fullScreen: 'Tela cheia',
  exitFullScreen: 'Sair da tela cheia',
  progress: 'Progresso',
  player: 'Reprodutor do guia: {title}',
  screenshot: 'Captura de tela do passo {n}',
  screenshotOf: 'Captura de tela do passo {n}: {text}',
  end: 'Fim do guia: {title}',
  start: 'Começar o guia',
  watchAgain: 'Assistir novamente',
  newTab: '(abre em uma nova aba)',
  noSteps: 'Este guia ainda não tem passos.',
  madeWith: 'Feito com {product}',
  embedLabel: 'Guia: {title}',
};

/** The share page's own words in Portuguese (page-words.ts). */
export const pageWords: PageWords = {
  step: 'Passo {n}',
  steps: { one: '{count} passo', other: '{count} passos' },
  stepsHeading: 'Passos',
  privateGuide: 'Privado para sua equipe',
  language: 'Idioma',
  guideMe: 'Guie-me',
  guideMeHint: 'Percorra-o no próprio aplicativo',
  guideMeOpened: 'O aplicativo foi aberto em uma nova aba: siga os passos lá.',
  guideMeNeeds: '“{guideMe}” precisa da extensão do {product}',
  guideMeAbout: 'Com a extensão do {product} no Chrome, “{guideMe}” abre o aplicativo em que este guia foi feito e aponta cada passo na página real, avançando conforme você os executa.',
  guideMeInstall: 'Adicione a extensão do {product} ao Chrome',
  guideMeReload: 'Volte a esta página e recarregue-a.',
  guideMeAgain: 'Pressione “{guideMe}” novamente.',
  close: 'Fechar',
  skipToContent: 'Pular para o conteúdo',
  createYourOwn: 'Crie seu próprio guia',
  home: 'Página inicial do {product}',
};
