// Query matching: mingo's query engine with the operators whose MongoDB semantics it lacks
// replaced ($type on BSON types, $all on a scalar field, $bits* on BinData, DBRef fields inside
// $elemMatch, BinData ordering, $where on a server without JavaScript) and `let` variables.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { Context } from 'mingo';
import { Aggregator } from 'mingo/aggregator';
import * as accumulatorOps from 'mingo/operators/accumulator';
import * as expressionOps from 'mingo/operators/expression';
import * as pipelineOps from 'mingo/operators/pipeline';
import * as projectionOps from 'mingo/operators/projection';
import * as mingoQueryOps from 'mingo/operators/query';
import * as windowOps from 'mingo/operators/window';
import { Query } from 'mingo/query';
import { resolve } from 'mingo/util';
import { MongoError } from './errors';
import { bsonType, compareValues, Doc, isPlainObject, numberValue, rawOf, valueKey } from './values';

type Pred = (o: unknown) => boolean;
type QueryOp = (selector: string, value: unknown, options: unknown) => Pred;

const TYPE_ALIASES: Record<string, string> = {
  double: 'double', 1: 'double', string: 'string', 2: 'string', object: 'object', 3: 'object', array: 'array', 4: 'array',
  binData: 'binData', 5: 'binData', undefined: 'undefined', 6: 'undefined', objectId: 'objectId', 7: 'objectId',
  bool: 'bool', 8: 'bool', date: 'date', 9: 'date', null: 'null', 10: 'null', regex: 'regex', 11: 'regex',
  dbPointer: 'dbPointer', 12: 'dbPointer', javascript: 'javascript', 13: 'javascript', symbol: 'symbol', 14: 'symbol',
  javascriptWithScope: 'javascriptWithScope', 15: 'javascriptWithScope', int: 'int', 16: 'int', timestamp: 'timestamp', 17: 'timestamp',
  long: 'long', 18: 'long', decimal: 'decimal', 19: 'decimal', minKey: 'minKey', '-1': 'minKey', maxKey: 'maxKey', 127: 'maxKey',
  number: 'number',
};

/** The BSON type alias of a value as the engine stores it (see values.ts for numbers). */
export function bsonTypeAlias(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  switch (typeof v) {
    case 'number':
      return Number.isInteger(v) && v >= -2147483648 && v <= 2147483647 && !Object.is(v, -0) ? 'int' : 'double';
    case 'bigint':
      return 'long';
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
  }
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  if (v instanceof RegExp) return 'regex';
  switch (bsonType(v)) {
    case 'Double':
      return 'double';
    case 'Int32':
      return 'int';
    case 'Long':
      return 'long';
    case 'Decimal128':
      return 'decimal';
    case 'ObjectId':
      return 'objectId';
    case 'Binary':
      return 'binData';
    case 'Timestamp':
      return 'timestamp';
    case 'BSONRegExp':
      return 'regex';
    case 'Code':
      return (v as { scope?: unknown }).scope ? 'javascriptWithScope' : 'javascript';
    case 'BSONSymbol':
      return 'symbol';
    case 'MinKey':
      return 'minKey';
    case 'MaxKey':
      return 'maxKey';
    case 'DBPointer':
      return 'dbPointer';
  }
  return 'object'; // documents, DBRef included
}

const NUMERIC = new Set(['double', 'int', 'long', 'decimal']);

function typeMatcher(spec: unknown): (v: unknown) => boolean {
  const list = Array.isArray(spec) ? spec : [spec];
  if (!list.length) throw new MongoError(2, '$type must match at least one type');
  const wanted = new Set<string>();
  for (const t of list) {
    const key = typeof t === 'string' ? t : isNumericLike(t) ? String(numberValue(t)) : undefined;
    const alias = key === undefined ? undefined : TYPE_ALIASES[key];
    if (!alias) throw new MongoError(2, typeof t === 'string' ? `Unknown type name alias: ${t}` : `Invalid numerical type code: ${String(t)}`);
    wanted.add(alias);
  }
  return (v) => {
    const a = bsonTypeAlias(v);
    return wanted.has(a) || (wanted.has('number') && NUMERIC.has(a));
  };
}

function isNumericLike(v: unknown): boolean {
  return typeof v === 'number' || ['Int32', 'Double', 'Long'].includes(bsonType(v) ?? '');
}

/** MongoDB's path resolution for a leaf operator: the value, or each element when it is an array. */
function resolved(o: unknown, selector: string): unknown {
  return resolve(o as Doc, selector, { unwrapArray: true });
}

const $type: QueryOp = (selector, value) => {
  const is = typeMatcher(value);
  return (o) => {
    // The stored document behind the query view keeps the BSON types of its numbers.
    const v = resolved(rawOf(o), selector);
    if (v === undefined) return false;
    if (is(v)) return true;
    return Array.isArray(v) && v.some((e) => is(e));
  };
};

function equalsOrContains(v: unknown, x: unknown): boolean {
  const k = valueKey(x);
  if (valueKey(v) === k) return true;
  return Array.isArray(v) && v.some((e) => valueKey(e) === k);
}

// $all: "equivalent to an $and of the specified values" — a scalar field equal to the one value
// matches too (manual, $all: "Behavior").
const $all: QueryOp = (selector, value, options) => {
  if (!Array.isArray(value)) throw new MongoError(2, '$all needs an array');
  const preds: ((v: unknown) => boolean)[] = value.map((x) => {
    if (isPlainObject(x) && Object.keys(x)[0] === '$elemMatch') {
      const q = new Query({ v: x }, options as never);
      return (v) => q.test({ v });
    }
    if (x instanceof RegExp) return (v) => (Array.isArray(v) ? v : [v]).some((s) => typeof s === 'string' && x.test(s));
    return (v) => equalsOrContains(v, x);
  });
  return (o) => {
    if (!preds.length) return false;
    const v = resolved(o, selector);
    if (v === undefined) return false;
    return preds.every((p) => p(v));
  };
};

const $where: QueryOp = () => {
  // A server started without JavaScript (security.javascriptEnabled: false) answers this.
  throw new MongoError(2, 'no globalScriptEngine in $where parsing');
};

/** The little-endian bytes a $bits* operand or field stands for (two's complement for numbers). */
function bitBytes(v: unknown): Uint8Array | null {
  if (bsonType(v) === 'Binary') {
    const b = v as { buffer: Uint8Array; position?: number };
    return b.buffer.subarray(0, b.position ?? b.buffer.length);
  }
  if (typeof v === 'number' || ['Int32', 'Long', 'Double'].includes(bsonType(v) ?? '')) {
    const n = bsonType(v) === 'Long' ? BigInt(String(v)) : numberValue(v);
    if (typeof n === 'number' && (!Number.isInteger(n) || Math.abs(n) > Number.MAX_SAFE_INTEGER)) return null;
    let x = BigInt.asUintN(64, BigInt(n));
    const out = new Uint8Array(8);
    for (let i = 0; i < 8; i++) {
      out[i] = Number(x & 0xffn);
      x >>= 8n;
    }
    return out;
  }
  return null;
}

function maskBits(mask: unknown): { positions: number[] } {
  if (Array.isArray(mask)) return { positions: mask.map((p) => numberValue(p)) };
  const bytes = bitBytes(mask);
  if (!bytes) throw new MongoError(2, 'value takes an Array, a number, or a BinData but received: ' + String(mask));
  const positions: number[] = [];
  bytes.forEach((b, i) => {
    for (let j = 0; j < 8; j++) if (b & (1 << j)) positions.push(i * 8 + j);
  });
  return { positions };
}

function bitsOp(kind: 'allSet' | 'anySet' | 'allClear' | 'anyClear'): QueryOp {
  return (selector, value) => {
    const { positions } = maskBits(value);
    return (o) => {
      const raw = resolved(o, selector);
      const vals = Array.isArray(raw) ? raw : [raw];
      return vals.some((v) => {
        const bytes = bitBytes(v);
        if (!bytes) return false;
        const negative = typeof v !== 'object' || bsonType(v) !== 'Binary' ? (bytes[7] & 0x80) !== 0 : false;
        const bit = (p: number): boolean => (p >> 3 < bytes.length ? (bytes[p >> 3] & (1 << (p & 7))) !== 0 : negative);
        switch (kind) {
          case 'allSet':
            return positions.every(bit);
          case 'anySet':
            return positions.some(bit);
          case 'allClear':
            return positions.every((p) => !bit(p));
          case 'anyClear':
            return positions.some((p) => !bit(p));
        }
      });
    };
  };
}

// $elemMatch whose condition names DBRef fields ($ref, $id, $db): those are fields, not operators.
const DBREF_KEYS = new Set(['$ref', '$id', '$db']);
const $elemMatch: QueryOp = (selector, value, options) => {
  if (bsonType(value) === 'DBRef') {
    const r = value as { collection: string; oid: unknown; db?: string };
    value = r.db ? { $ref: r.collection, $id: r.oid, $db: r.db } : { $ref: r.collection, $id: r.oid };
  }
  if (!isPlainObject(value)) throw new MongoError(2, '$elemMatch needs an Object');
  const keys = Object.keys(value);
  if (!keys.some((k) => DBREF_KEYS.has(k))) return (mingoQueryOps.$elemMatch as unknown as QueryOp)(selector, value, options);
  const rest: Doc = {};
  const fields: [string, Query][] = [];
  for (const k of keys) {
    if (DBREF_KEYS.has(k)) fields.push([k, new Query({ v: value[k] }, options as never)]);
    else rest[k] = value[k];
  }
  const q = Object.keys(rest).length ? new Query(rest, options as never) : null;
  return (o) => {
    const arr = resolve(o as Doc, selector);
    if (!Array.isArray(arr)) return false;
    return arr.some((e) => {
      if (e === null || typeof e !== 'object') return false;
      const el = e as Doc;
      const ref = bsonType(el) === 'DBRef' ? { $ref: el.collection, $id: el.oid, $db: el.db } : el;
      return fields.every(([k, fq]) => fq.test({ v: (ref as Doc)[k] })) && (!q || q.test(el));
    });
  };
};

// Comparisons on BinData follow MongoDB (length, then subtype, then bytes), not the UTF-8 text.
function binaryAware(name: '$gt' | '$gte' | '$lt' | '$lte'): QueryOp {
  const base = mingoQueryOps[name] as unknown as QueryOp;
  const ok = (c: number): boolean => (name === '$gt' ? c > 0 : name === '$gte' ? c >= 0 : name === '$lt' ? c < 0 : c <= 0);
  return (selector, value, options) => {
    if (bsonType(value) !== 'Binary') return base(selector, value, options);
    return (o) => {
      const raw = resolved(o, selector);
      const vals = Array.isArray(raw) ? raw : [raw];
      return vals.some((v) => bsonType(v) === 'Binary' && ok(compareValues(v, value)));
    };
  };
}

// Geospatial queries are not supported (README). $near/$nearSphere need a geo index in MongoDB
// and the engine builds none, so they answer as MongoDB does without one (291, "unable to find
// index for $geoNear query"); the others answer BadValue (2) saying so.
const nearOp: QueryOp = (_selector, _value) => {
  throw new MongoError(291, 'error processing query: planner returned error :: caused by :: unable to find index for $geoNear query (embedded-mongo builds no geospatial index)');
};
const geoOp = (name: string): QueryOp => () => {
  throw new MongoError(2, `${name} is not supported by embedded-mongo (no geospatial queries)`);
};

// mingo keeps the first operator registered under a name: the engine's go in first.
const CONTEXT = Context.init().addQueryOps({
  $type,
  $all,
  $where,
  $elemMatch,
  $bitsAllSet: bitsOp('allSet'),
  $bitsAnySet: bitsOp('anySet'),
  $bitsAllClear: bitsOp('allClear'),
  $bitsAnyClear: bitsOp('anyClear'),
  $gt: binaryAware('$gt'),
  $gte: binaryAware('$gte'),
  $lt: binaryAware('$lt'),
  $lte: binaryAware('$lte'),
  $near: nearOp,
  $nearSphere: nearOp,
  $geoWithin: geoOp('$geoWithin'),
  $within: geoOp('$within'),
  $geoIntersects: geoOp('$geoIntersects'),
} as never)
  .addQueryOps(mingoQueryOps as never)
  .addExpressionOps(expressionOps as never)
  .addPipelineOps(pipelineOps as never)
  .addAccumulatorOps(accumulatorOps as never)
  .addProjectionOps(projectionOps as never)
  .addWindowOps(windowOps as never);

// mingo copies every operator table (hundreds of entries) whenever it is handed options holding a
// context, i.e. for each Query: a third of the CPU of a find by _id. Handed a ComputeOptions
// instance it only copies that instance's small locals. The class is not exported, so it is
// taken from mingo's core module by path; without it, plain options (same results, slower).
interface ComputeOptionsLike {
  update(locals: Doc): ComputeOptionsLike;
}
const BASE_OPTIONS: ComputeOptionsLike | null = (() => {
  try {
    const load = createRequire(__filename);
    const file = path.join(path.dirname(load.resolve('mingo')), 'core', '_internal.js');
    const { ComputeOptions } = load(file) as { ComputeOptions?: { init(o: unknown): ComputeOptionsLike } };
    return ComputeOptions ? ComputeOptions.init({ context: CONTEXT }) : null;
  } catch {
    return null;
  }
})();

/** Options for mingo: the engine's operators, and `let` variables ($$name) when given. */
export function mingoOptions(vars?: Doc): unknown {
  const withVars = vars && Object.keys(vars).length;
  if (BASE_OPTIONS) {
    if (!withVars) return BASE_OPTIONS;
    // A copy (init of an instance copies its locals), so the shared one never holds variables.
    const own = (BASE_OPTIONS.constructor as unknown as { init(o: unknown): ComputeOptionsLike }).init(BASE_OPTIONS);
    return own.update({ variables: vars });
  }
  return withVars ? { context: CONTEXT, variables: vars } : { context: CONTEXT };
}

export function makeQuery(q: Doc, vars?: Doc): Query {
  return new Query(q, mingoOptions(vars) as never);
}

/** Runs an aggregation pipeline with the engine's operators. */
export function runPipeline(input: Doc[], stages: Doc[], vars?: Doc, collectionResolver?: (name: string) => Doc[]): Doc[] {
  const opts = collectionResolver ? { context: CONTEXT, collectionResolver, ...(vars ? { variables: vars } : {}) } : mingoOptions(vars);
  return new Aggregator(stages, opts as never).run(input) as Doc[];
}
