import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '@wishlist/service-kit';
import { clientKey, plainAddress } from './network';

export interface ConnectionGuardOptions {
  /** Open connections per client address (an IPv6 client: per /64); the next one is closed at once. */
  maxPerClient: number;
  /** A new connection, or a kept-alive one after its last answer, must bring full headers within this. */
  headersTimeoutMs: number;
  /** The body deadline (enforced per request in apiProxy); Node's own request timeout is set beyond it. */
  bodyTimeoutMs: number;
  /** Addresses not counted (trusted proxies: one proxy carries many clients). */
  exempt: (address: string) => boolean;
  /** Whether the server hands upgrades (websockets) on (dev mode's HMR): an upgraded connection has no header deadline. */
  upgrades?: boolean;
  logger: Logger;
}

export interface ConnectionGuard {
  /** Call for every request, before anything else: its headers are in. */
  onRequest(req: IncomingMessage, res: ServerResponse): void;
  /** Attach to a listening server. */
  attach(server: Server): void;
  /** Connections closed at once for being over the per-client cap, since start. */
  readonly refused: number;
}

const TIMED_OUT =
  'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n\r\n' +
  JSON.stringify({ error: { code: 'request_timeout', message: 'The request headers did not arrive in time.' } });

/**
 * Connection-level limits of the gateway, so that slow or numerous connections cannot starve
 * other people:
 * - at most `maxPerClient` open connections per client (socket) address; more are closed as
 *   soon as they are accepted (a browser opens about 6 per origin);
 * - headers must arrive within `headersTimeoutMs`: a connection that trickles them, or opens and
 *   says nothing, gets a 408 and is closed. (Node's own headersTimeout is checked only every 30 s;
 *   it is set as well, as a backstop.)
 */
export function connectionGuard(options: ConnectionGuardOptions): ConnectionGuard {
  const perAddress = new Map<string, number>();
  const deadlines = new WeakMap<Socket, NodeJS.Timeout>();
  let refused = 0;

  const arm = (socket: Socket) => {
    if (socket.destroyed) return;
    clearTimeout(deadlines.get(socket));
    const timer = setTimeout(() => {
      deadlines.delete(socket);
      if (socket.destroyed) return;
      socket.end(TIMED_OUT);
      setTimeout(() => socket.destroy(), 1000).unref();
    }, options.headersTimeoutMs);
    timer.unref();
    deadlines.set(socket, timer);
  };
  const disarm = (socket: Socket) => {
    clearTimeout(deadlines.get(socket));
    deadlines.delete(socket);
  };

  return {
    get refused() {
      return refused;
    },
    onRequest(req, res) {
      const socket = req.socket;
      disarm(socket);
      // Kept alive after this answer: the next request's headers are due within the deadline too.
      res.once('finish', () => arm(socket));
    },
    attach(server) {
      if (options.upgrades) server.prependListener('upgrade', (req: IncomingMessage) => disarm(req.socket));
      server.headersTimeout = options.headersTimeoutMs;
      server.requestTimeout = options.headersTimeoutMs + options.bodyTimeoutMs + 5000;
      server.on('connection', (socket: Socket) => {
        const peer = plainAddress(socket.remoteAddress ?? '');
        if (!options.exempt(peer)) {
          const address = clientKey(peer);
          const open = (perAddress.get(address) ?? 0) + 1;
          if (open > options.maxPerClient) {
            refused++;
            if (refused === 1 || refused % 1000 === 0) {
              options.logger.warn({ address, refused, max: options.maxPerClient }, 'too many connections from one client address: closed');
            }
            socket.destroy();
            return;
          }
          perAddress.set(address, open);
          socket.once('close', () => {
            const left = (perAddress.get(address) ?? 1) - 1;
            if (left <= 0) perAddress.delete(address);
            else perAddress.set(address, left);
          });
        }
        arm(socket);
        socket.once('close', () => disarm(socket));
      });
    },
  };
}
