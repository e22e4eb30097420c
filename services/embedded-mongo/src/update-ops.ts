// Update operators ($set, $inc, $push, ...) applied the way MongoDB applies them: paths are
// resolved first (positional `$`, `$[]`, `$[<id>]` with arrayFilters), conflicts are checked on
// whole paths (so `c.$.name` beside `c.$.n` is fine), fields are visited in lexicographic path
// order (MongoDB 5.0+), `$`-prefixed and `__proto__` field names are stored as plain data.
import type { Query } from 'mingo';
import { makeQuery } from './query';
import { Int32, Long, Timestamp } from 'bson';
import { MongoError } from './errors';
import {
  addNumbers,
  cloneDeep,
  compareValues,
  Doc,
  getOwn,
  isNumeric,
  isPlainObject,
  multiplyNumbers,
  numberValue,
  plainCopy,
  setOwn,
  typeName,
  valueKey,
} from './values';

export const UPDATE_OPS = new Set([
  '$set', '$unset', '$inc', '$mul', '$min', '$max', '$rename', '$push', '$addToSet', '$pull', '$pullAll',
  '$pop', '$currentDate', '$bit', '$setOnInsert',
]);

/** Operators that create the path they write (the others leave a missing path alone). */
const CREATING = new Set(['$set', '$setOnInsert', '$inc', '$mul', '$min', '$max', '$push', '$addToSet', '$currentDate', '$bit']);

export interface OpsOptions {
  arrayFilters?: Doc[];
  query?: Doc;
  inserting?: boolean;
}

interface Entry {
  op: string;
  path: string;
  segs: string[];
  arg: unknown;
  /** For $rename: the source entry's path (this entry is the target). */
  from?: string[];
}

const isPositional = (s: string): boolean => s === '$' || (s.startsWith('$[') && s.endsWith(']'));
const isIndex = (s: string): boolean => /^\d+$/.test(s);

function idText(doc: Doc): string {
  const id = doc._id as { toHexString?: () => string } | undefined;
  return id && typeof id === 'object' && id.toHexString ? `ObjectId('${id.toHexString()}')` : JSON.stringify(id);
}

function show(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

function checkPath(path: string, inserting: boolean): string[] {
  if (path === '') throw new MongoError(56, 'An empty update path is not valid.');
  const segs = path.split('.');
  if (segs.some((s) => s === '')) throw new MongoError(56, `The update path '${path}' contains an empty field name, which is not allowed.`);
  // MongoDB 5.0+: `$`-prefixed names are data; only a top-level one on an existing document is
  // refused ("not valid for storage"); an upsert's insert accepts it (manual: Dollar-Prefixed Field Names).
  if (!inserting && segs[0].startsWith('$') && !isPositional(segs[0]))
    throw new MongoError(52, `The dollar ($) prefixed field '${segs[0]}' in '${path}' is not valid for storage.`);
  if (isPositional(segs[0])) throw new MongoError(2, `Cannot have array filter identifier (i.e. '$[<id>]') element in the first position in path '${path}'`);
  return segs;
}

/** The queries behind `$[<id>]`, keyed by identifier. */
function parseArrayFilters(filters: Doc[] | undefined): Map<string, Query> {
  const out = new Map<string, Query>();
  for (const f of filters ?? []) {
    if (!isPlainObject(f)) throw new MongoError(9, 'BSON field \'update.updates.arrayFilters\' is the wrong type, expected object');
    let id: string | undefined;
    for (const k of Object.keys(f)) {
      const top = k.split('.')[0];
      if (top.startsWith('$')) continue;
      if (id !== undefined && id !== top)
        throw new MongoError(9, `Error parsing array filter :: caused by :: Expected a single top-level field name, found '${id}' and '${top}'`);
      id = top;
    }
    if (id === undefined) throw new MongoError(9, 'Cannot use an expression without a top-level field name in arrayFilters');
    if (!/^[a-z][a-zA-Z0-9]*$/.test(id))
      throw new MongoError(2, `Error parsing array filter :: caused by :: The top-level field name must be an alphanumeric string beginning with a lowercase letter, found '${id}'`);
    if (out.has(id)) throw new MongoError(9, `Found multiple array filters with the same top-level field name ${id}`);
    out.set(id, makeQuery(f));
  }
  return out;
}

/** Index of the first element of the array at `prefix` that the query matched (the `$` operator). */
function positionalIndex(doc: Doc, prefix: string[], query: Doc | undefined, path: string): number {
  const fail = (): never => {
    throw new MongoError(2, 'The positional operator did not find the match needed from the query.');
  };
  const arr = getAt(doc, prefix);
  if (!Array.isArray(arr) || !query) return fail();
  const p = prefix.join('.');
  const tests: ((e: unknown) => boolean)[] = [];
  const collect = (q: Doc): void => {
    for (const [k, cond] of Object.entries(q)) {
      if (k === '$and' && Array.isArray(cond)) cond.forEach((s) => isPlainObject(s) && collect(s));
      else if (k === p || k.startsWith(p + '.')) {
        const sub = makeQuery({ ['x' + k.slice(p.length)]: cond });
        tests.push((e) => sub.test({ x: [plainCopy(e)] }));
      }
    }
  };
  collect(query);
  if (!tests.length) return fail();
  const i = arr.findIndex((e) => tests.every((t) => t(e)));
  if (i < 0) fail();
  void path;
  return i;
}

/** Own-property read along plain segments (no array traversal except numeric indexes). */
function getAt(doc: unknown, segs: string[]): unknown {
  let cur: unknown = doc;
  for (const s of segs) {
    if (Array.isArray(cur)) {
      if (!isIndex(s)) return undefined;
      cur = cur[Number(s)];
    } else if (isPlainObject(cur)) cur = getOwn(cur, s);
    else return undefined;
  }
  return cur;
}

/** Concrete paths (positional elements replaced by indexes) that an update path designates. */
function expand(doc: Doc, e: Entry, filters: Map<string, Query>, used: Set<string>, opts: OpsOptions): string[][] {
  if (!e.segs.some(isPositional)) return [e.segs];
  const out: string[][] = [];
  const walk = (prefix: string[], i: number): void => {
    if (i === e.segs.length) {
      out.push(prefix);
      return;
    }
    const s = e.segs[i];
    if (!isPositional(s)) return walk([...prefix, s], i + 1);
    if (s === '$') {
      if (opts.inserting) throw new MongoError(2, 'The positional operator did not find the match needed from the query.');
      return walk([...prefix, String(positionalIndex(doc, prefix, opts.query, e.path))], i + 1);
    }
    const arr = getAt(doc, prefix);
    if (arr === undefined || arr === null)
      throw new MongoError(2, `The path '${prefix.join('.')}' must exist in the document in order to apply array updates.`);
    if (!Array.isArray(arr))
      throw new MongoError(2, `Cannot apply array updates to non-array element ${prefix[prefix.length - 1]}: ${show(arr)}`);
    const id = s.slice(2, -1);
    let q: Query | undefined;
    if (id !== '') {
      q = filters.get(id);
      if (!q) throw new MongoError(2, `No array filter found for identifier '${id}' in path '${e.path}'`);
      used.add(id);
    }
    arr.forEach((el, idx) => {
      if (!q || q.test({ [id]: plainCopy(el) })) walk([...prefix, String(idx)], i + 1);
    });
  };
  walk([], 0);
  return out;
}

interface Slot {
  parent: Doc | unknown[];
  key: string;
}

/**
 * The container and key a concrete path ends in. `create`: make missing intermediate documents
 * (MongoDB's PathNotViable 28 where a scalar or an array without an index is in the way);
 * otherwise undefined when the path does not exist.
 */
function slot(doc: Doc, segs: string[], create: boolean): Slot | undefined {
  let cur: Doc | unknown[] = doc;
  for (let i = 0; i < segs.length - 1; i++) {
    const s = segs[i];
    let next: unknown;
    if (Array.isArray(cur)) {
      if (!isIndex(s)) {
        if (!create) return undefined;
        throw new MongoError(28, `Cannot create field '${s}' in element {${segs[i - 1]}: ${show(cur)}}`);
      }
      next = cur[Number(s)];
    } else next = getOwn(cur, s);
    if (next === undefined) {
      if (!create) return undefined;
      next = {};
      put(cur, s, next);
    } else if (!Array.isArray(next) && !isPlainObject(next)) {
      if (!create) return undefined;
      throw new MongoError(28, `Cannot create field '${segs[i + 1]}' in element {${s}: ${show(next)}}`);
    }
    cur = next as Doc | unknown[];
  }
  const key = segs[segs.length - 1];
  if (Array.isArray(cur) && !isIndex(key)) {
    if (!create) return undefined;
    throw new MongoError(28, `Cannot create field '${key}' in element {${segs[segs.length - 2]}: ${show(cur)}}`);
  }
  return { parent: cur, key };
}

function put(container: Doc | unknown[], key: string, v: unknown): void {
  if (Array.isArray(container)) {
    const i = Number(key);
    // MongoDB pads with nulls, up to a limit (a huge index must not exhaust the engine's memory).
    if (i > container.length + 1_500_000) throw new MongoError(2, `can't backfill array to larger than 1500000 elements`);
    while (container.length < i) container.push(null);
    container[i] = v;
  } else setOwn(container, key, v);
}

function read(s: Slot): unknown {
  return Array.isArray(s.parent) ? s.parent[Number(s.key)] : getOwn(s.parent, s.key);
}

function remove(s: Slot): void {
  if (Array.isArray(s.parent)) {
    const i = Number(s.key);
    if (i < s.parent.length) s.parent[i] = null; // $unset of an element leaves null
  } else delete s.parent[s.key];
}

/** The predicate $pull applies to each element. */
export function pullPredicate(cond: unknown): (v: unknown) => boolean {
  if (isPlainObject(cond)) {
    cond = plainCopy(cond);
    if (!isPlainObject(cond)) return () => false;
    const keys = Object.keys(cond);
    const logical = new Set(['$and', '$or', '$nor', '$expr', '$where', '$comment', '$text']);
    if (keys.length && keys.every((k) => k.startsWith('$') && !logical.has(k))) {
      // An operator expression applies to the element itself ({ $gte: 6 }, { $in: [...] }).
      const q = makeQuery({ v: cond });
      return (v) => q.test({ v: plainCopy(v) });
    }
    // A document is a query on each element's fields (and can hold $or/$and).
    const q = makeQuery(cond);
    return (v) => isPlainObject(v) && q.test(plainCopy(v));
  }
  const key = valueKey(cond);
  return (v) => valueKey(v) === key;
}

function arrayAt(doc: Doc, s: Slot, path: string, op: string): unknown[] | undefined {
  const cur = read(s);
  if (cur === undefined) return undefined;
  if (!Array.isArray(cur)) {
    if (op === '$pop') throw new MongoError(14, `Path '${path}' contains an element of non-array type '${typeName(cur)}'`);
    if (op === '$pull' || op === '$pullAll') throw new MongoError(2, 'Cannot apply $pull to a non-array value');
    throw new MongoError(2, `The field '${path}' must be an array but is of type ${typeName(cur)} in document {_id: ${idText(doc)}}`);
  }
  return cur;
}

function sortFor(spec: unknown): (a: unknown, b: unknown) => number {
  if (spec === 1 || spec === -1) return (a, b) => (spec as number) * compareValues(a, b);
  if (isPlainObject(spec) && Object.keys(spec).length) {
    const keys = Object.entries(spec).map(([k, d]) => [k.split('.'), Number(d) < 0 ? -1 : 1] as const);
    return (a, b) => {
      for (const [segs, d] of keys) {
        const c = compareValues(getAt(a, segs), getAt(b, segs));
        if (c) return d * c;
      }
      return 0;
    };
  }
  throw new MongoError(2, `The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields`);
}

function applyPush(doc: Doc, s: Slot, path: string, arg: unknown, addToSet: boolean): void {
  const op = addToSet ? '$addToSet' : '$push';
  let each: unknown[] = [arg];
  let position: number | undefined;
  let sliceN: number | undefined;
  let sortSpec: unknown;
  if (isPlainObject(arg) && '$each' in arg) {
    if (!Array.isArray(arg.$each)) throw new MongoError(2, `The argument to $each in ${op} must be an array but it was of type: ${typeName(arg.$each)}`);
    each = arg.$each;
    for (const k of Object.keys(arg)) {
      if (k === '$each') continue;
      if (addToSet) throw new MongoError(2, `Found unexpected fields after $each in $addToSet: ${show(arg)}`);
      if (k === '$position') {
        if (!isNumeric(arg.$position) || !Number.isInteger(numberValue(arg.$position))) throw new MongoError(2, `The value for $position must be an integer value, not of type: ${typeName(arg.$position)}`);
        position = numberValue(arg.$position);
      } else if (k === '$slice') {
        if (!isNumeric(arg.$slice) || !Number.isInteger(numberValue(arg.$slice))) throw new MongoError(2, `The value for $slice must be an integer value but was given type: ${typeName(arg.$slice)}`);
        sliceN = numberValue(arg.$slice);
      } else if (k === '$sort') sortSpec = arg.$sort;
      else throw new MongoError(2, `Unrecognized clause in $push: ${k}`);
    }
  }
  const cur = arrayAt(doc, s, path, op);
  const arr = cur ? cur : [];
  if (!cur) put(s.parent, s.key, arr);
  if (addToSet) {
    const seen = new Set(arr.map(valueKey));
    for (const v of each) {
      const k = valueKey(v);
      if (!seen.has(k)) {
        seen.add(k);
        arr.push(cloneDeep(v));
      }
    }
    return;
  }
  const items = each.map(cloneDeep);
  if (position === undefined) arr.push(...items);
  else {
    const at = position < 0 ? Math.max(0, arr.length + position) : Math.min(position, arr.length);
    arr.splice(at, 0, ...items);
  }
  if (sortSpec !== undefined) arr.sort(sortFor(sortSpec));
  if (sliceN !== undefined) {
    const kept = sliceN >= 0 ? arr.slice(0, sliceN) : arr.slice(Math.max(0, arr.length + sliceN));
    arr.length = 0;
    arr.push(...kept);
  }
}

function applyOne(doc: Doc, op: string, segs: string[], arg: unknown, from?: string[]): void {
  const path = segs.join('.');
  const s = slot(doc, segs, CREATING.has(op) || op === '$rename');
  if (!s) return;
  const cur = read(s);
  switch (op) {
    case '$set':
    case '$setOnInsert':
      put(s.parent, s.key, cloneDeep(arg));
      return;
    case '$unset':
      if (cur !== undefined) remove(s);
      return;
    case '$inc':
    case '$mul': {
      if (!isNumeric(arg))
        throw new MongoError(14, `Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${show(arg)}}`);
      if (cur === undefined) {
        put(s.parent, s.key, op === '$inc' ? arg : multiplyNumbers(0, arg));
        return;
      }
      if (!isNumeric(cur))
        throw new MongoError(14, `Cannot apply ${op} to a value of non-numeric type. {_id: ${idText(doc)}} has the field '${path}' of non-numeric type ${typeName(cur)}`);
      put(s.parent, s.key, op === '$inc' ? addNumbers(cur, arg) : multiplyNumbers(cur, arg));
      return;
    }
    case '$min':
    case '$max':
      if (cur === undefined || (op === '$min' ? compareValues(arg, cur) < 0 : compareValues(arg, cur) > 0)) put(s.parent, s.key, cloneDeep(arg));
      return;
    case '$currentDate': {
      const type = isPlainObject(arg) ? arg.$type : arg === true ? 'date' : undefined;
      if (arg !== true && arg !== false && type !== 'date' && type !== 'timestamp')
        throw new MongoError(2, `The '$type' string field is required to be 'date' or 'timestamp': {$currentDate: {field : {$type: 'date'}}}`);
      const now = Date.now();
      put(s.parent, s.key, type === 'timestamp' ? new Timestamp({ t: Math.floor(now / 1000), i: 1 }) : new Date(now));
      return;
    }
    case '$rename': {
      const src = from ? slot(doc, from, false) : undefined;
      const v = src ? read(src) : undefined;
      if (!src || v === undefined) return;
      if (Array.isArray(src.parent)) throw new MongoError(2, `The source field cannot be an array element, '${from!.join('.')}' in doc with _id: ${idText(doc)} has an array field called '${from![from!.length - 2]}'`);
      remove(src);
      const target = slot(doc, segs, true)!;
      if (Array.isArray(target.parent)) throw new MongoError(2, `The destination field cannot be an array element, '${path}' in doc with _id: ${idText(doc)} has an array field called '${segs[segs.length - 2]}'`);
      put(target.parent, target.key, v);
      return;
    }
    case '$push':
    case '$addToSet':
      applyPush(doc, s, path, arg, op === '$addToSet');
      return;
    case '$pop': {
      const n = numberValue(arg);
      if (!isNumeric(arg) || (n !== 1 && n !== -1)) throw new MongoError(9, `$pop expects 1 or -1, found: ${show(arg)}`);
      const arr = arrayAt(doc, s, path, '$pop');
      if (!arr || !arr.length) return;
      if (n === 1) arr.pop();
      else arr.shift();
      return;
    }
    case '$pull':
    case '$pullAll': {
      if (op === '$pullAll' && !Array.isArray(arg)) throw new MongoError(2, `$pullAll requires an array argument but was given a ${typeName(arg)}`);
      const arr = arrayAt(doc, s, path, op);
      if (!arr) return;
      let test: (v: unknown) => boolean;
      if (op === '$pull') test = pullPredicate(arg);
      else {
        const keys = new Set((arg as unknown[]).map(valueKey));
        test = (v) => keys.has(valueKey(v));
      }
      const kept = arr.filter((v) => !test(v));
      if (kept.length !== arr.length) put(s.parent, s.key, kept);
      return;
    }
    case '$bit': {
      if (!isPlainObject(arg) || Object.keys(arg).length === 0)
        throw new MongoError(9, `The $bit modifier is not compatible with a ${typeName(arg)}. You must pass in an embedded document: {$bit: {field: {and/or/xor: #}}`);
      if (cur !== undefined && !isIntegral(cur))
        throw new MongoError(14, `Cannot apply $bit to a value of non-integral type.{_id: ${idText(doc)}} has the field ${s.key} of non-integer type ${typeName(cur)}`);
      let acc: unknown = cur ?? 0;
      for (const [how, operand] of Object.entries(arg)) {
        if (how !== 'and' && how !== 'or' && how !== 'xor')
          throw new MongoError(9, `The $bit modifier only supports 'and', 'or', and 'xor', not '${how}' which is an unknown operator: {${how}: ${show(operand)}}`);
        if (!isIntegral(operand))
          throw new MongoError(9, `The $bit modifier field must be an Integer(32/64 bit); a '${typeName(operand)}' is not supported here: {${how}: ${show(operand)}}`);
        acc = bitOp(acc, operand, how);
      }
      put(s.parent, s.key, acc);
      return;
    }
  }
}

function isIntegral(v: unknown): boolean {
  if (typeof v === 'number') return Number.isInteger(v);
  return v instanceof Long || v instanceof Int32;
}

function bitOp(a: unknown, b: unknown, how: 'and' | 'or' | 'xor'): unknown {
  if (a instanceof Long || b instanceof Long) {
    const x = a instanceof Long ? a : Long.fromNumber(numberValue(a));
    const y = b instanceof Long ? b : Long.fromNumber(numberValue(b));
    return how === 'and' ? x.and(y) : how === 'or' ? x.or(y) : x.xor(y);
  }
  const x = numberValue(a) | 0;
  const y = numberValue(b) | 0;
  return how === 'and' ? x & y : how === 'or' ? x | y : x ^ y;
}

function comparePaths(a: string[], b: string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) continue;
    if (isIndex(a[i]) && isIndex(b[i])) return Number(a[i]) - Number(b[i]);
    return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}

/**
 * Applies update operators to `doc` in place. `mod` maps operators to their specs
 * ($setOnInsert is applied only when inserting, but its paths count for conflicts).
 */
export function applyOperators(doc: Doc, mod: Doc, opts: OpsOptions): void {
  const inserting = !!opts.inserting;
  const entries: Entry[] = [];
  for (const [op, spec] of Object.entries(mod)) {
    if (!isPlainObject(spec))
      throw new MongoError(9, `Modifiers operate on fields but we found type ${typeName(spec)} instead. For example: {$mod: {<field>: ...}} not {${op}: ${show(spec)}}`);
    for (const [path, arg] of Object.entries(spec)) {
      const segs = checkPath(path, inserting);
      if (op === '$rename') {
        if (typeof arg !== 'string') throw new MongoError(2, `The 'to' field for $rename must be a string: ${path}: ${show(arg)}`);
        if (arg === path) throw new MongoError(2, `The source and target field for $rename must differ: ${path}: "${arg}"`);
        const to = checkPath(arg, inserting);
        if (segs.some(isPositional) || to.some(isPositional)) throw new MongoError(2, 'The source field for $rename may not be dynamic: ' + path);
        entries.push({ op, path: arg, segs: to, arg, from: segs });
        entries.push({ op: '$renameFrom', path, segs, arg });
        continue;
      }
      entries.push({ op, path, segs, arg });
    }
  }
  // Conflicts are judged on whole paths, positional elements included (MongoDB: one path may
  // not be a prefix of another; `a.$.x` and `a.$.y` are siblings).
  const sorted = [...entries].sort((x, y) => comparePaths(x.segs, y.segs));
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1].segs;
    const b = sorted[i].segs;
    if (a.length <= b.length && a.every((s, j) => s === b[j]))
      throw new MongoError(40, `Updating the path '${sorted[i].path}' would create a conflict at '${sorted[i - 1].path}'`);
  }
  const filters = parseArrayFilters(opts.arrayFilters);
  const used = new Set<string>();
  const work: { op: string; segs: string[]; arg: unknown; from?: string[] }[] = [];
  for (const e of entries) {
    if (e.op === '$renameFrom' || (e.op === '$setOnInsert' && !inserting)) continue;
    for (const segs of expand(doc, e, filters, used, opts)) work.push({ op: e.op, segs, arg: e.arg, from: e.from });
  }
  for (const id of filters.keys())
    if (!used.has(id)) throw new MongoError(9, `The array filter for identifier '${id}' was not used in the update ${show(mod)}`);
  // MongoDB 5.0+ applies the update in lexicographic field order (numeric fields numerically).
  work.sort((x, y) => comparePaths(x.segs, y.segs));
  for (let i = 1; i < work.length; i++) {
    const a = work[i - 1].segs;
    const b = work[i].segs;
    if (a.length <= b.length && a.every((s, j) => s === b[j]))
      throw new MongoError(40, `Update created a conflict at '${b.join('.')}'`);
  }
  for (const w of work) applyOne(doc, w.op, w.segs, w.arg, w.from);
}
