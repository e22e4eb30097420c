// The payload of a snapshot's records: the ops of a compaction written with V8's serializer
// (node:v8) instead of BSON. A start builds every document of the snapshot, and most of that time
// went into the BSON parser storing each key of each document one by one: V8's deserializer builds
// the same objects in native code, about twice as fast (500,000 products: 3.6 s with the walk
// below, against 9.8 s). The journal stays BSON: its records are written per request, the
// snapshot's only by a compaction.
//
// A document of a `puts` op is written one of two ways, and reads back as the BSON form of the
// same op gave it (values.ts: storedDocument), Long and Double wrappers and key order included:
// - as it is stored, when it holds only strings, numbers, booleans, null, valid dates, arrays,
//   plain objects and ObjectIds. V8 writes an ObjectId as a plain object of its own fields, four
//   24-bit numbers i0..i3 (bson's representation: values.ts, OBJECT_ID_FIELDS), so a plain object
//   of exactly those keys is an ObjectId; a document that holds such an object of its own is
//   written the other way. Serializing the stored objects themselves matters: V8's serializer
//   keeps every object it wrote alive until its wrapper is collected, and fresh copies kept so were
//   each copied by the next young-generation collection, 25-55 ms pauses every 100 ms of a
//   compaction.
// - tagged, as a Map { 1: copy }, when it holds anything else: in the copy an ObjectId is a String
//   object of its hex form, and any other BSON value a Map { 0: its own BSON bytes }, read back by
//   the BSON parser. Stored documents never hold String objects or Maps, so tags cannot be taken
//   for data. Every other op (a collection, an index) is written tagged.
import * as v8 from 'node:v8';
import { BSON, ObjectId } from 'bson';
import { isPlainObject, OBJECT_ID_FIELDS, restoredDocument, setOwn, storageForm, type Doc } from './values';

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

/** The tagged copy of a value (see the top of this file). */
function encodeValue(v: unknown): unknown {
  if (v === undefined) return null; // in an array, as BSON writes it (an object's key is left out, below)
  // -0 and bigints read back from BSON as wrappers: they go through it.
  if (Object.is(v, -0) || typeof v === 'bigint') return new Map([[0, BSON.serialize({ v })]]);
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(encodeValue);
  // An invalid date is stored by BSON as 0: it goes through BSON to read back as it did.
  if (v instanceof Date && !Number.isNaN(v.getTime())) return v;
  if ((v as { _bsontype?: unknown })._bsontype === 'ObjectId') return new String((v as ObjectId).toHexString());
  if (!isPlainObject(v)) return new Map([[0, BSON.serialize({ v })]]);
  const out: Doc = {};
  for (const k of Object.keys(v)) if ((v as Doc)[k] !== undefined) setOwn(out, k, encodeValue((v as Doc)[k]));
  return out;
}

const OID_KEYS = ['i0', 'i1', 'i2', 'i3'];

/** A plain object of exactly the keys i0..i3: how an ObjectId of a document written as stored reads. */
function hasOidShape(o: Doc): boolean {
  if (o.i0 === undefined) return false;
  const keys = Object.keys(o);
  return keys.length === 4 && keys[0] === 'i0' && keys[1] === 'i1' && keys[2] === 'i2' && keys[3] === 'i3';
}

/** Whether a value can be written as it is stored (see the top of this file). */
function storedAsIs(v: unknown): boolean {
  if (v === null) return true;
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return !Object.is(v, -0);
    case 'object':
      break;
    default:
      return false; // undefined, bigint: written as BSON writes them
  }
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!storedAsIs(v[i])) return false;
    return true;
  }
  if (v instanceof Date) return !Number.isNaN(v.getTime());
  if ((v as { _bsontype?: unknown })._bsontype === 'ObjectId') return true;
  if (!isPlainObject(v) || hasOidShape(v)) return false;
  for (const k in v as Doc) if (!storedAsIs((v as Doc)[k])) return false;
  return true;
}

/** An op in the form a payload carries (snapshotPayload): a `puts` op's documents as stored where they can be. */
export function encodeSnapshotOp(op: Doc): unknown {
  if (op.o !== 'puts' || !Array.isArray(op.ds)) return encodeValue(op);
  const ds = op.ds as Doc[];
  let docs: unknown[] | null = null;
  for (let i = 0; i < ds.length; i++)
    if (!OBJECT_ID_FIELDS || !storedAsIs(ds[i])) {
      docs ??= ds.slice();
      docs[i] = new Map([[1, encodeValue(ds[i])]]);
    }
  const keys = Object.keys(op);
  // The op as it is when nothing in it needs a tag (o, db and c are strings): no copy.
  if (!docs && keys.every((k) => k === 'ds' || typeof op[k] === 'string')) return op;
  const out: Doc = {};
  for (const k of keys) setOwn(out, k, k === 'ds' ? (docs ?? ds) : encodeValue(op[k]));
  return out;
}

/** One record's payload: ops encoded by encodeSnapshotOp, in order. */
export function snapshotPayload(encoded: unknown[]): Buffer {
  const body = v8.serialize(encoded);
  return Buffer.concat([V8_MARK, body], V8_MARK.length + body.length);
}

/** One record's payload: the ops, in order. */
export function encodeSnapshotOps(ops: Doc[]): Buffer {
  return snapshotPayload(ops.map(encodeSnapshotOp));
}

/** Set when decode keeps a Long or Double wrapper (restoredDocument is told). */
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

/** One buffer for every ObjectId read, when bson copies the bytes it is given (checked here). */
const oidBytes = new Uint8Array(12);
const OID_BYTES_COPIED = (() => {
  const b = new Uint8Array(12).fill(1);
  const id = new ObjectId(b);
  b.fill(2);
  return id.toHexString() === '01'.repeat(12);
})();

/** The ObjectId a document written as stored holds as its four fields. */
function objectIdOf(o: Doc): ObjectId {
  const b = OID_BYTES_COPIED ? oidBytes : new Uint8Array(12);
  for (let i = 0; i < 4; i++) {
    const n = o[OID_KEYS[i]] as number;
    b[3 * i] = n >>> 16;
    b[3 * i + 1] = n >>> 8;
    b[3 * i + 2] = n;
  }
  return new ObjectId(b);
}

/**
 * A value read back, in place (or rebuilt, see REBUILD): `tagged` for a tagged copy, else a
 * document written as stored (see the top of this file).
 */
function decode(v: unknown, tagged: boolean): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const out = REBUILD ? new Array<unknown>(v.length) : v;
    for (let i = 0; i < v.length; i++) {
      const e = v[i];
      out[i] = e !== null && typeof e === 'object' ? decode(e, tagged) : e;
    }
    return out;
  }
  if (v instanceof DateOfV8) return REBUILD ? new Date(v.getTime()) : v;
  if (tagged) {
    if (v instanceof StringOfV8) return ObjectId.createFromHexString(v.valueOf());
    if (v instanceof MapOfV8) return decodeTagged(v as Map<number, Uint8Array>);
  } else if (hasOidShape(v as Doc)) return objectIdOf(v as Doc);
  const o = v as Doc;
  if (REBUILD) {
    const out: Doc = {};
    for (const k of Object.keys(o)) setOwn(out, k, decode(o[k], tagged));
    return out;
  }
  for (const k in o) {
    const e = o[k];
    if (e !== null && typeof e === 'object') o[k] = decode(e, tagged);
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
    if (o.o !== 'puts' || !Array.isArray(o.ds)) return decode(o, true) as Doc;
    const ds = o.ds as Doc[];
    const docs = REBUILD ? new Array<Doc>(ds.length) : ds;
    for (let i = 0; i < ds.length; i++) {
      const d = ds[i] as unknown;
      if (d instanceof MapOfV8) {
        keptWrapper = false;
        docs[i] = restoredDocument(decode((d as Map<number, unknown>).get(1), true) as Doc, keptWrapper);
      } else docs[i] = restoredDocument(decode(d, false) as Doc, false);
    }
    const out: Doc = REBUILD ? {} : o;
    for (const k of Object.keys(o)) setOwn(out, k, k === 'ds' ? docs : decode(o[k], true));
    return out;
  });
}
