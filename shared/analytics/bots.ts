/**
 * User agents whose events are not counted: crawlers, link previews, monitors, headless browsers
 * and HTTP libraries. Words rather than whole names, so that a new crawler named "…bot" is caught
 * too; a missing user agent is not a browser either.
 */
const BOT_WORDS = [
  'crawl',
  'spider',
  'slurp',
  'scrape',
  'archiver',
  'headless',
  'lighthouse',
  'pagespeed',
  'phantomjs',
  'selenium',
  'puppeteer',
  'playwright',
  'webdriver',
  'preview',
  'facebookexternalhit',
  'embedly',
  'whatsapp',
  'mediapartners',
  'feedfetcher',
  'googleother',
  'google-inspectiontool',
  'yandex',
  'baiduspider',
  'monitor',
  'pingdom',
  'uptime',
  'curl/',
  'wget/',
  'httpie',
  'python-',
  'python/',
  'go-http-client',
  'java/',
  'okhttp',
  'axios/',
  'node-fetch',
  'undici',
  'libwww',
  'httpclient',
];

// "bot" but not the phone maker Cubot, whose models say so in every user agent.
const BOT_PATTERN = new RegExp(['(?<!cu)bot', ...BOT_WORDS.map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))].join('|'), 'i');

export function isBot(userAgent: string | undefined): boolean {
  const agent = userAgent?.trim() ?? '';
  return agent === '' || BOT_PATTERN.test(agent);
}
