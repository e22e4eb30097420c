import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How long a refused request's remaining body is read and thrown away after the answer. */
export const LINGER_MS = 5000;

type Lingering = Socket & { destroySoon?: () => void };

/**
 * For an answer sent before the request's body was read (refused at once): the connection closes
 * after it, lingering so that the client reads the answer. Nothing to do once the body is in.
 */
export function closeAfterUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete) return;
  res.setHeader('Connection', 'close');
  lingerAfterAnswer(req);
}

/**
 * Closes the connection of a request answered before its body was read (413, 401, 408) the way
 * nginx's lingering close does: once the answer is written, our side is shut for writing and
 * whatever the client still sends is read and dropped until it closes its side, or for at most
 * `lingerMs`. Closing at once would leave unread bytes in the kernel, which then resets the
 * connection: a client still sending (most of them write the whole body before reading) gets
 * EPIPE or ECONNRESET and never sees the answer.
 *
 * Node's HTTP server ends a `Connection: close` answer with `socket.destroySoon()`; this
 * socket's own replaces it (the test in linger.test.ts fails if Node stops calling it).
 */
export function lingerAfterAnswer(req: IncomingMessage, lingerMs = LINGER_MS): void {
  const socket = req.socket as Lingering;
  if (typeof socket.destroySoon !== 'function') return;
  socket.destroySoon = function lingeringClose(this: Socket) {
    const stop = () => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(stop, lingerMs);
    timer.unref();
    this.once('end', stop);
    this.once('close', () => clearTimeout(timer));
    // Node's HTTP parser reads the socket and feeds the request: keep both flowing, with nobody
    // listening, so that the rest of the body is read and dropped.
    req.removeAllListeners('data');
    req.resume();
    this.resume();
    this.end();
  };
}
