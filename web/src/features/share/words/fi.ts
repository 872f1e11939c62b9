import type { PageWords } from './page-words';
import type { PlayerWords } from './player-words';

/** The player's and the embed's own words in Finnish (player-words.ts). */
export const words: PlayerWords = {
  stepOf: 'Vaihe {n}/{count}',
  previous: 'Edellinen vaihe',
  next: 'Seuraava vaihe',
  play: 'Toista',
  pause: 'Tauko',
  playAgain: 'Toista uudelleen',
  mute: 'Mykistä',
  captions: 'Tekstitys',
  fullScreen: 'Koko näyttö',
  exitFullScreen: 'Poistu koko näytöstä',
  progress: 'Edistyminen',
  player: 'Ohjeen toistin: {title}',
  screenshot: 'Kuvakaappaus vaiheesta {n}',
  screenshotOf: 'Kuvakaappaus vaiheesta {n}: {text}',
  end: 'Ohjeen loppu: {title}',
  start: 'Aloita ohje',
  watchAgain: 'Katso uudelleen',
  newTab: '(avautuu uuteen välilehteen)',
  noSteps: 'Tässä ohjeessa ei ole vielä vaiheita.',
  madeWith: 'Tehty: {product}',
  embedLabel: 'Ohje: {title}',
};

/** The share page's own words in Finnish (page-words.ts). */
export const pageWords: PageWords = {
  step: 'Vaihe {n}',
  steps: { one: '{count} vaihe', other: '{count} vaihetta' },
  stepsHeading: 'Vaiheet',
  privateGuide: 'Vain tiimillesi',
  language: 'Kieli',
  guideMe: 'Opasta minua',
  guideMeHint: 'Käy se läpi itse sovelluksessa',
  guideMeOpened: 'Sovellus avautui uuteen välilehteen: seuraa vaiheita siellä.',
  guideMeNeeds: '”{guideMe}” vaatii {product}-laajennuksen',
  guideMeAbout: 'Kun Chromessa on {product}-laajennus, ”{guideMe}” avaa sovelluksen, jossa tämä ohje tehtiin, ja osoittaa jokaisen vaiheen oikealla sivulla edeten sitä mukaa kuin teet ne.',
  guideMeInstall: 'Lisää {product}-laajennus Chromeen',
  guideMeReload: 'Palaa tälle sivulle ja lataa se uudelleen.',
  guideMeAgain: 'Paina ”{guideMe}” uudelleen.',
  close: 'Sulje',
  skipToContent: 'Siirry sisältöön',
  createYourOwn: 'Luo oma ohjeesi',
  home: '{product}-etusivu',
};
