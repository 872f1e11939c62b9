import type { PageWords } from './page-words';
import type { PlayerWords } from './player-words';

/** The player's and the embed's own words in Turkish (player-words.ts). */
export const words: PlayerWords = {
  stepOf: 'Adım {n}/{count}',
  previous: 'Önceki adım',
  next: 'Sonraki adım',
  play: 'Oynat',
  pause: 'Duraklat',
  playAgain: 'Yeniden oynat',
  mute: 'Sesi kapat',
  captions: 'Altyazılar',
  fullScreen: 'Tam ekran',
  exitFullScreen: 'Tam ekrandan çık',
  progress: 'İlerleme',
  player: 'Kılavuz oynatıcı: {title}',
  screenshot: 'Adım {n} ekran görüntüsü',
  screenshotOf: 'Adım {n} ekran görüntüsü: {text}',
  end: 'Kılavuzun sonu: {title}',
  start: 'Kılavuzu başlat',
  watchAgain: 'Yeniden izle',
  newTab: '(yeni sekmede açılır)',
  noSteps: 'Bu kılavuzda henüz adım yok.',
  madeWith: '{product} ile yapıldı',
  embedLabel: 'Kılavuz: {title}',
};

/** The share page's own words in Turkish (page-words.ts). */
export const pageWords: PageWords = {
  step: 'Adım {n}',
  steps: { one: '{count} adım', other: '{count} adım' },
  stepsHeading: 'Adımlar',
  privateGuide: 'Yalnızca ekibinize özel',
  language: 'Dil',
  guideMe: 'Bana yol göster',
  guideMeHint: 'Uygulamanın kendisinde adım adım ilerleyin',
  guideMeOpened: 'Uygulama yeni bir sekmede açıldı: adımları orada izleyin.',
  guideMeNeeds: '“{guideMe}” için {product} uzantısı gerekir',
  guideMeAbout: "Chrome'daki {product} uzantısıyla “{guideMe}”, bu kılavuzun hazırlandığı uygulamayı açar ve her adımı gerçek sayfada gösterir; siz adımları yaptıkça ilerler.",
  guideMeInstall: "{product} uzantısını Chrome'a ekleyin",
  guideMeReload: 'Bu sayfaya dönüp sayfayı yeniden yükleyin.',
  guideMeAgain: '“{guideMe}” düğmesine yeniden basın.',
  close: 'Kapat',
  skipToContent: 'İçeriğe geç',
  createYourOwn: 'Kendi kılavuzunuzu oluşturun',
  home: '{product} ana sayfa',
};
