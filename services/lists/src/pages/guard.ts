import * as dns from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { PageFetchError } from './errors';

/**
 * The SSRF guard of the page fetch.
 *
 * Two layers, both applied to every hop (the first URL and every redirect target):
 * 1. `checkUrl` refuses what is wrong in the URL itself: not http(s), credentials, a literal
 *    IP that is not public unicast (WHATWG URL parsing has already turned `2130706433`,
 *    `0x7f.1`, `017700000001` and `127.1` into `127.0.0.1`), names that only mean something
 *    inside a network (`localhost`, `*.internal`, single labels), and odd low ports.
 * 2. The connection is made through request-filtering-agent's http(s) Agent, which validates
 *    the address the socket is about to connect to: the IP literal, or every address the DNS
 *    lookup answered, inside the agent's `createConnection`. There is no "resolve, check, then
 *    connect again" gap, so DNS rebinding cannot slip a private address in. It refuses every
 *    ipaddr.js range except `unicast`: loopback, private, link-local (169.254.169.254 cloud
 *    metadata included), carrier-grade NAT, unique local, IPv4-mapped IPv6, NAT64/6to4/Teredo,
 *    multicast, reserved, unspecified; our lookup wrapper adds IPv6 outside 2000::/3 (the
 *    IPv4-compatible ::/96 that the agent would let through).
 *
 * Only `host:port` entries of PAGE_FETCH_ALLOWLIST skip layer 2 (and the name rules of layer 1).
 */

export const MESSAGES = {
  invalid: 'Enter the full address of a web page, starting with http:// or https://.',
  tooLong: 'This address is too long. Copy the address of the product page from the browser, without extra text.',
  scheme: 'Only web addresses starting with http:// or https:// can be read. Copy the address of the product page from the browser.',
  credentials: 'Addresses with a user name or password cannot be read. Use the usual address of the shop page.',
  forbidden: 'This address is not allowed: it points to a private or local network. Use the address of the product page on the public site of the shop.',
  port: 'This address uses a port that cannot be read; use the usual address of the shop page.',
  unreachable: 'The site could not be reached. Check the address and try again.',
  timeout: 'The site took too long to answer. Try again in a moment, or fill in the details yourself.',
  notHtml: 'This address is not a web page (HTML). Use the address of the product page.',
  tooLarge: 'This page is too large to be read. Fill in the details yourself.',
  tooManyRedirects: 'This address redirects too many times. Open it in a browser and copy the address of the page it ends on.',
  notFound: 'The site says this page does not exist (HTTP 404). Check the address, or fill in the details yourself.',
  status: (status: number) => `The site answered with an error (HTTP ${status}). Check the address and try again.`,
  blocked: 'This shop blocks automatic reading of its pages (it answered with a robot check). Fill in the details yourself.',
  unreadable: 'This page could not be read. Fill in the details yourself.',
} as const;

export const MAX_URL_LENGTH = 2048;

/** Names that only mean something inside a network, whatever a resolver says about them. */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/;

/** Ports a page can be on: the web defaults and unprivileged ports (no SMTP, SSH, …). */
function isAllowedPort(port: number): boolean {
  return port === 80 || port === 443 || port >= 1024;
}

/**
 * IPv6 outside global unicast (2000::/3) is never a web shop: ipaddr.js calls parts of it
 * `unicast` although they are not, above all the IPv4-compatible block ::/96, which embeds an IPv4
 * address (`[::127.0.0.1]` is `[::7f00:1]`, `[::169.254.169.254]` is `[::a9fe:a9fe]`).
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * True for an address that is public unicast (the only kind the fetch may connect to). Every
 * special ipaddr.js range is refused, including the IPv6 forms that embed an IPv4 address
 * (IPv4-mapped and -translated, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4, Teredo) whatever
 * address they embed, and IPv6 outside 2000::/3 (IPv4-compatible ::/96 included).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  if (ip.range() !== 'unicast') return false;
  return ip.kind() === 'ipv4' || (ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

/**
 * The resolver the filtering agents connect through: every address a name resolves to must be
 * public (isPublicAddress, stricter than the agent's own check, which lets ::/96 through), checked
 * in the same lookup the socket connects with, so there is no gap for DNS rebinding.
 */
function publicOnly(lookup: LookupFunction): LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    lookup(hostname, options, ((err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => {
      if (err) return callback(err, address, family);
      const addresses = Array.isArray(address) ? address.map((a) => a.address) : [address];
      const refused = addresses.find((a) => !isPublicAddress(a));
      if (refused !== undefined) {
        return callback(new Error(`DNS lookup ${refused}(host:${hostname}) is not allowed. Because, it is not a public address.`));
      }
      callback(null, address, family);
    }) as never);
  }) as LookupFunction;
}

export interface CheckedUrl {
  url: URL;
  /** `host:port` as written in the allowlist (port made explicit). */
  hostPort: string;
  allowlisted: boolean;
}

function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** Parses and checks one URL (the request, or a redirect target resolved against its page). */
export function checkUrl(input: string | URL, allowlist: ReadonlySet<string>): CheckedUrl {
  if (typeof input === 'string' && input.length > MAX_URL_LENGTH) throw new PageFetchError('tooLong', MESSAGES.tooLong);
  let url: URL;
  try {
    url = typeof input === 'string' ? new URL(input.trim()) : input;
  } catch {
    throw new PageFetchError('invalid', MESSAGES.invalid);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PageFetchError('scheme', MESSAGES.scheme);
  if (url.username || url.password) throw new PageFetchError('credentials', MESSAGES.credentials);
  if (!url.hostname) throw new PageFetchError('invalid', MESSAGES.invalid);
  url.hash = '';

  const hostname = url.hostname.toLowerCase();
  const port = effectivePort(url);
  const hostPort = `${hostname}:${port}`;
  if (allowlist.has(hostPort)) return { url, hostPort, allowlisted: true };

  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (ipaddr.isValid(bare)) {
    if (!isPublicAddress(bare)) throw new PageFetchError('forbidden', MESSAGES.forbidden);
  } else {
    const name = bare.replace(/\.$/, '');
    if (!name.includes('.') || INTERNAL_NAME.test(name)) throw new PageFetchError('forbidden', MESSAGES.forbidden);
  }
  if (!isAllowedPort(port)) throw new PageFetchError('port', MESSAGES.port);
  return { url, hostPort, allowlisted: false };
}

/** The Agents of one fetcher: filtering ones for the world, plain ones for allowlisted hosts. */
export interface GuardAgents {
  pick(checked: CheckedUrl): http.Agent;
  destroy(): void;
}

export function createGuardAgents(lookup: LookupFunction = dns.lookup): GuardAgents {
  // keepAlive off: every hop opens (and so checks) its own connection.
  const options = { keepAlive: false, lookup };
  const filtered = { keepAlive: false, lookup: publicOnly(lookup) };
  const filteredHttp = new RequestFilteringHttpAgent(filtered);
  const filteredHttps = new RequestFilteringHttpsAgent(filtered);
  const plainHttp = new http.Agent(options);
  const plainHttps = new https.Agent(options);
  return {
    pick({ url, allowlisted }) {
      const secure = url.protocol === 'https:';
      if (allowlisted) return secure ? plainHttps : plainHttp;
      return secure ? filteredHttps : filteredHttp;
    },
    destroy() {
      for (const agent of [filteredHttp, filteredHttps, plainHttp, plainHttps]) agent.destroy();
    },
  };
}

/** request-filtering-agent refuses with "DNS lookup <ip>(…) is not allowed. Because, …". */
export function isRefusedByAgent(err: unknown): boolean {
  const message = err instanceof Error ? err.message : '';
  return /^DNS lookup .* is not allowed/.test(message);
}
