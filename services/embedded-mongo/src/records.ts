// The record format of the journal and the snapshot, and the two ways of reading it:
// strictly (normal start: stop at the first damage) and with resynchronisation (repair: skip
// damaged bytes, keep every intact record before and after them).
//
// Record (format 2), little-endian:
//   0  u32  magic   0x4A4C57C9 (bytes C9 57 4C 4A)
//   4  u32  seq     0, 1, 2 ... within one file
//   8  u32  length  of the payload
//  12  u32  crc32(payload)
//  16  u32  crc32(bytes 0..15)      -- the header checksum: a damaged length is never believed
//  20  payload = BSON documents back to back (one acknowledged write; a transaction is one record),
//      or, in a snapshot, the ops of a compaction serialized by V8 (snapshotCodec.ts)
//
// Format 1 (files written before format 2): [u32 length][u32 crc32(payload)][payload]. Read, never
// written: a data directory holding one is rewritten in format 2 (a compaction) when it opens.
import { crc32 } from 'node:zlib';
import { BSON } from 'bson';
import { decodeSnapshotOps, isV8Payload, UnreadableSnapshotError } from './snapshotCodec';
import { isPlainObject, storageForm, storedDocument, type Doc } from './values';

export const MAGIC = Buffer.from([0xc9, 0x57, 0x4c, 0x4a]);
export const HEADER = 20;
const V1_HEADER = 8;
// Stored numbers keep their BSON type (values.ts: storageForm); the format is unchanged, so files
// written before (read then with promoted numbers) read the same.
// Strings are not checked for UTF-8 as they are read: every record's checksum is checked, and the
// engine wrote them from JavaScript strings (always valid), so the check only cost time at start.
const DESER = { promoteValues: false, promoteBuffers: false, bsonRegExp: false, validation: { utf8: false } } as const;

/** The stored form of a decoded op: the documents a put or puts brings are marked for noteStored (values.ts). */
function storedOp(op: Doc): Doc {
  if (op.o === 'puts' && Array.isArray(op.ds) && Object.keys(op).length === 4) {
    for (const d of op.ds) {
      if (isPlainObject(d)) storedDocument(d);
      else storageForm(d);
    }
    return op;
  }
  if (op.o === 'put' && isPlainObject(op.d) && Object.keys(op).length === 4) {
    storedDocument(op.d);
    return op;
  }
  return storageForm(op);
}

export function encodeRecord(ops: Doc[], seq: number): Buffer {
  return encodePayload(Buffer.concat(ops.map((o) => BSON.serialize(o))), seq);
}

export function encodePayload(payload: Buffer, seq: number): Buffer {
  const head = Buffer.allocUnsafe(HEADER);
  MAGIC.copy(head, 0);
  head.writeUInt32LE(seq >>> 0, 4);
  head.writeUInt32LE(payload.length, 8);
  head.writeUInt32LE(crc32(payload), 12);
  head.writeUInt32LE(crc32(head.subarray(0, 16)), 16);
  return Buffer.concat([head, payload]);
}

function decodePayload(p: Buffer): Doc[] {
  if (isV8Payload(p)) return decodeSnapshotOps(p);
  const out: Doc[] = [];
  let off = 0;
  while (off < p.length) {
    if (off + 5 > p.length) throw new Error('bad document in record');
    const size = p.readInt32LE(off);
    if (size < 5 || off + size > p.length) throw new Error('bad document in record');
    out.push(storedOp(BSON.deserialize(p.subarray(off, off + size), DESER) as Doc));
    off += size;
  }
  return out;
}

export interface IntactRecord {
  offset: number;
  end: number;
  /** Format 2 only. */
  seq: number | null;
  ops: Doc[];
  /** The payload bytes as stored (repair copies them unchanged). */
  payload: Buffer;
}

type Attempt =
  | { kind: 'ok'; rec: IntactRecord }
  /** A prefix of a record that runs to the end of the file (what an interrupted append leaves). */
  | { kind: 'incomplete' }
  | { kind: 'bad'; reason: string };

function decodeAt(buf: Buffer, off: number, end: number, seq: number | null): Attempt {
  try {
    const payload = buf.subarray(off + (seq === null ? V1_HEADER : HEADER), end);
    return { kind: 'ok', rec: { offset: off, end, seq, ops: decodePayload(payload), payload } };
  } catch (e) {
    // Intact (its checksum holds) but unreadable here: stop, never skip it as damage.
    if (e instanceof UnreadableSnapshotError) throw e;
    return { kind: 'bad', reason: 'record payload is not valid BSON' };
  }
}

function tryV2(buf: Buffer, off: number): Attempt {
  const r = buf.length - off;
  if (r < HEADER) {
    const n = Math.min(r, 4);
    return buf.subarray(off, off + n).equals(MAGIC.subarray(0, n))
      ? { kind: 'incomplete' }
      : { kind: 'bad', reason: 'no record starts here (bad magic)' };
  }
  if (!buf.subarray(off, off + 4).equals(MAGIC)) return { kind: 'bad', reason: 'no record starts here (bad magic)' };
  if (crc32(buf.subarray(off, off + 16)) !== buf.readUInt32LE(off + 16))
    return { kind: 'bad', reason: 'record header checksum mismatch' };
  const len = buf.readUInt32LE(off + 8);
  const end = off + HEADER + len;
  if (end > buf.length) return { kind: 'incomplete' };
  if (crc32(buf.subarray(off + HEADER, end)) !== buf.readUInt32LE(off + 12))
    return { kind: 'bad', reason: 'record checksum mismatch' };
  return decodeAt(buf, off, end, buf.readUInt32LE(off + 4));
}

function tryV1(buf: Buffer, off: number): Attempt {
  if (buf.length - off < V1_HEADER) return { kind: 'incomplete' };
  const len = buf.readUInt32LE(off);
  const end = off + V1_HEADER + len;
  if (end > buf.length) return { kind: 'incomplete' };
  // Cheap plausibility first (resynchronisation tries every offset): a payload is BSON documents.
  if (len < 5) return { kind: 'bad', reason: 'record too short' };
  const first = buf.readInt32LE(off + V1_HEADER);
  if (first < 5 || first > len || buf[off + V1_HEADER + first - 1] !== 0) return { kind: 'bad', reason: 'record payload is not valid BSON' };
  if (crc32(buf.subarray(off + V1_HEADER, end)) !== buf.readUInt32LE(off + 4)) return { kind: 'bad', reason: 'record checksum mismatch' };
  return decodeAt(buf, off, end, null);
}

export type Format = 1 | 2;

/**
 * Format 1 only if the file starts with an intact format-1 record; otherwise format 2, the stricter
 * reading (a format-1 reading could take a damaged first record for a torn tail and drop it).
 */
export function detectFormat(buf: Buffer): Format {
  if (buf.length === 0 || buf.subarray(0, Math.min(4, buf.length)).equals(MAGIC.subarray(0, Math.min(4, buf.length)))) return 2;
  return tryV1(buf, 0).kind === 'ok' ? 1 : 2;
}

/** The next intact record strictly after `from`, or null. For format 2, only one with seq > minSeq. */
function nextIntact(buf: Buffer, from: number, format: Format, minSeq: number): IntactRecord | null {
  if (format === 2) {
    for (let at = buf.indexOf(MAGIC, from + 1); at >= 0; at = buf.indexOf(MAGIC, at + 1)) {
      const a = tryV2(buf, at);
      if (a.kind === 'ok' && (a.rec.seq as number) > minSeq) return a.rec;
    }
    return null;
  }
  for (let at = from + 1; at + V1_HEADER <= buf.length; at++) {
    const a = tryV1(buf, at);
    if (a.kind === 'ok') return a.rec;
  }
  return null;
}

export interface Damage {
  offset: number;
  reason: string;
}

export interface StrictRead {
  format: Format;
  records: IntactRecord[];
  /** End of the last intact record before any problem. */
  validEnd: number;
  /** The bytes after validEnd are an interrupted append (only reported when torn tails are allowed). */
  tornTail: boolean;
  /** What the torn tail looks like, for the warning (null when there is none). */
  tornReason: string | null;
  /** The first damage, when the file is not (intact records + optional torn tail). */
  damage: Damage | null;
  /** Intact records found after the damage (what a start that dropped the rest would lose). */
  intactAfterDamage: number;
}

/**
 * What one interrupted append can leave after the last intact record, or null if the bytes from
 * `off` to the end of the file cannot be that. Every append to the journal is exactly one record
 * (storage.ts: the writes of one sync share a record), written at the end and acknowledged only
 * after fdatasync; a crash before that sync can persist any part of the record, in any order
 * of sectors, and the file size may cover sectors never written (zeros). So the tail is torn when:
 *  - no intact record starts anywhere in it (a valid record after the damage proves that the
 *    damaged bytes were synced before it: real corruption), and
 *  - if it begins with a whole, checksummed header, that header is the next record's (its number
 *    follows on) and the tail is no longer than the record it announces: a prefix of it, or all of
 *    it with a payload that fails its checksum (the last sectors never written). Bytes beyond a
 *    complete record were written by a later append, which only starts after this one was synced.
 * A tail that does not begin with a whole header (a cut header, zeros, unwritten first sector) has
 * no length to check against; it is torn by the first rule alone.
 * Format 1 has no header checksum and no record number: only the first rule applies.
 */
export function tornTailAt(buf: Buffer, off: number, format: Format, nextSeq: number): string | null {
  const r = buf.length - off;
  if (r <= 0) return null;
  const at = format === 2 ? tryV2(buf, off) : tryV1(buf, off);
  if (at.kind === 'ok') return null; // an intact record out of sequence: not ours to drop
  if (countIntactAfter(buf, off, format, nextSeq - 1) > 0) return null;
  if (format === 1) return at.kind === 'incomplete' ? 'an incomplete record' : 'bytes that do not form a record';
  const wholeHeader = r >= HEADER && buf.subarray(off, off + 4).equals(MAGIC) && crc32(buf.subarray(off, off + 16)) === buf.readUInt32LE(off + 16);
  if (wholeHeader) {
    if (buf.readUInt32LE(off + 4) !== nextSeq) return null;
    const size = HEADER + buf.readUInt32LE(off + 8);
    if (r < size) return `a record of ${size} bytes cut short after ${r}`;
    if (r === size && crc32(buf.subarray(off + HEADER)) !== buf.readUInt32LE(off + 12))
      return `a record of ${size} bytes whose payload checksum fails (its last sectors were never written)`;
    return null;
  }
  if (r < HEADER && at.kind === 'incomplete') return `the first ${r} byte(s) of a record header`;
  return buf.subarray(off).every((b) => b === 0)
    ? `${r} zero byte(s) where a record should start (sectors allocated but never written)`
    : `${r} byte(s) that do not begin a record (a record header never fully written)`;
}

/**
 * Reads every record in order and stops at the first problem. With `allowTornTail` (the journal,
 * the only file appended to), what an interrupted append leaves at the end is reported as a torn
 * tail (see tornTailAt) instead of damage. Anything else is damage.
 */
export function readStrict(
  buf: Buffer,
  opts: { allowTornTail: boolean; onRecord?: (rec: IntactRecord, index: number) => void },
): StrictRead {
  const format = detectFormat(buf);
  const records: IntactRecord[] = [];
  let off = 0;
  let problem: Damage | null = null;
  let incomplete = false;
  while (off < buf.length) {
    const a = format === 2 ? tryV2(buf, off) : tryV1(buf, off);
    if (a.kind === 'ok') {
      if (format === 2 && a.rec.seq !== records.length) {
        problem = { offset: off, reason: `record number ${a.rec.seq} where ${records.length} was expected (records missing or repeated)` };
        break;
      }
      records.push(a.rec);
      if (opts.onRecord) {
        // Handed over as it is read (a start applies it at once), then not kept twice.
        opts.onRecord(a.rec, records.length - 1);
        a.rec.ops = [];
      }
      off = a.rec.end;
      continue;
    }
    if (a.kind === 'incomplete') {
      incomplete = true;
      problem = { offset: off, reason: 'incomplete record at the end of the file' };
    } else problem = { offset: off, reason: a.reason };
    break;
  }
  const clean = { format, records, validEnd: off, tornTail: false, tornReason: null, damage: null, intactAfterDamage: 0 };
  if (!problem) return clean;
  const torn = opts.allowTornTail ? tornTailAt(buf, off, format, records.length) : null;
  if (torn) return { ...clean, tornTail: true, tornReason: torn };
  if (incomplete && !opts.allowTornTail) problem = { offset: off, reason: 'incomplete record at the end of the file (this file is never appended to)' };
  return { ...clean, damage: problem, intactAfterDamage: countIntactAfter(buf, off, format, records.length - 1) };
}

function countIntactAfter(buf: Buffer, off: number, format: Format, lastSeq: number): number {
  let n = 0;
  let at = off;
  let seq = lastSeq;
  for (;;) {
    const rec = nextIntact(buf, at, format, seq);
    if (!rec) return n;
    n++;
    at = rec.end - 1;
    if (rec.seq !== null) seq = rec.seq;
  }
}

export interface SkippedRegion {
  offset: number;
  length: number;
  reason: string;
  /** Records known to be lost in this region (from the record numbers), when that can be told. */
  recordsLost: number | null;
}

export interface SalvageResult {
  format: Format;
  records: IntactRecord[];
  skipped: SkippedRegion[];
  tornTail: boolean;
}

/** Every intact record of the file, skipping damaged bytes (repair). */
export function salvage(buf: Buffer, opts: { allowTornTail: boolean }): SalvageResult {
  const format = detectFormat(buf);
  const first = salvageAs(buf, format, opts);
  if (format === 1 || tryV2(buf, 0).kind === 'ok') return first;
  // The first record is damaged, so the format is a guess: keep the reading that finds more.
  const other = salvageAs(buf, 1, opts);
  return other.records.length > first.records.length ? other : first;
}

function salvageAs(buf: Buffer, format: Format, opts: { allowTornTail: boolean }): SalvageResult {
  const records: IntactRecord[] = [];
  const skipped: SkippedRegion[] = [];
  let off = 0;
  let lastSeq = -1;
  let tornTail = false;
  while (off < buf.length) {
    const a = format === 2 ? tryV2(buf, off) : tryV1(buf, off);
    if (a.kind === 'ok' && (format === 1 || (a.rec.seq as number) > lastSeq)) {
      if (format === 2 && (a.rec.seq as number) > lastSeq + 1)
        skipped.push({ offset: off, length: 0, reason: 'records missing', recordsLost: (a.rec.seq as number) - lastSeq - 1 });
      records.push(a.rec);
      if (a.rec.seq !== null) lastSeq = a.rec.seq;
      off = a.rec.end;
      continue;
    }
    if (opts.allowTornTail && tornTailAt(buf, off, format, lastSeq + 1)) {
      tornTail = true;
      break;
    }
    const next = nextIntact(buf, off, format, lastSeq);
    const end = next ? next.offset : buf.length;
    const reason = a.kind === 'bad' ? a.reason : a.kind === 'incomplete' ? 'incomplete record' : 'record out of order';
    let lost: number | null = null;
    if (format === 2 && next) lost = (next.seq as number) - lastSeq - 1;
    skipped.push({ offset: off, length: end - off, reason, recordsLost: lost });
    if (!next) break;
    records.push(next);
    if (next.seq !== null) lastSeq = next.seq;
    off = next.end;
  }
  return { format, records, skipped, tornTail };
}
