// Debian's Chromium for everything local that drives a browser: tests, seed captures, benches.
import { existsSync } from 'node:fs';

/** Debian's Chromium, driven by playwright-core; never a browser downloaded by Playwright. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumMissingMessage(): string | undefined {
  if (existsSync(CHROMIUM_PATH)) return undefined;
  return `Chromium is missing at ${CHROMIUM_PATH}: install it (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.`;
}
