import type { IncomingMessage, ServerResponse } from 'node:http';
import { closeAfterUnreadBody } from './linger';

/** One name the gateway answers for; `port` null: any port. */
interface HostEntry {
  hostname: string;
  port: number | null;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** `name`, `name:port`, `[v6]` or `[v6]:port`, lowercased; null when it is not a host at all. */
export function parseHost(value: string | undefined): { hostname: string; port: number | null } | null {
  if (!value) return null;
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::(\d{1,5}))?$/.exec(value.trim().toLowerCase());
  if (!m) return null;
  const hostname = m[1].replace(/\.$/, '');
  const port = m[2] === undefined ? null : Number(m[2]);
  if (hostname === '' || (port !== null && port > 65535)) return null;
  return { hostname, port };
}

/**
 * Parses ALLOWED_HOSTS: names (any port) or `name:port`, separated by commas or spaces; `*` alone
 * turns the check off. Throws on an entry that is not a host.
 */
export function parseAllowedHosts(raw: string): HostEntry[] | '*' {
  const items = raw.split(/[\s,]+/).filter(Boolean);
  if (items.length === 1 && items[0] === '*') return '*';
  return items.map((item) => {
    const parsed = parseHost(item);
    if (!parsed) throw new Error(`'${item}' is not a host name or host:port`);
    return parsed;
  });
}

export interface HostGuardOptions {
  publicUrl: string;
  allowedHosts: HostEntry[] | '*';
}

/**
 * The names the gateway answers for (issue: DNS rebinding). A page of another site whose name is
 * made to resolve to this machine reaches the gateway with its own name in `Host`: answering it
 * would let that page read the API (and, under `npm start`, the outbox) as same-origin. So only
 * PUBLIC_URL's host, the ALLOWED_HOSTS entries and `localhost`, `127.0.0.1` and `[::1]` on the
 * gateway's port are answered; anything else gets 421.
 * `/health` and `/health/ready` are answered whatever the name (container health checks ask `localhost`).
 */
const PROBE_PATHS = new Set(['/health', '/health/ready']);

export function hostGuard(options: HostGuardOptions) {
  const publicUrl = new URL(options.publicUrl);
  const publicEntry: HostEntry = {
    hostname: publicUrl.hostname.toLowerCase(),
    port: publicUrl.port ? Number(publicUrl.port) : (DEFAULT_PORTS[publicUrl.protocol] ?? null),
  };
  // The gateway's port, once it listens. Unknown (an app mounted in a test's own server): any port.
  let listeningPort: number | null = null;

  const matches = (entry: HostEntry, host: { hostname: string; port: number | null }, defaultPort: number | null) =>
    entry.hostname === host.hostname && (entry.port === null || entry.port === (host.port ?? defaultPort));

  const allowed = (value: string | undefined): boolean => {
    if (options.allowedHosts === '*') return true;
    const host = parseHost(value);
    if (!host) return false;
    // A Host without a port names the scheme's default: PUBLIC_URL's.
    if (matches(publicEntry, host, publicEntry.port)) return true;
    if (options.allowedHosts.some((entry) => matches(entry, host, null))) return true;
    // This machine's own names on the gateway's port are no rebinding (the page's name would be
    // another one), and a proxy on the same host may pass them on (nginx's default Host).
    if (['localhost', '127.0.0.1', '[::1]'].includes(host.hostname)) {
      return listeningPort === null || host.port === listeningPort;
    }
    return false;
  };

  return {
    listeningOn(port: number) {
      listeningPort = port;
    },
    allowed,
    /** Whether the request names a host the gateway does not serve (the health probes excepted). */
    misdirected(req: IncomingMessage): boolean {
      if (allowed(req.headers.host)) return false;
      return !PROBE_PATHS.has((req.url ?? '').split('?')[0]);
    },
    /** The answer to a misdirected request. */
    refuse(req: IncomingMessage, res: ServerResponse): void {
      closeAfterUnreadBody(req, res);
      const body = JSON.stringify({
        error: { code: 'misdirected_request', message: 'This server does not answer for that host name. Open the address of the site itself.' },
      });
      res.writeHead(421, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    },
  };
}
