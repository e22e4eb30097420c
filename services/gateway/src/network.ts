import { isIPv4 } from 'node:net';
import ipaddr from 'ipaddr.js';

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) → `1.2.3.4`; anything else unchanged. */
export function plainAddress(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1] : address;
}

/**
 * Whether a socket's peer address is this machine's loopback (127.0.0.0/8, ::1, or their
 * IPv4-mapped form). Only ever given `socket.remoteAddress`, never a header.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = plainAddress(address);
  if (isIPv4(plain)) return plain.startsWith('127.');
  return plain === '::1' || plain === '0:0:0:0:0:0:0:1';
}

/** Whether listening on `host` keeps every other machine out (loopback literals and `localhost`). */
export function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}

/**
 * The start-up warning of a gateway reachable from other machines while sign-in codes go to the
 * local outbox: whoever reads the outbox can sign in as anyone.
 */
export function outboxExposureWarning(host: string, port: number): string {
  const line = '!'.repeat(100);
  return [
    line,
    `!!! The gateway listens on ${host}:${port}, which other machines can reach, and SMTP_URL is not set.`,
    '!!! Every e-mail (sign-in codes included) goes to the local outbox. Only clients connecting from this',
    "!!! machine's loopback address can read it (GET /dev/mails), so nobody else can sign in, and anyone",
    '!!! on this machine can read every sign-in code and sign in as anybody.',
    '!!! Fix: set SMTP_URL=smtp://user:pass@mail.example.org:587 to send real mail,',
    '!!!   or set HOST=127.0.0.1 to keep this instance to this machine.',
    line,
  ].join('\n');
}

/**
 * What the per-client connection cap counts by: an IPv4 address, or the /64 an IPv6 address is in
 * (one subscriber's network usually gets a whole /64: counting single IPv6 addresses would let one
 * client open connections from as many addresses as it likes).
 */
export function clientKey(address: string): string {
  const plain = plainAddress(address);
  if (!ipaddr.IPv6.isValid(plain)) return plain;
  const network = ipaddr.IPv6.parse(plain).parts.slice(0, 4);
  return `${network.map((part) => part.toString(16)).join(':')}::/64`;
}
