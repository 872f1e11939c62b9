import type { PageWords } from './page-words';
import type { PlayerWords } from './player-words';

/** The player's and the embed's own words in Polish (player-words.ts). */
export const words: PlayerWords = {
  stepOf: 'Krok {n} z {count}',
  previous: 'Poprzedni krok',
  next: 'Następny krok',
  play: 'Odtwórz',
  pause: 'Wstrzymaj',
  playAgain: 'Odtwórz ponownie',
  mute: 'Wycisz',
  captions: 'Napisy',
  fullScreen: 'Pełny ekran',
  exitFullScreen: 'Zamknij pełny ekran',
  progress: 'Postęp',
  player: 'Odtwarzacz przewodnika: {title}',
  screenshot: 'Zrzut ekranu kroku {n}',
  screenshotOf: 'Zrzut ekranu kroku {n}: {text}',
  end: 'Koniec przewodnika: {title}',
  start: 'Rozpocznij przewodnik',
  watchAgain: 'Obejrzyj ponownie',
  newTab: '(otwiera się w nowej karcie)',
  noSteps: 'Ten przewodnik nie ma jeszcze kroków.',
  madeWith: 'Utworzono w {product}',
  embedLabel: 'Przewodnik: {title}',
};

/** The share page's own words in Polish (page-words.ts). */
export const pageWords: PageWords = {
  step: 'Krok {n}',
  steps: { one: '{count} krok', few: '{count} kroki', many: '{count} kroków', other: '{count} kroku' },
  stepsHeading: 'Kroki',
  privateGuide: 'Tylko dla Twojego zespołu',
  language: 'Język',
  guideMe: 'Poprowadź mnie',
  guideMeHint: 'Przejdź go w samej aplikacji',
  guideMeOpened: 'Aplikacja otworzyła się w nowej karcie: wykonaj tam kolejne kroki.',
  guideMeNeeds: '„{guideMe}” wymaga rozszerzenia {product}',
  guideMeAbout: 'Z rozszerzeniem {product} w Chrome „{guideMe}” otwiera aplikację, w której powstał ten przewodnik, i wskazuje każdy krok na prawdziwej stronie, przechodząc dalej, gdy go wykonasz.',
  guideMeInstall: 'Dodaj rozszerzenie {product} do Chrome',
  guideMeReload: 'Wróć na tę stronę i odśwież ją.',
  guideMeAgain: 'Naciśnij ponownie „{guideMe}”.',
  close: 'Zamknij',
  skipToContent: 'Przejdź do treści',
  createYourOwn: 'Utwórz własny przewodnik',
  home: 'Strona główna {product}',
};
