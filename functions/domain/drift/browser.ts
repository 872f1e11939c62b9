import type { Browser } from 'playwright-core';
import * as z from 'zod';
import { defineConfig } from '../../core/config';

/**
 * Which Chromium a drift check drives. On a machine (`npm start`, tests) it is the one installed
 * there (Debian's `chromium`). Lambda has none: the worker ships `@sparticuz/chromium`, a
 * Chromium built for it that the npm package carries inside (brotli, unpacked to /tmp on the
 * first check of a cold start, about 1.6 s), so nothing is downloaded and no container image is
 * needed.
 */
export const browserConfig = defineConfig({
  DRIFT_CHROMIUM: z.enum(['system', 'serverless']).default(process.env.AWS_LAMBDA_FUNCTION_NAME ? 'serverless' : 'system'),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
});

/**
 * Flags every check's Chromium takes, whichever build: pages reach the network only through the
 * replay's egress proxy (egress.ts). WebRTC may not send UDP outside a proxy (its STUN and media
 * would go straight to any address a page names), and the browser resolves no name itself, so
 * nothing it could open around the proxy finds a host (but the proxy itself, on 127.0.0.1).
 */
export const EGRESS_ARGS = ['--webrtc-ip-handling-policy=disable_non_proxied_udp', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];

const SYSTEM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-sync', ...EGRESS_ARGS];

/**
 * Flags of the serverless build's recommended set that a check must not take: a replay loads
 * pages of sites we do not control, so the same-origin policy and mixed-content blocking stay on.
 */
export const REFUSED_SERVERLESS_ARGS = ['--disable-web-security', '--allow-running-insecure-content'];

export interface LaunchPlan {
  executablePath: string;
  args: string[];
}

/** The serverless build's flags (it needs `--single-process` and `--no-zygote` on Lambda) minus the refused ones. */
export function serverlessArgs(recommended: readonly string[]): string[] {
  return [...recommended.filter((arg) => !REFUSED_SERVERLESS_ARGS.includes(arg.split('=')[0]!)), ...EGRESS_ARGS];
}

export async function launchPlan(): Promise<LaunchPlan> {
  const config = browserConfig();
  if (config.DRIFT_CHROMIUM === 'system') return { executablePath: config.CHROMIUM_PATH, args: SYSTEM_ARGS };
  const { default: serverless } = await import('@sparticuz/chromium');
  return { executablePath: await serverless.executablePath(), args: serverlessArgs(serverless.args) };
}

export async function launchBrowser(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  const { executablePath, args } = await launchPlan();
  return chromium.launch({ executablePath, args, headless: true });
}
