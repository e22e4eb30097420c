import { connect, type Socket } from 'node:net';

/** A raw client connection, and what came back on it. */
export interface RawClient {
  socket: Socket;
  /** Everything received so far. */
  received(): string;
  /** Status of the first answer, once it arrived. */
  status(): number | undefined;
  closed: boolean;
  /** Resolves when the server closed the connection (or it failed). */
  whenClosed: Promise<void>;
  /** Resolves with the status line's code once an answer started. */
  whenAnswered: Promise<number>;
}

/** Opens a TCP connection to the gateway (from `localAddress`, e.g. 127.0.0.7) and writes `head`. */
export function rawClient(port: number, head: string, localAddress = '127.0.0.1'): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    let data = '';
    let answered: (status: number) => void = () => undefined;
    let closedResolve: () => void = () => undefined;
    const client: RawClient = {
      socket,
      received: () => data,
      status: () => {
        const m = /^HTTP\/1\.1 (\d{3})/.exec(data);
        return m ? Number(m[1]) : undefined;
      },
      closed: false,
      whenClosed: new Promise<void>((r) => (closedResolve = r)),
      whenAnswered: new Promise<number>((r) => (answered = r)),
    };
    socket.on('data', (c: Buffer) => {
      data += c.toString('utf8');
      const s = client.status();
      if (s !== undefined) answered(s);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      client.closed = true;
      closedResolve();
    });
    socket.once('connect', () => {
      if (head) socket.write(head.replace('Host: {host}\r\n', `Host: 127.0.0.1:${port}\r\n`));
      resolve(client);
    });
    socket.once('error', reject);
  });
}

/** The head of a request whose body is announced but not (yet) sent (rawClient names the gateway's host). */
export function announcedBody(method: string, path: string, length: number, headers: Record<string, string> = {}): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: {host}', 'Content-Type: application/json', `Content-Length: ${length}`];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** The JSON body of a raw HTTP/1.1 answer (Content-Length framed). */
export function bodyOf(raw: string): unknown {
  const at = raw.indexOf('\r\n\r\n');
  return JSON.parse(raw.slice(at + 4));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
