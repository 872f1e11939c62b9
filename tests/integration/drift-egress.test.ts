import dgram from 'node:dgram';
import http from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CaptureMeta } from '#shared/capture';
import { launchBrowser } from '../../functions/domain/drift/browser';
import { startEgressProxy, type EgressPolicy, type Refusal } from '../../functions/domain/drift/egress';
import { REFUSED_NOTE, replay, type ReplayStep } from '../../functions/domain/drift/replay';
import { startPublicSite, startSecret, type PublicSite, type Secret } from '../fixtures/drift-app/egress';

/**
 * The drift check's egress guard (functions/domain/drift/egress.ts) against every spelling and
 * trick the red team tried and more. Nothing here leaves this machine's loopback: 127.0.0.2
 * stands for a public host (the policy takes it as public), a stub resolver answers every name,
 * and every other address in the table is refused before any connection is made. Two "secret"
 * servers (127.0.0.1 and ::1) count every connection: each must end at zero.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let browser: Browser;
let secret: Secret;
let secret6: Secret;
let site: PublicSite;
let policy: EgressPolicy;

const NAMES: Record<string, string[]> = {
  'public.test': ['127.0.0.2'],
  localhost: ['127.0.0.1', '::1'],
  'loopback.test': ['127.0.0.1'],
  'v6-loopback.test': ['::1'],
  'mapped.test': ['::ffff:127.0.0.1'],
  // One public and one private answer: the private one must not be left to the answer's order.
  'mixed.test': ['127.0.0.2', '127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'private.test': ['10.1.2.3'],
};

beforeAll(async () => {
  process.env.DRIFT_CHROMIUM = 'system';
  [browser, secret, secret6, site] = await Promise.all([launchBrowser(), startSecret('127.0.0.1'), startSecret('::1'), startPublicSite()]);
  policy = {
    allowedHosts: [],
    publicAddresses: ['127.0.0.2'],
    resolve: async (host) => {
      const answer = NAMES[host.toLowerCase()];
      if (!answer) throw Object.assign(new Error(`stub resolver: ${host} not found`), { code: 'ENOTFOUND' });
      return answer;
    },
  };
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([secret?.close(), secret6?.close(), site?.close()]);
});
afterEach(() => {
  // Whatever a case did, neither secret server was reached.
  expect([secret.connections, secret6.connections]).toEqual([0, 0]);
});

const visit = (url: string): CaptureMeta => ({ action: 'navigate', page: { url, viewportWidth: 800 } });
const publicStep = (): ReplayStep => ({
  slideId: 'after',
  capture: { action: 'click', element: { tag: 'button', role: 'button', name: 'Continue', testId: 'go', cssPath: 'html > body > button' }, page: { url: `http://public.test:${site.port}/ok`, viewportWidth: 800 } },
  screenshot: null,
  click: null,
});

/**
 * Replays a step on `url` and then a step on the public page; answers the findings and what was
 * refused. The public site's pages render on the server, so a replay needs no time for them to
 * settle (settleMs 0), except where a page's own script or markup reaches out after it loads
 * (`settles`: the replay's default settle time, in which a step's page makes its requests).
 */
async function replayCase(url: string, { settles = false } = {}) {
  const refused: Refusal[] = [];
  const findings = await replay([{ slideId: 'case', capture: visit(url), screenshot: null, click: null }, publicStep()], {
    browser,
    egress: policy,
    onRefusal: (r) => r.kind === 'private' && refused.push(r),
    ...(settles ? {} : { settleMs: 0 }),
  });
  return { findings, refused };
}

// Targets written as the URL a captured step names (the browser's own parsing included).
const S = () => secret.port;
const S6 = () => secret6.port;
const DIRECT: Array<[string, () => string]> = [
  ['loopback', () => `http://127.0.0.1:${S()}/api/email`],
  ['localhost', () => `http://localhost:${S()}/`],
  ['IPv6 loopback', () => `http://[::1]:${S6()}/`],
  ['IPv4-mapped IPv6, dotted', () => `http://[::ffff:127.0.0.1]:${S()}/api/email`],
  ['IPv4-mapped IPv6, hex', () => `http://[::ffff:7f00:1]:${S()}/`],
  ['IPv4-compatible IPv6, dotted', () => `http://[::127.0.0.1]:${S()}/`],
  ['IPv4-compatible IPv6, hex', () => `http://[::7f00:1]:${S()}/`],
  ['local-use NAT64 (64:ff9b:1::/48)', () => `http://[64:ff9b:1::7f00:1]:${S()}/`],
  ['NAT64 (64:ff9b::/96) of loopback', () => `http://[64:ff9b::7f00:1]:${S()}/`],
  ['6to4 of loopback', () => `http://[2002:7f00:1::1]:${S()}/`],
  ['decimal', () => `http://2130706433:${S()}/`],
  ['hex', () => `http://0x7f000001:${S()}/`],
  ['octal', () => `http://0177.0.0.1:${S()}/`],
  ['dotted hex', () => `http://0x7f.0x0.0x0.0x1:${S()}/`],
  ['short form', () => `http://127.1:${S()}/`],
  ['trailing dot', () => `http://127.0.0.1.:${S()}/`],
  ['unspecified 0.0.0.0', () => `http://0.0.0.0:${S()}/`],
  ['unspecified as "0"', () => `http://0:${S()}/`],
  ['IPv6 unspecified', () => `http://[::]:${S6()}/`],
  ['https (a CONNECT tunnel) to loopback', () => `https://127.0.0.1:${S()}/`],
  ['a name the resolver answers with loopback', () => `http://loopback.test:${S()}/`],
  ['a name with a trailing dot', () => `http://loopback.test.:${S()}/`],
  ['a name answered with IPv6 loopback', () => `http://v6-loopback.test:${S6()}/`],
  ['a name answered with a mapped address', () => `http://mapped.test:${S()}/`],
  ['a name with one public and one loopback answer', () => `http://mixed.test:${site.port}/ok`],
  ['metadata, 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/'],
  ['metadata, IPv4-mapped', () => 'http://[::ffff:a9fe:a9fe]/latest/meta-data/'],
  ['metadata, IPv6 (fd00:ec2::254)', () => 'http://[fd00:ec2::254]/latest/meta-data/'],
  ['metadata by name', () => 'http://metadata.test/latest/meta-data/'],
  ['private 10/8', () => 'http://10.0.0.1/'],
  ['private 172.16/12', () => 'http://172.16.0.1/'],
  ['private 192.168/16', () => 'http://192.168.1.1/'],
  ['private by name', () => 'http://private.test/'],
  ['CGNAT 100.64/10', () => 'http://100.64.0.1/'],
  ['link-local IPv6', () => 'http://[fe80::1]/'],
  ['unique-local IPv6', () => 'http://[fc00::1]/'],
  ['multicast', () => 'http://224.0.0.1/'],
  ['IPv6 multicast', () => 'http://[ff02::1]/'],
  ['broadcast', () => 'http://255.255.255.255/'],
];

// Pages of the public site that send the browser on, each to the secret server.
const VIA_PUBLIC: Array<[string, (to: string) => string, (s: number) => string]> = [
  ['a redirect to loopback', (to) => `/redirect?to=${to}`, (s) => `http://127.0.0.1:${s}/api/email`],
  ['a redirect chain ending on a mapped address', (to) => `/redirect?via=1&to=${to}`, (s) => `http://[::ffff:127.0.0.1]:${s}/`],
  ['a redirect to a name that resolves to loopback', (to) => `/redirect?to=${to}`, (s) => `http://loopback.test:${s}/`],
  ['a redirect to https on loopback', (to) => `/redirect?to=${to}`, (s) => `https://127.0.0.1:${s}/`],
];
const TRICKS: Array<[string, string, string]> = [
  ['a meta refresh', '/meta-refresh', 'http'],
  ['an iframe', '/iframe', 'http'],
  ['an image', '/image', 'http'],
  ['fetch from page script', '/fetch', 'http'],
  ['XMLHttpRequest', '/xhr', 'http'],
  ['a WebSocket', '/websocket', 'ws'],
  ['a form posted by script', '/form', 'http'],
  ['a script navigation', '/script-navigation', 'http'],
  ['a style sheet', '/stylesheet', 'http'],
  ['a CSS background', '/css-background', 'http'],
  ['an EventSource', '/event-source', 'http'],
  ['a beacon', '/beacon', 'http'],
  ['a popup', '/popup', 'http'],
  ['a dedicated worker’s fetch', '/worker', 'http'],
];

// The cases are independent (each replay has a browser context and an egress proxy of its own,
// and reports its own refusals): they run side by side, most of a case being page loads and the
// replay's settle time. The secret servers' counts are cumulative, so the afterEach check still
// catches any case that reached one.
describe.concurrent('a drift check’s browser reaches no private address', () => {
  it('replays a public page (127.0.0.2 taken as public) and finds its button', async () => {
    const findings = await replay([publicStep()], { browser, egress: policy, settleMs: 0 });
    expect(findings.map((f) => [f.status, f.strategy, f.note])).toEqual([['found', 'role', null]]);
    expect(findings[0]!.fresh).not.toBeNull();
  });

  it.each(DIRECT)('refuses a step on %s, and the next step still replays', async (_name, target) => {
    const { findings, refused } = await replayCase(target());
    expect(refused.length).toBeGreaterThan(0);
    expect(findings[0]).toMatchObject({ status: 'refused', note: REFUSED_NOTE, fresh: null });
    // The next step is on a fresh page: nothing the refused one still tried is put on it.
    expect([findings[1]!.status, findings[1]!.strategy, findings[1]!.note]).toEqual(['found', 'role', null]);
  });

  it.each(VIA_PUBLIC)('refuses %s, and the next step still replays', async (_name, path, target) => {
    const to = encodeURIComponent(target(secret.port));
    const { findings, refused } = await replayCase(`http://public.test:${site.port}${path(to)}`);
    expect(refused.length).toBeGreaterThan(0);
    expect(findings[0]).toMatchObject({ status: 'refused', note: REFUSED_NOTE, fresh: null });
    // The next step is on a fresh page: nothing the refused one still tried is put on it.
    expect([findings[1]!.status, findings[1]!.strategy, findings[1]!.note]).toEqual(['found', 'role', null]);
  });

  it.each(TRICKS)('refuses %s of a public page, and the next step still replays', async (_name, path, scheme) => {
    const to = encodeURIComponent(`${scheme}://127.0.0.1:${secret.port}/api/email`);
    const { findings, refused } = await replayCase(`http://public.test:${site.port}${path}?to=${to}`, { settles: true });
    expect(refused.map((r) => [r.host, r.port])).toContainEqual(['127.0.0.1', secret.port]);
    expect(findings[0]!.note).toMatch(/checks may not reach/);
    expect([findings[1]!.status, findings[1]!.strategy]).toEqual(['found', 'role']);
  });
});

describe('the egress proxy itself', () => {
  it('refuses a CONNECT and a plain request to loopback from any client, and forwards to the public stand-in', async () => {
    const proxy = await startEgressProxy(policy);
    try {
      const viaProxy = (path: string, method = 'GET') =>
        new Promise<number>((resolve, reject) => {
          const { hostname, port } = new URL(proxy.url);
          const req = http.request({ host: hostname, port: Number(port), method, path }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('connect', (res, socket) => {
            socket.destroy();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.end();
        });
      expect(await viaProxy(`127.0.0.1:${secret.port}`, 'CONNECT')).toBe(403);
      expect(await viaProxy(`http://127.0.0.1:${secret.port}/`)).toBe(403);
      expect(await viaProxy(`http://public.test:${site.port}/ok`)).toBe(200);
      expect(proxy.refusals).toHaveLength(2);
    } finally {
      await proxy.close();
    }
  });

  it('lets no WebRTC UDP reach a loopback STUN server from a check’s browser', async () => {
    const udp = dgram.createSocket('udp4');
    let packets = 0;
    udp.on('message', () => packets++);
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    const stunPort = (udp.address()).port;
    const proxy = await startEgressProxy(policy);
    const context = await browser.newContext({ proxy: { server: proxy.url, bypass: '<-loopback>' } });
    try {
      const page = await context.newPage();
      await page.goto(`http://public.test:${site.port}/ok`);
      // Gathering ends (the signal) once every candidate the browser may make was tried.
      const state = await page.evaluate(async (port) => {
        const pc = new RTCPeerConnection({ iceServers: [{ urls: `stun:127.0.0.1:${port}` }] });
        pc.createDataChannel('x');
        await pc.setLocalDescription(await pc.createOffer());
        await new Promise<void>((resolve) => {
          if (pc.iceGatheringState === 'complete') resolve();
          pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
        });
        const sdp = pc.localDescription?.sdp ?? '';
        pc.close();
        return { complete: true, hostCandidates: (sdp.match(/typ (host|srflx)/g) ?? []).length };
      }, stunPort);
      expect(state).toEqual({ complete: true, hostCandidates: 0 });
      expect(packets).toBe(0);
    } finally {
      await context.close();
      await proxy.close();
      udp.close();
    }
  });
});
