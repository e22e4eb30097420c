// TCP server: frames messages, hands commands to the engine, writes replies.
import * as net from 'node:net';
import type { Engine } from './engine';
import {
  encodeMsg,
  encodeReply,
  MAX_MESSAGE_SIZE,
  MORE_TO_COME,
  OP_MSG,
  OP_QUERY,
  parseMsg,
  parseQuery,
  readHeader,
} from './wire';
import type { Doc } from './values';

let nextConnId = 1;
let nextRequestId = 1;

export class Connection {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private chain: Promise<void> = Promise.resolve();
  readonly id = nextConnId++;

  constructor(
    private socket: net.Socket,
    private engine: Engine,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (d) => this.onData(d));
    socket.on('error', () => socket.destroy());
  }

  private onData(data: Buffer): void {
    this.chunks.push(data);
    this.buffered += data.length;
    while (this.buffered >= 4) {
      const head = this.peek(4);
      const len = head.readInt32LE(0);
      if (len < 16 || len > MAX_MESSAGE_SIZE) {
        // Cannot resynchronise the stream: drop this connection only.
        this.chunks = [];
        this.buffered = 0;
        this.socket.destroy();
        return;
      }
      if (this.buffered < len) return;
      const msg = this.take(len);
      this.chain = this.chain.then(() => this.process(msg)).catch(() => {
        this.socket.destroy();
      });
    }
  }

  private peek(n: number): Buffer {
    if (this.chunks[0].length >= n) return this.chunks[0].subarray(0, n);
    const all = Buffer.concat(this.chunks);
    this.chunks = [all];
    return all.subarray(0, n);
  }

  private take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    const msg = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return msg;
  }

  private send(buf: Buffer): void {
    if (!this.socket.destroyed) this.socket.write(buf);
  }

  private async process(msg: Buffer): Promise<void> {
    const h = readHeader(msg);
    const conn = { id: this.id, remote: `${this.socket.remoteAddress}:${this.socket.remotePort}` };
    if (h.opCode === OP_MSG) {
      let flags = 0;
      let reply: Doc;
      try {
        const parsed = parseMsg(msg);
        flags = parsed.flags;
        reply = await this.engine.handle(parsed.command, conn);
      } catch (e) {
        reply = { ok: 0, errmsg: `invalid message: ${(e as Error).message}`, code: 9, codeName: 'FailedToParse' };
      }
      if (!(flags & MORE_TO_COME)) this.send(encodeMsg(nextRequestId++, h.requestId, reply));
      return;
    }
    if (h.opCode === OP_QUERY) {
      let reply: Doc;
      try {
        const q = parseQuery(msg);
        if (!q.collection.endsWith('.$cmd')) throw new Error('OP_QUERY is only supported for commands');
        let cmd = q.query;
        if (cmd.$query && typeof cmd.$query === 'object') cmd = cmd.$query as Doc;
        const db = q.collection.slice(0, -'.$cmd'.length);
        reply = await this.engine.handle({ ...cmd, $db: db }, conn);
      } catch (e) {
        reply = { ok: 0, errmsg: `invalid message: ${(e as Error).message}`, code: 9, codeName: 'FailedToParse' };
      }
      this.send(encodeReply(nextRequestId++, h.requestId, reply));
      return;
    }
    // Unknown or unsupported opcode (e.g. OP_COMPRESSED, which is never advertised).
    this.send(encodeMsg(nextRequestId++, h.requestId, { ok: 0, errmsg: `unsupported opCode ${h.opCode}`, code: 2, codeName: 'BadValue' }));
  }
}

export function createServer(engine: Engine): { server: net.Server; sockets: Set<net.Socket> } {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    new Connection(socket, engine);
  });
  return { server, sockets };
}
