import { lookup } from 'node:dns/promises';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';

/**
 * Where a drift check's browser may connect. A replay loads pages of sites we do not control,
 * in the drift worker: in Lambda, loopback holds the runtime API and 169.254.169.254 the
 * instance metadata, and a guide captured on (or redirecting to) such an address must never make
 * the worker reach it (OWASP SSRF prevention: decide on the resolved address of every
 * connection, and pin the connection to it).
 *
 * Every connection of the replay's browser context goes through a small forward proxy of ours
 * (startEgressProxy): plain HTTP requests and CONNECT tunnels (HTTPS, WebSockets), for every
 * request of every redirect chain, subresource, frame and page script. The proxy resolves the
 * host once, refuses when any of its addresses is not public unicast (loopback, private,
 * link-local, unique-local, CGNAT, multicast, unspecified, broadcast, reserved, and IPv6 forms
 * that carry an IPv4 address: mapped, compatible, NAT64, 6to4, Teredo), and connects to the
 * address it checked, so a second DNS answer cannot move the connection (DNS rebinding).
 * Addresses are parsed and classified by ipaddr.js, which reads every IPv4 spelling (decimal,
 * octal, hex, short forms) as the network stack does.
 */

export interface EgressPolicy {
  /** `host` or `host:port` a check may reach whatever its address: a developer's own apps, listed in DRIFT_ALLOWED_HOSTS */
  allowedHosts: readonly string[];
  /** addresses to take as public: tests only, where one loopback address stands for the internet */
  publicAddresses?: readonly string[] | undefined;
  /** every address a host name resolves to (the system resolver unless a test gives a stub) */
  resolve?: ((host: string) => Promise<string[]>) | undefined;
}

export interface Refusal {
  host: string;
  port: number;
  /** the address refused, when the name resolved */
  address: string | null;
  /** private: an address checks may not reach; unresolved: the name has no address (a gateway failure, not a refusal of policy) */
  kind: 'private' | 'unresolved';
  reason: string;
}

/** Global unicast IPv6 (2000::/3): every public IPv6 address is in it. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** The address in one canonical spelling (IPv4 dotted quad, IPv6 compressed), or null when it is no address. */
export function canonicalAddress(text: string): string | null {
  const bare = text.trim().replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return null;
  return ipaddr.parse(bare).toString();
}

/**
 * Whether an address (any spelling ipaddr.js reads) is public unicast; anything else, or no
 * address at all, is not. IPv4: ipaddr.js's `unicast` range (none of its special ranges). IPv6:
 * `unicast` and inside 2000::/3, since ipaddr.js calls the IPv4-compatible ::7f00:1 unicast.
 */
export function isPublicAddress(address: string): boolean {
  const canonical = canonicalAddress(address);
  if (!canonical) return false;
  const parsed = ipaddr.parse(canonical);
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

/** A host as the allow-list compares it: lower case, without a trailing dot or IPv6 brackets. */
function hostKey(host: string): string {
  const bare = host.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return canonicalAddress(bare) ?? bare;
}

/** DRIFT_ALLOWED_HOSTS's entries: `host` (any port) or `host:port`, `[v6]:port` for IPv6. */
export function parseAllowedHosts(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** An allow-list entry's host and port (null: any port). */
function entryOf(entry: string): { host: string; port: number | null } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1]!, port: bracketed[2] ? Number(bracketed[2]) : null };
  const colons = entry.split(':').length - 1;
  if (colons === 1) {
    const [host, port] = entry.split(':');
    return { host: host!, port: Number(port) };
  }
  return { host: entry, port: null };
}

function allowListed(policy: EgressPolicy, host: string, port: number): boolean {
  const key = hostKey(host);
  return policy.allowedHosts.some((entry) => {
    const allowed = entryOf(entry.trim());
    return hostKey(allowed.host) === key && (allowed.port === null || allowed.port === port);
  });
}

async function systemResolve(host: string): Promise<string[]> {
  return (await lookup(host, { all: true, verbatim: true })).map((r) => r.address);
}

export type Decision = { ok: true; address: string } | { ok: false; refusal: Refusal };

/**
 * Where a connection to host:port may go: the one address it resolves to that was checked (the
 * connection is made to it, not to a name), or a refusal. A name is refused when any of its
 * addresses is not public, so that no answer order can pick a private one.
 */
export async function decide(policy: EgressPolicy, host: string, port: number): Promise<Decision> {
  const refuse = (reason: string, address: string | null = null, kind: Refusal['kind'] = 'private'): Decision => ({ ok: false, refusal: { host, port, address, kind, reason } });
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return refuse('not a port', null, 'unresolved');
  const literal = canonicalAddress(host);
  let addresses: string[];
  if (literal) addresses = [literal];
  else {
    try {
      addresses = (await (policy.resolve ?? systemResolve)(host.replace(/\.$/, ''))).map((a) => canonicalAddress(a) ?? a);
    } catch {
      return refuse('the name does not resolve', null, 'unresolved');
    }
  }
  if (addresses.length === 0) return refuse('the name does not resolve', null, 'unresolved');
  if (allowListed(policy, host, port)) return { ok: true, address: addresses[0]! };
  const treatedPublic = new Set((policy.publicAddresses ?? []).map((a) => canonicalAddress(a) ?? a));
  for (const address of addresses) {
    if (!canonicalAddress(address)) return refuse('the name resolves to something that is not an address', address);
    if (!treatedPublic.has(address) && !isPublicAddress(address)) return refuse('a private, loopback or reserved address', address);
  }
  return { ok: true, address: addresses[0]! };
}

/** The header of the proxy's own refusal of a plain HTTP request, so a replay can tell it from the site's answer. */
export const REFUSED_HEADER = 'x-stepcast-egress';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function forwardHeaders(raw: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) out.push(raw[i]!, raw[i + 1]!);
  }
  return out;
}

/** host:port of a CONNECT request (`example.com:443`, `[::1]:443`). */
function connectTarget(authority: string): { host: string; port: number } | null {
  const match = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(authority);
  return match ? { host: match[1]!.replace(/^\[|\]$/g, ''), port: Number(match[2]) } : null;
}

export interface EgressProxy {
  /** `http://127.0.0.1:PORT`, for the browser context's proxy setting */
  url: string;
  /** every connection refused so far, oldest first */
  refusals: Refusal[];
  close(): Promise<void>;
}

/**
 * The proxy a replay's browser context goes through (see the module's comment). It listens on
 * loopback only, on a port of its own, for the length of one replay.
 */
export async function startEgressProxy(policy: EgressPolicy, onRefusal?: (refusal: Refusal) => void): Promise<EgressProxy> {
  const refusals: Refusal[] = [];
  const refuse = (refusal: Refusal) => {
    refusals.push(refusal);
    onRefusal?.(refusal);
  };
  const sockets = new Set<Duplex>();
  const track = (socket: Duplex) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      let target: URL;
      try {
        target = new URL(req.url ?? '');
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Only absolute http URLs go through this proxy.');
        return;
      }
      if (target.protocol !== 'http:') {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Only http URLs go through this proxy in plain form.');
        return;
      }
      const port = Number(target.port || 80);
      const decision = await decide(policy, target.hostname.replace(/^\[|\]$/g, ''), port);
      if (!decision.ok) {
        refuse(decision.refusal);
        if (decision.refusal.kind === 'unresolved') res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('This host has no address.');
        else res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', [REFUSED_HEADER]: 'refused', 'cache-control': 'no-store' }).end('This check may not reach this address.');
        return;
      }
      const upstream = http.request(
        { host: decision.address, port, method: req.method, path: `${target.pathname}${target.search}`, headers: forwardHeaders(req.rawHeaders), setHost: false, agent: false },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardHeaders(answer.rawHeaders));
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        res.end();
      });
      req.pipe(upstream);
    })();
  });
  server.on('connection', track);
  server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    track(client);
    client.on('error', () => undefined);
    void (async () => {
      const target = connectTarget(req.url ?? '');
      const decision: Decision = target ? await decide(policy, target.host, target.port) : { ok: false, refusal: { host: req.url ?? '', port: 0, address: null, kind: 'unresolved', reason: 'not host:port' } };
      if (!decision.ok) {
        refuse(decision.refusal);
        client.end(decision.refusal.kind === 'unresolved' ? 'HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n' : 'HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
        return;
      }
      const upstream = net.connect({ host: decision.address, port: target!.port });
      track(upstream);
      upstream.once('connect', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n'));
      client.once('close', () => upstream.destroy());
    })();
  });
  // A plain-HTTP upgrade (a WebSocket not tunnelled) is never forwarded: Chromium tunnels them with CONNECT.
  server.on('upgrade', (_req, socket: Duplex) => socket.destroy());

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refusals,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
