// The payload of a snapshot's records: the ops of a compaction written with V8's serializer
// (node:v8) instead of BSON. A start builds every document of the snapshot, and most of that time
// went into the BSON parser storing each key of each document one by one: V8's deserializer builds
// the same objects in native code, about twice as fast (500,000 products: 3.6 s with the walk
// below, against 9.8 s). The journal stays BSON: its records are written per request, the
// snapshot's only by a compaction.
//
// A V8 clone carries plain objects, arrays, strings, numbers, booleans, null, undefined and dates
// as they are. Every other value of a stored document is a BSON value object: an ObjectId travels
// as a String object of its hex form, any other as a Map holding its own BSON bytes, read
// back by the BSON parser. Stored documents never hold String objects or Maps, so the tags cannot
// be taken for data, and the documents read back are those the BSON form gave (values.ts:
// storedDocument), Long and Double wrappers included.
import * as v8 from 'node:v8';
import { BSON, ObjectId } from 'bson';
import { restoredDocument, setOwn, storageForm, type Doc } from './values';

/** A payload that begins with these bytes holds V8-serialized ops: no BSON op is this document. */
export const V8_MARK: Buffer = Buffer.from(BSON.serialize({ $v8: 1 }));

const DESER = { promoteValues: false, promoteBuffers: false, bsonRegExp: false, validation: { utf8: false } } as const;

/** The V8 serializer format this Node.js writes and reads at most (the byte after 0xFF). */
const V8_FORMAT = v8.serialize(null)[1];

/** A snapshot written by a newer Node.js than this one: not damage, and nothing may be dropped. */
export class UnreadableSnapshotError extends Error {}

export function isV8Payload(p: Buffer): boolean {
  return p.length > V8_MARK.length && p.subarray(0, V8_MARK.length).equals(V8_MARK);
}

function isPlainObject(v: object): boolean {
  const p = Object.getPrototypeOf(v);
  return p === Object.prototype || p === null;
}

function encodeValue(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(encodeValue);
  // An invalid date is stored by BSON as 0: it goes through BSON to read back as it did.
  if (v instanceof Date && !Number.isNaN(v.getTime())) return v;
  if ((v as { _bsontype?: unknown })._bsontype === 'ObjectId') return new String((v as ObjectId).toHexString());
  if (!isPlainObject(v)) return new Map([[0, BSON.serialize({ v })]]);
  const out: Doc = {};
  for (const k of Object.keys(v)) setOwn(out, k, encodeValue((v as Doc)[k]));
  return out;
}

/** An op in the form a payload carries (snapshotPayload). */
export function encodeSnapshotOp(op: Doc): unknown {
  return encodeValue(op);
}

/** One record's payload: ops encoded by encodeSnapshotOp, in order. */
export function snapshotPayload(encoded: unknown[]): Buffer {
  const body = v8.serialize(encoded);
  return Buffer.concat([V8_MARK, body], V8_MARK.length + body.length);
}

/** One record's payload: the ops, in order. */
export function encodeSnapshotOps(ops: Doc[]): Buffer {
  return snapshotPayload(ops.map(encodeValue));
}

/** Set when decodeValue keeps a Long or Double wrapper (restoredDocument is told). */
let keptWrapper = false;

// What V8's deserializer builds its values from: this context's builtins, except where a test
// runner runs the engine in a context of its own (jest's vm) while node:v8 builds in the main one.
// There every object and array is rebuilt here, or the engine would not know them for its own.
const [V8Date, V8String, V8Map, v8Object] = v8.deserialize(v8.serialize([new Date(0), new String(''), new Map(), {}])) as [Date, object, object, object];
const DateOfV8 = V8Date.constructor as DateConstructor;
const StringOfV8 = V8String.constructor as StringConstructor;
const MapOfV8 = V8Map.constructor as MapConstructor;
const REBUILD = Object.getPrototypeOf(v8Object) !== Object.prototype;

function decodeTagged(v: Map<number, Uint8Array>): unknown {
  const value = storageForm((BSON.deserialize(v.get(0) as Uint8Array, DESER) as Doc).v);
  const type = value !== null && typeof value === 'object' ? (value as { _bsontype?: string })._bsontype : undefined;
  if (type === 'Long' || type === 'Double') keptWrapper = true;
  return value;
}

function decodeValue(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const out = REBUILD ? new Array<unknown>(v.length) : v;
    for (let i = 0; i < v.length; i++) {
      const e = v[i];
      out[i] = e !== null && typeof e === 'object' ? decodeValue(e) : e;
    }
    return out;
  }
  if (v instanceof DateOfV8) return REBUILD ? new Date(v.getTime()) : v;
  if (v instanceof StringOfV8) return ObjectId.createFromHexString(v.valueOf());
  if (v instanceof MapOfV8) return decodeTagged(v as Map<number, Uint8Array>);
  const o = v as Doc;
  if (REBUILD) {
    const out: Doc = {};
    for (const k of Object.keys(o)) setOwn(out, k, decodeValue(o[k]));
    return out;
  }
  for (const k in o) {
    const e = o[k];
    if (e !== null && typeof e === 'object') o[k] = decodeValue(e);
  }
  return o;
}

/** The ops of a payload isV8Payload accepts, their documents in stored form. */
export function decodeSnapshotOps(p: Buffer): Doc[] {
  const body = p.subarray(V8_MARK.length);
  // 0xFF then the format's version (a varint, one byte for every version so far).
  if (body[0] === 0xff && body[1] > V8_FORMAT)
    throw new UnreadableSnapshotError(
      `this snapshot was written by a newer Node.js (V8 serializer format ${body[1]}; this one reads up to ${V8_FORMAT}): start the engine with the Node.js that wrote it, or a newer one`,
    );
  const read = v8.deserialize(body) as unknown;
  if (!Array.isArray(read)) throw new Error('not a list of ops');
  return read.map((op: unknown) => {
    if (op === null || typeof op !== 'object' || Array.isArray(op)) throw new Error('not an op');
    const o = op as Doc;
    if (o.o !== 'puts' || !Array.isArray(o.ds)) return decodeValue(o) as Doc;
    const ds = o.ds as Doc[];
    const docs = REBUILD ? new Array<Doc>(ds.length) : ds;
    for (let i = 0; i < ds.length; i++) {
      keptWrapper = false;
      docs[i] = restoredDocument(decodeValue(ds[i]) as Doc, keptWrapper);
    }
    const out: Doc = REBUILD ? {} : o;
    for (const k of Object.keys(o)) setOwn(out, k, k === 'ds' ? docs : decodeValue(o[k]));
    return out;
  });
}
