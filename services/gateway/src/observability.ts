import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';
import { counter, histogram } from '@wishlist/service-kit';
import { plainAddress } from './network';
import { PROXY_HEADERS } from './outbox';

/**
 * The words of the API's paths (SPEC §7 and the services' routes). A path segment that is one of
 * them is kept in the route label; any other segment (an id, a token name) becomes `:id`. With
 * the depth capped, the gateway's route labels form a small, fixed set whatever clients send.
 */
const API_WORDS = new Set([
  'api',
  'tokens',
  'request',
  'refusal',
  'accounts',
  'devices',
  'product-lists',
  'products',
  'products-ordering',
  'share-link',
  'products-in-lists',
  'pages',
  'metadata',
  'favorites',
  'images',
  'offerings',
  'confirmation',
  'verification-mail',
  'withdrawal',
  // Lists kept together: the keepers of a list and the invitation link.
  'managers',
  'invitations',
  'current',
  'accept',
]);
const MAX_DEPTH = 6;

/** `/api/product-lists/6651…/products/6652…` → `/api/product-lists/:id/products/:id`. */
export function apiRouteLabel(path: string): string {
  const segments = path.split('?')[0].split('/').filter(Boolean);
  if (segments.length > MAX_DEPTH) return '/api/:deep';
  return `/${segments.map((s) => (API_WORDS.has(s) ? s : ':id')).join('/')}`;
}

/** The label of what the static part of the gateway serves: the remotes, the downloads, the shell. */
export function staticRouteLabel(path: string): string {
  if (path.startsWith('/remotes/')) return '/remotes/:remote/*';
  if (path.startsWith('/downloads/')) return '/downloads/:file';
  return path === '/' ? '/' : '/*';
}

/** Calls the gateway forwards to a service: counted by service and outcome, timed by service. */
export const upstreamRequests = () =>
  counter('gateway_upstream_requests_total', 'Requests forwarded to a service, by service and outcome (2xx..5xx, or failed)', ['service', 'outcome']);
export const upstreamFailures = () =>
  counter(
    'gateway_upstream_failures_total',
    'Forwarded requests that got no answer from an instance, by service and reason (refused, reset, timeout, other); retried or answered 503',
    ['service', 'reason'],
  );
export const upstreamDuration = () =>
  histogram('gateway_upstream_request_duration_seconds', 'Time from forwarding a request to the service answering its headers, by service', ['service']);

/** A bounded reason for a failed upstream attempt. */
export function failureReason(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'refused';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'reset';
    case 'ETIMEDOUT':
    case 'ESOCKETTIMEDOUT':
      return 'timeout';
    default:
      return /timeout/i.test(err.message ?? '') ? 'timeout' : 'other';
  }
}

/** Loopback (127/8, ::1), private networks (10/8, 172.16/12, 192.168/16) and IPv6 unique-local (fc00::/7). */
export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = plainAddress(address);
  if (!ipaddr.isValid(plain)) return false;
  const range = ipaddr.process(plain).range();
  return range === 'loopback' || range === 'private' || range === 'uniqueLocal';
}

/**
 * Why the gateway's metrics must not be given to this caller, or null when they may: only a
 * caller on this machine or a private network (the socket's own peer, never a forwarding header).
 * A request that came through a proxy (any forwarding header) is refused: a proxy on the same
 * host connects from loopback, so its public clients would otherwise look local. Behind a
 * declared proxy (TRUST_PROXY) the public port never serves them: use METRICS_PORT.
 */
export function metricsRefusal(req: IncomingMessage, options: { behindProxy: boolean }): string | null {
  if (options.behindProxy) return 'TRUST_PROXY is set: the metrics are served on METRICS_PORT only';
  if (!isPrivateAddress(req.socket.remoteAddress)) return 'the caller is not on a private network';
  const forwarded = PROXY_HEADERS.find((name) => req.headers[name] !== undefined);
  if (forwarded) return `the request came through a proxy (${forwarded})`;
  return null;
}
