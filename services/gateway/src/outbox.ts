import type { IncomingMessage } from 'node:http';
import { isIPv4 } from 'node:net';
import { parseHost } from './hosts';
import { isLoopbackAddress } from './network';

/**
 * Headers by which a proxy (or a client pretending to be one) speaks for another address or
 * host. Any of them on a request means somebody else may be behind it.
 */
export const PROXY_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-server',
  'x-original-forwarded-for',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'via',
] as const;

/**
 * Whether a Host header names this machine's loopback: `localhost`, `127.x.y.z` or `[::1]`, with
 * any port. A page of another site that reaches the gateway through DNS rebinding, and a proxy
 * that passes the public host on, both send some other name.
 */
export function isLoopbackHostHeader(host: string | undefined): boolean {
  const parsed = parseHost(host);
  if (!parsed) return false;
  if (parsed.hostname === 'localhost') return true;
  const address = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  return (isIPv4(address) || address.includes(':')) && isLoopbackAddress(address);
}

/**
 * Why the local outbox must not answer this request, or `null` when it may: the outbox holds
 * every sign-in link, so only a person on this machine may read it. That is a request whose
 * socket peer is loopback, that no proxy forwarded (no proxy header at all: a proxy on the same
 * host connects from loopback too), and whose Host names loopback. When in doubt, refuse.
 */
export function outboxRefusal(req: IncomingMessage): string | null {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return 'the client is not on this machine';
  const forwarded = PROXY_HEADERS.find((name) => req.headers[name] !== undefined);
  if (forwarded) return `the request came through a proxy (${forwarded})`;
  if (!isLoopbackHostHeader(req.headers.host)) return 'the request names another host';
  return null;
}

/** Whether the gateway serves the local outbox over HTTP at all. */
export function servesOutbox(config: { smtpUrl?: string; trustProxy: false | number | string }): boolean {
  return !config.smtpUrl && config.trustProxy === false;
}

/**
 * The start-up warning of a gateway told a proxy is in front (TRUST_PROXY) while mail goes to the
 * local outbox: the public reaches it through that proxy from this machine's own address, so the
 * outbox is not served over HTTP at all; the people who run it read it on disk.
 */
export function outboxBehindProxyWarning(outboxFile: string): string {
  const line = '!'.repeat(100);
  return [
    line,
    '!!! TRUST_PROXY is set (a reverse proxy is in front) and SMTP_URL is not: no mail leaves this machine.',
    '!!! Every e-mail (sign-in links included) goes to the local outbox, which is NOT served over HTTP',
    '!!! behind a proxy (GET /dev/mails is a 404): the proxy connects from this machine, so anyone on the',
    '!!! internet could otherwise read sign-in links and take any account.',
    `!!! Read the outbox on this machine: ${outboxFile}`,
    '!!! Fix: set SMTP_URL=smtp://user:pass@mail.example.org:587 so that people receive their mails.',
    line,
  ].join('\n');
}
