// A secondary index: a B+ tree of (value, id) of the first field's numbers, strings, ObjectIds,
// booleans and dates, for ranges and equality (sorted-btree: O(log n) per insert and remove, O(1)
// copy), a hash map from value to ids for every other value (null or missing, arrays, documents,
// NaN), and for unique indexes a map from the full compound key to its id.
// Sparse and partial indexes hold only the documents they cover.
import BTree from 'sorted-btree';
import { bulkLoad } from 'sorted-btree/extended/bulkLoad';
import type { Query } from 'mingo';
import { makeQuery } from './query';
import { compareScalar, Doc, isSortableRank, isSortableScalar, pathValues, queryView, scalarSortKey, scalarSortKey2, typeRank, valueKey } from './values';
import { MongoError } from './errors';

export interface IndexSpec {
  name: string;
  key: Doc;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Doc;
  expireAfterSeconds?: number;
  [k: string]: unknown;
}

/**
 * A key of the range tree. Bounds of a range scan are keys that hold no document: `side` -1 sorts
 * before every id of the value `v` and +1 after them; with `rank` set, the bound sorts before (-1)
 * or after (+1) every value of that BSON type (MongoDB's type bracketing of range queries).
 */
interface SortedEntry {
  v: unknown;
  id: string;
  side?: -1 | 1;
  rank?: number;
}

function compareEntries(a: SortedEntry, b: SortedEntry): number {
  if (a.rank !== undefined || b.rank !== undefined) {
    const ra = a.rank ?? typeRank(a.v);
    const rb = b.rank ?? typeRank(b.v);
    if (ra !== rb) return ra - rb;
    if (a.rank !== undefined && b.rank !== undefined) return (a.side ?? 0) - (b.side ?? 0);
    return a.rank !== undefined ? a.side ?? 0 : -(b.side ?? 0);
  }
  const c = compareScalar(a.v, b.v);
  if (c) return c;
  if (a.side || b.side) return (a.side ?? 0) - (b.side ?? 0);
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const NODE_SIZE = 64;

/** NaN equals every number in compareScalar: its equality lookups go through the hash map. */
const isNaNValue = (v: unknown, rank: number): boolean => rank === 2 && Number.isNaN(typeof v === 'number' ? v : Number(String(v)));

/**
 * The hash map's key of a value: valueKey, except for an array of scalars, keyed by its elements'
 * keys instead of valueKey's EJSON text (read for every array-valued field at a start). A key is
 * only ever coarser than equality, and the query's matcher decides: candidates stay a superset.
 */
function mapKey(v: unknown): string {
  if (!Array.isArray(v)) return valueKey(v);
  let k = 'a';
  for (const e of v) {
    if (e !== null && typeof e === 'object' && !isSortableScalar(e)) return valueKey(v);
    k += valueKey(e) + '\u0000';
  }
  return k;
}

/** Where a first-field value is kept: the range tree, the hash map, or (NaN) both; with its type rank. */
function placeOf(v: unknown): { tree: boolean; map: boolean; rank: number } {
  const rank = typeRank(v);
  const tree = isSortableRank(rank);
  return { tree, map: !tree || isNaNValue(v, rank), rank };
}

export function duplicateKey(ns: string, spec: IndexSpec, keyValue: Doc): MongoError {
  const shown = Object.entries(keyValue)
    .map(([k, v]) => `${k}: ${JSON.stringify(v instanceof Date ? v.toISOString() : v === undefined ? null : v)}`)
    .join(', ');
  return new MongoError(
    11000,
    `E11000 duplicate key error collection: ${ns} index: ${spec.name} dup key: { ${shown} }`,
    { keyPattern: spec.key, keyValue },
  );
}

export class Index {
  readonly fields: string[];
  /** Ids by value key, for the values the tree does not answer equality for (placeOf). */
  private others = new Map<string, Set<string>>();
  sorted = new BTree<SortedEntry, undefined>(undefined, compareEntries, NODE_SIZE);
  uniq: Map<string, string> | null;
  private partial: Query | null;

  constructor(readonly spec: IndexSpec) {
    this.fields = Object.keys(spec.key);
    this.uniq = spec.unique ? new Map() : null;
    this.partial = spec.partialFilterExpression ? makeQuery(spec.partialFilterExpression) : null;
  }

  get isSpecial(): boolean {
    return Object.values(this.spec.key).some((v) => typeof v === 'string');
  }

  clone(): Index {
    const c = new Index(this.spec);
    for (const [k, s] of this.others) c.others.set(k, new Set(s));
    c.sorted = this.sorted.clone(); // copy-on-write: O(1)
    if (this.uniq) c.uniq = new Map(this.uniq);
    return c;
  }

  /** Whether the document is present in this index (sparse/partial). */
  covers(doc: Doc): boolean {
    if (this.partial && !this.partial.test(queryView(doc))) return false;
    if (this.spec.sparse && this.fields.every((f) => pathValues(doc, f).length === 0)) return false;
    return true;
  }

  /** Distinct values of the first field (missing: null), each once. */
  private firstValues(doc: Doc): unknown[] {
    const vals = pathValues(doc, this.fields[0]);
    if (vals.length < 2) return vals.length ? vals : [null];
    const out = new Map<string, unknown>();
    for (const v of vals) {
      const k = mapKey(v);
      if (!out.has(k)) out.set(k, v);
    }
    return [...out.values()];
  }

  /** Full compound keys (cartesian product over fields), each with its key value object. */
  fullKeys(doc: Doc): { key: string; value: Doc }[] {
    let acc: { key: string; value: Doc }[] = [{ key: '', value: {} }];
    for (const f of this.fields) {
      // Arrays are keyed by their elements (multikey); missing or empty -> null.
      const scalars = pathValues(doc, f).filter((v) => !Array.isArray(v));
      const use = scalars.length ? scalars : [null];
      const next: { key: string; value: Doc }[] = [];
      const seen = new Set<string>();
      for (const a of acc)
        for (const v of use) {
          const k = a.key + '|' + valueKey(v);
          if (seen.has(k)) continue;
          seen.add(k);
          next.push({ key: k, value: { ...a.value, [f]: v === undefined ? null : v } });
        }
      acc = next;
    }
    return acc;
  }

  checkUnique(doc: Doc, id: string, ns: string): void {
    if (!this.uniq || !this.covers(doc)) return;
    for (const { key, value } of this.fullKeys(doc)) {
      const other = this.uniq.get(key);
      if (other !== undefined && other !== id) throw duplicateKey(ns, this.spec, value);
    }
  }

  /** Files `id` under the value `v` in the hash map. */
  private addOther(v: unknown, id: string): void {
    const k = mapKey(v);
    let s = this.others.get(k);
    if (!s) this.others.set(k, (s = new Set()));
    s.add(id);
  }

  /** Takes `id` out from under the value `v` in the hash map. */
  private removeOther(v: unknown, id: string): void {
    const k = mapKey(v);
    const s = this.others.get(k);
    s?.delete(id);
    if (s?.size === 0) this.others.delete(k);
  }

  add(doc: Doc, id: string): void {
    if (!this.covers(doc)) return;
    for (const v of this.firstValues(doc)) {
      const at = placeOf(v);
      if (at.map) this.addOther(v, id);
      if (at.tree) this.sorted.set({ v, id }, undefined);
    }
    if (this.uniq) for (const { key } of this.fullKeys(doc)) this.uniq.set(key, id);
  }

  remove(doc: Doc, id: string): void {
    if (!this.covers(doc)) return;
    for (const v of this.firstValues(doc)) {
      const at = placeOf(v);
      if (at.map) this.removeOther(v, id);
      if (at.tree) this.sorted.delete({ v, id });
    }
    if (this.uniq)
      for (const { key } of this.fullKeys(doc)) if (this.uniq.get(key) === id) this.uniq.delete(key);
  }

  /** Builds the index from every document at once (a start's load): one sort, one bulk load. */
  build(docs: Iterable<[string, Doc]>): void {
    this.others.clear();
    this.uniq?.clear();
    // Each entry carries its type rank and primitive sort keys (scalarSortKey, scalarSortKey2), so
    // the sort compares primitives: the order is compareEntries' (rank, value, id).
    const keyed: { e: SortedEntry; r: number; k: number | string; k2: number }[] = [];
    for (const [id, doc] of docs) {
      if (!this.covers(doc)) continue;
      for (const v of this.firstValues(doc)) {
        const at = placeOf(v);
        if (at.map) this.addOther(v, id);
        if (at.tree) keyed.push({ e: { v, id }, r: at.rank, k: scalarSortKey(v, at.rank), k2: scalarSortKey2(v, at.rank) });
      }
      if (this.uniq) for (const { key } of this.fullKeys(doc)) this.uniq.set(key, id);
    }
    keyed.sort((a, b) => a.r - b.r || (a.k < b.k ? -1 : a.k > b.k ? 1 : a.k2 - b.k2 || (a.e.id < b.e.id ? -1 : a.e.id > b.e.id ? 1 : 0)));
    const entries = keyed.map((x) => x.e);
    // Entries are distinct (one per value and id), as bulkLoad requires.
    this.sorted = bulkLoad(entries, new Array<undefined>(entries.length), NODE_SIZE, compareEntries);
  }

  /** Ids of the documents with a first-field value equal to one of `values`. */
  lookup(values: unknown[]): Set<string> {
    const out = new Set<string>();
    for (const v of values) {
      if (placeOf(v).map) for (const id of this.others.get(mapKey(v)) ?? []) out.add(id);
      // Every id of the value: bounds before and after them (compareEntries' `side`).
      else
        this.sorted.forRange({ v, id: '', side: -1 }, { v, id: '', side: 1 }, false, (k) => {
          out.add(k.id);
        });
    }
    return out;
  }

  /** The tree's bounds of a range (`$gt/$gte/$lt/$lte`); null when not answerable, 'empty' when nothing lies within. */
  private bounds(ops: Doc): { low: SortedEntry; high: SortedEntry } | 'empty' | null {
    const lower = ops.$gt !== undefined ? { v: ops.$gt, strict: true } : ops.$gte !== undefined ? { v: ops.$gte, strict: false } : null;
    const upper = ops.$lt !== undefined ? { v: ops.$lt, strict: true } : ops.$lte !== undefined ? { v: ops.$lte, strict: false } : null;
    if (!lower && !upper) return null;
    for (const b of [lower, upper]) if (b && !isSortableScalar(b.v)) return null;
    if (lower && upper && typeRank(lower.v) !== typeRank(upper.v)) return null;
    // Type bracketing: only values of the bound's type are candidates.
    const rank = typeRank((lower ?? upper)!.v);
    const low: SortedEntry = lower ? { v: lower.v, id: '', side: lower.strict ? 1 : -1 } : { v: null, id: '', rank, side: -1 };
    const high: SortedEntry = upper ? { v: upper.v, id: '', side: upper.strict ? -1 : 1 } : { v: null, id: '', rank, side: 1 };
    return compareEntries(low, high) >= 0 ? 'empty' : { low, high };
  }

  /** Ids whose first-field value lies within the range; null when not answerable. */
  range(ops: Doc): Set<string> | null {
    const b = this.bounds(ops);
    const out = new Set<string>();
    if (b === null) return null;
    if (b === 'empty') return out;
    this.sorted.forRange(b.low, b.high, false, (k) => {
      out.add(k.id);
    });
    return out;
  }

  /**
   * The entries within the range in the order of their values (descending: the reverse), each
   * with its value, until `visit` returns false; false when the range is not answerable.
   */
  walkRange(ops: Doc, descending: boolean, visit: (id: string, value: unknown) => boolean): boolean {
    const b = this.bounds(ops);
    if (b === null) return false;
    if (b === 'empty') return true;
    if (!descending) {
      this.sorted.forRange(b.low, b.high, false, (k) => (visit(k.id, k.v) ? undefined : { break: true }));
      return true;
    }
    for (const [k] of this.sorted.entriesReversed(b.high)) {
      if (compareEntries(k, b.low) <= 0 || !visit(k.id, k.v)) break;
    }
    return true;
  }
}
