// Value helpers: canonical keys (hashing with MongoDB equality), BSON type ordering, cloning.
import { Decimal128, Double, EJSON, Long, ObjectId } from 'bson';

export type Doc = Record<string, unknown>;

export function bsonType(v: unknown): string | undefined {
  return v !== null && typeof v === 'object' ? (v as { _bsontype?: string })._bsontype : undefined;
}

export function isPlainObject(v: unknown): v is Doc {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  if (bsonType(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** An object whose keys are query operators, e.g. { $gt: 1 }. */
export function isOperatorObject(v: unknown): v is Doc {
  if (!isPlainObject(v)) return false;
  const keys = Object.keys(v);
  return keys.length > 0 && keys[0].startsWith('$');
}

/** Canonical string for a value such that MongoDB-equal values give equal keys. */
export function valueKey(v: unknown): string {
  if (v === undefined || v === null) return 'z';
  switch (typeof v) {
    case 'number':
      return 'n' + (Object.is(v, -0) ? 0 : v);
    case 'bigint':
      return 'n' + Number(v);
    case 'string':
      return 's' + v;
    case 'boolean':
      return v ? 'bt' : 'bf';
  }
  if (v instanceof Date) return 'd' + v.getTime();
  if (v instanceof RegExp) return 'r' + String(v);
  const t = bsonType(v);
  if (t === 'ObjectId') return 'o' + (v as { toHexString(): string }).toHexString();
  if (t === 'Long' || t === 'Int32' || t === 'Double' || t === 'Decimal128') return 'n' + Number(String(v));
  try {
    return 'x' + EJSON.stringify(v as Doc, { relaxed: false });
  } catch {
    return 'x' + String(v);
  }
}

/** MongoDB's BSON comparison order of types. */
export function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 1;
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return 2;
    case 'string':
      return 3;
    case 'boolean':
      return 8;
  }
  if (v instanceof Date) return 9;
  if (v instanceof RegExp) return 11;
  if (Array.isArray(v)) return 5;
  switch (bsonType(v)) {
    case 'Long':
    case 'Int32':
    case 'Double':
    case 'Decimal128':
      return 2;
    case 'ObjectId':
      return 7;
    case 'Binary':
      return 6;
    case 'Timestamp':
      return 10;
    case 'MinKey':
      return 0;
    case 'MaxKey':
      return 12;
    case 'BSONRegExp':
      return 11;
  }
  return 4;
}

function num(v: unknown): number {
  return typeof v === 'number' ? v : Number(String(v));
}

/**
 * Whether bson keeps an ObjectId as four numbers i0..i3 of 24 bits each, its bytes in order (what
 * bson 7 does): then two exact doubles, i0·2^24+i1 and i2·2^24+i3, order ObjectIds, and V8's
 * serializer writes one as a plain object of those four fields (snapshotCodec.ts).
 */
export const OBJECT_ID_FIELDS: boolean = (() => {
  const id = new ObjectId('0102030405060708090a0b0c') as unknown as Doc;
  return Object.keys(id).join() === 'i0,i1,i2,i3' && id.i0 === 0x010203 && id.i1 === 0x040506 && id.i2 === 0x070809 && id.i3 === 0x0a0b0c;
})();

/** Compare two scalar values of rank 2,3,7,8,9 (the ones kept in sorted indexes). */
export function compareScalar(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 2: {
      const x = num(a);
      const y = num(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 3:
      return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
    case 7: {
      if (OBJECT_ID_FIELDS) {
        const x = a as { i0: number; i1: number; i2: number; i3: number };
        const y = b as typeof x;
        return x.i0 - y.i0 || x.i1 - y.i1 || x.i2 - y.i2 || x.i3 - y.i3;
      }
      // The 12 bytes in order: what comparing their hex strings gives, without building them.
      const x = (a as { id: Uint8Array }).id;
      const y = (b as { id: Uint8Array }).id;
      for (let i = 0; i < 12; i++) if (x[i] !== y[i]) return x[i] - y[i];
      return 0;
    }
    case 8:
      return Number(a) - Number(b);
    case 9:
      return (a as Date).getTime() - (b as Date).getTime();
  }
  return 0;
}

/**
 * A number or string that orders a sortable scalar (isSortableScalar) among the values of its
 * type rank as compareScalar does, with scalarSortKey2 among equal ones: computed once per value,
 * so sorting many values compares primitives instead of converting them at every comparison.
 */
export function scalarSortKey(v: unknown, rank: number): number | string {
  switch (rank) {
    case 2:
      return num(v);
    case 3:
      return v as string;
    case 7:
      if (OBJECT_ID_FIELDS) return (v as { i0: number }).i0 * 0x1000000 + (v as { i1: number }).i1;
      return (v as { toHexString(): string }).toHexString();
    case 9:
      return (v as Date).getTime();
  }
  return Number(v);
}

/** The second sort key of a value (scalarSortKey): the last six bytes of an ObjectId, else 0. */
export function scalarSortKey2(v: unknown, rank: number): number {
  return rank === 7 && OBJECT_ID_FIELDS ? (v as { i2: number }).i2 * 0x1000000 + (v as { i3: number }).i3 : 0;
}

/** The type ranks of sortable scalars: numbers, strings, ObjectIds, booleans and dates. */
export function isSortableRank(r: number): boolean {
  return r === 2 || r === 3 || r === 7 || r === 8 || r === 9;
}

export function isSortableScalar(v: unknown): boolean {
  return isSortableRank(typeRank(v));
}

/** Deep clone of plain objects/arrays/Dates; BSON value objects are immutable and shared. */
export function cloneDeep<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(cloneDeep) as unknown as T;
  if (v instanceof Date) return new Date(v.getTime()) as unknown as T;
  if (!isPlainObject(v)) return v;
  const out: Doc = {};
  for (const k of Object.keys(v)) setOwn(out, k, cloneDeep((v as Doc)[k]));
  return out as T;
}

/** A document's own field (a field named `__proto__` is data, never the prototype). */
export function getOwn(o: Doc, k: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined;
}

/** Sets a document's own field; `__proto__` becomes an ordinary field (no prototype pollution). */
export function setOwn(o: Doc, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else o[k] = v;
}

/** The JS number a numeric BSON value stands for. */
export function numberValue(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  return Number(String(v));
}

function numKind(v: unknown): 'int' | 'long' | 'double' | 'decimal' {
  if (typeof v === 'number') return Number.isInteger(v) && v >= -2147483648 && v <= 2147483647 ? 'int' : 'double';
  if (typeof v === 'bigint') return 'long';
  const t = bsonType(v);
  if (t === 'Long') return 'long';
  if (t === 'Decimal128') return 'decimal';
  if (t === 'Int32') return 'int';
  return 'double';
}

/** Arithmetic with MongoDB's result types: int op int overflows to long; any double gives a double. */
function arith(a: unknown, b: unknown, f: (x: number, y: number) => number, fl: (x: Long, y: Long) => Long): unknown {
  const ka = numKind(a);
  const kb = numKind(b);
  if (ka === 'decimal' || kb === 'decimal') return Decimal128.fromString(String(f(numberValue(a), numberValue(b))));
  if (ka === 'double' || kb === 'double') {
    const r = f(numberValue(a), numberValue(b));
    return Number.isInteger(r) && (bsonType(a) === 'Double' || bsonType(b) === 'Double') ? new Double(r) : r;
  }
  if (ka === 'long' || kb === 'long') return fl(toLong(a), toLong(b));
  const r = f(numberValue(a), numberValue(b));
  // int32 arithmetic that overflows gives a long in MongoDB.
  return r > 2147483647 || r < -2147483648 ? fl(toLong(a), toLong(b)) : r;
}

function toLong(v: unknown): Long {
  if (v instanceof Long) return v;
  if (typeof v === 'bigint') return Long.fromBigInt(v);
  return Long.fromNumber(numberValue(v));
}

export function addNumbers(a: unknown, b: unknown): unknown {
  return arith(a, b, (x, y) => x + y, (x, y) => x.add(y));
}

export function multiplyNumbers(a: unknown, b: unknown): unknown {
  return arith(a, b, (x, y) => x * y, (x, y) => x.multiply(y));
}

/** MongoDB's comparison of any two BSON values (type order first). */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (isSortableScalar(a)) return compareScalar(a, b);
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = compareValues(a[i], b[i]);
      if (c) return c;
    }
    return a.length - b.length;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
      const c = compareValues(a[ka[i]], b[kb[i]]) || (ka[i] < kb[i] ? -1 : ka[i] > kb[i] ? 1 : 0);
      if (c) return c;
    }
    return ka.length - kb.length;
  }
  if (bsonType(a) === 'Binary' && bsonType(b) === 'Binary') {
    // BinData: length first, then subtype, then the bytes (MongoDB's comparison order).
    const x = a as { buffer: Uint8Array; position: number; sub_type: number };
    const y = b as { buffer: Uint8Array; position: number; sub_type: number };
    if (x.position !== y.position) return x.position - y.position;
    if (x.sub_type !== y.sub_type) return x.sub_type - y.sub_type;
    return Buffer.compare(x.buffer.subarray(0, x.position), y.buffer.subarray(0, y.position));
  }
  const x = valueKey(a);
  const y = valueKey(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * All values found at a dotted path, descending through arrays like MongoDB indexes do.
 * Arrays at the leaf contribute the array itself and each element. Missing -> [].
 */
export function pathValues(doc: unknown, path: string): unknown[] {
  // A top-level field of a document (most index keys): read without splitting or walking.
  if (path.indexOf('.') < 0 && doc !== null && typeof doc === 'object' && !Array.isArray(doc)) {
    const v = (doc as Doc)[path];
    if (v === undefined) return [];
    return Array.isArray(v) ? [v, ...(v as unknown[])] : [v];
  }
  const parts = path.split('.');
  const out: unknown[] = [];
  const walk = (v: unknown, i: number): void => {
    if (i === parts.length) {
      out.push(v);
      if (Array.isArray(v)) for (const e of v) out.push(e);
      return;
    }
    if (Array.isArray(v)) {
      const p = parts[i];
      if (/^\d+$/.test(p) && Number(p) < v.length) walk(v[Number(p)], i + 1);
      for (const e of v) if (e !== null && typeof e === 'object' && !Array.isArray(e)) walk(e, i);
      return;
    }
    if (v === null || typeof v !== 'object') return;
    const next = (v as Doc)[parts[i]];
    if (next === undefined) return;
    walk(next, i + 1);
  };
  walk(doc, 0);
  return out;
}

/** Plain dotted-path read without array traversal (used for type checks). */
export function getPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const p of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Doc)[p];
  }
  return cur;
}

export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'missing';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'double';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (v instanceof Date) return 'date';
  const t = bsonType(v);
  if (t) return t.toLowerCase() === 'objectid' ? 'objectId' : t.toLowerCase();
  return 'object';
}

export function isNumeric(v: unknown): boolean {
  if (typeof v === 'number' || typeof v === 'bigint') return true;
  const t = bsonType(v);
  return t === 'Long' || t === 'Int32' || t === 'Double' || t === 'Decimal128';
}

// ---------- numeric BSON types ----------
// The engine stores numbers as MongoDB does, keeping each value's BSON type: an int32 is a JS
// number (bson writes an integral number in int32 range back as int32), a non-integral double or
// one outside int32 range is a JS number too (bson writes it back as a double), while an integral
// double in int32 range stays a bson `Double` and an int64 a bson `Long`. mingo compares JS
// numbers only, so queries, sorts and pipelines see a *query view* of such a document with plain
// numbers (cached per stored document, which is never mutated: updates build a new one).

function isWrapper(v: unknown): boolean {
  const t = bsonType(v);
  return t === 'Long' || t === 'Double' || t === 'Int32';
}

function mapNumbers(v: unknown, f: (w: unknown) => unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const e = v[i];
      if (e !== null && typeof e === 'object') v[i] = isWrapper(e) ? f(e) : mapNumbers(e, f);
    }
    return v;
  }
  if (isWrapper(v)) return f(v);
  if (!isPlainObject(v)) return v;
  for (const k of Object.keys(v)) {
    const e = v[k];
    if (e !== null && typeof e === 'object') {
      const r = isWrapper(e) ? f(e) : mapNumbers(e, f);
      if (r !== e) setOwn(v, k, r);
    }
  }
  return v;
}

/** Set by storageNumber when it keeps a wrapper (storedDocument reads it). */
let keptWrapper = false;

function storageNumber(w: unknown): unknown {
  const t = bsonType(w);
  if (t === 'Long') return (keptWrapper = true), w;
  const x = (w as { value: number }).value;
  if (t === 'Double' && Number.isInteger(x) && x >= -2147483648 && x <= 2147483647) return (keptWrapper = true), w;
  return x;
}

function plainNumber(w: unknown): unknown {
  return bsonType(w) === 'Long' ? (w as Long).toNumber() : (w as { value: number }).value;
}

/** In place: the stored form of values decoded with promoteValues: false (see above). */
export function storageForm<T>(v: T): T {
  return mapNumbers(v, storageNumber) as T;
}

/**
 * Documents decoded for storing (storedDocument) that hold no Long or Double: noteStored need not
 * walk them again. Stored documents are never changed in place, so the answer stays true.
 */
const plainDocs = new WeakSet<object>();

/** In place: the stored form of a document decoded with promoteValues: false, about to be stored. */
export function storedDocument(doc: Doc): Doc {
  keptWrapper = false;
  mapNumbers(doc, storageNumber);
  if (!keptWrapper) plainDocs.add(doc);
  return doc;
}

/**
 * A document read back in stored form by another decoder (snapshotCodec.ts), which tells whether
 * it kept a Long or Double wrapper: as storedDocument, without walking it again.
 */
export function restoredDocument(doc: Doc, keptWrappers: boolean): Doc {
  if (!keptWrappers) plainDocs.add(doc);
  return doc;
}

/** In place: every numeric wrapper replaced by a JS number (query operands, commands). */
export function plainNumbers<T>(v: T): T {
  return mapNumbers(v, plainNumber) as T;
}

function hasWrappers(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) return v.some(hasWrappers);
  if (isWrapper(v)) return true;
  if (!isPlainObject(v)) return false;
  for (const k of Object.keys(v)) if (hasWrappers(v[k])) return true;
  return false;
}

const views = new WeakMap<object, Doc>();
const rawOfView = new WeakMap<object, unknown>();

/** Registers a stored document: builds its query view when it holds Long/Double values. */
export function noteStored(doc: Doc): void {
  if (plainDocs.has(doc) || !hasWrappers(doc)) return;
  const view = plainNumbers(cloneDeep(doc));
  views.set(doc, view);
  rawOfView.set(view, doc);
}

/** What mingo should see of a stored document (itself unless it holds Long/Double values). */
export function queryView(doc: Doc): Doc {
  return views.get(doc) ?? doc;
}

/** A value (element or document) with plain numbers, for mingo predicates. */
export function plainCopy<T>(v: T): T {
  return hasWrappers(v) ? plainNumbers(cloneDeep(v)) : v;
}

/** The stored document behind a query view. */
export function rawOf(view: unknown): unknown {
  return (view !== null && typeof view === 'object' && rawOfView.get(view)) || view;
}
