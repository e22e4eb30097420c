// MongoDB wire protocol framing: OP_MSG (kinds 0 and 1), legacy OP_QUERY, OP_REPLY.
import { BSON } from 'bson';
import type { Doc } from './values';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;
export const MAX_MESSAGE_SIZE = 48_000_000;
export const MAX_BSON_SIZE = 16 * 1024 * 1024;

const CHECKSUM_PRESENT = 1;
export const MORE_TO_COME = 2;

export interface Header {
  length: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export interface ParsedMsg {
  flags: number;
  command: Doc;
}

export interface ParsedQuery {
  collection: string;
  query: Doc;
}

export class ProtocolError extends Error {}

export function readHeader(buf: Buffer): Header {
  return {
    length: buf.readInt32LE(0),
    requestId: buf.readInt32LE(4),
    responseTo: buf.readInt32LE(8),
    opCode: buf.readInt32LE(12),
  };
}

// Numbers keep their BSON type (Int32/Double/Long wrappers); Engine.handle turns them into the
// engine's forms (values.ts: storageForm for stored documents, plainNumbers for the rest).
const DESER = { promoteValues: false, promoteBuffers: false, bsonRegExp: false } as const;

function readDoc(buf: Buffer, offset: number, end: number): { doc: Doc; next: number } {
  if (offset + 5 > end) throw new ProtocolError('truncated BSON document');
  const size = buf.readInt32LE(offset);
  if (size < 5 || offset + size > end) throw new ProtocolError('invalid BSON document size');
  const doc = BSON.deserialize(buf.subarray(offset, offset + size), DESER) as Doc;
  return { doc, next: offset + size };
}

function readCString(buf: Buffer, offset: number, end: number): { str: string; next: number } {
  const z = buf.indexOf(0, offset);
  if (z < 0 || z >= end) throw new ProtocolError('unterminated cstring');
  return { str: buf.toString('utf8', offset, z), next: z + 1 };
}

/** Parse an OP_MSG body (the whole message including header). */
export function parseMsg(msg: Buffer): ParsedMsg {
  const flags = msg.readUInt32LE(16);
  let end = msg.length;
  if (flags & CHECKSUM_PRESENT) end -= 4;
  let off = 20;
  let command: Doc | null = null;
  const sequences: [string, Doc[]][] = [];
  while (off < end) {
    const kind = msg[off++];
    if (kind === 0) {
      const r = readDoc(msg, off, end);
      command = r.doc;
      off = r.next;
    } else if (kind === 1) {
      if (off + 4 > end) throw new ProtocolError('truncated document sequence');
      const size = msg.readInt32LE(off);
      const secEnd = off + size;
      if (size < 5 || secEnd > end) throw new ProtocolError('invalid document sequence size');
      const id = readCString(msg, off + 4, secEnd);
      let p = id.next;
      const docs: Doc[] = [];
      while (p < secEnd) {
        const r = readDoc(msg, p, secEnd);
        docs.push(r.doc);
        p = r.next;
      }
      sequences.push([id.str, docs]);
      off = secEnd;
    } else {
      throw new ProtocolError(`unknown OP_MSG section kind ${kind}`);
    }
  }
  if (!command) throw new ProtocolError('OP_MSG without a body section');
  for (const [id, docs] of sequences) {
    const existing = command[id];
    command[id] = Array.isArray(existing) ? [...existing, ...docs] : docs;
  }
  return { flags, command };
}

export function parseQuery(msg: Buffer): ParsedQuery {
  let off = 20; // header + flags
  const name = readCString(msg, off, msg.length);
  off = name.next + 8; // numberToSkip, numberToReturn
  const q = readDoc(msg, off, msg.length);
  return { collection: name.str, query: q.doc };
}

function header(length: number, requestId: number, responseTo: number, opCode: number): Buffer {
  const h = Buffer.allocUnsafe(16);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

export function encodeMsg(requestId: number, responseTo: number, doc: Doc): Buffer {
  const body = BSON.serialize(doc);
  const pre = Buffer.allocUnsafe(5);
  pre.writeUInt32LE(0, 0);
  pre[4] = 0;
  return Buffer.concat([header(16 + 5 + body.length, requestId, responseTo, OP_MSG), pre, body]);
}

export function encodeReply(requestId: number, responseTo: number, doc: Doc): Buffer {
  const body = BSON.serialize(doc);
  const pre = Buffer.alloc(20);
  pre.writeInt32LE(0, 0); // responseFlags
  // cursorID (8 bytes) = 0, startingFrom = 0
  pre.writeInt32LE(1, 16); // numberReturned
  return Buffer.concat([header(16 + 20 + body.length, requestId, responseTo, OP_REPLY), pre, body]);
}
