// A collection: documents keyed by canonical _id, plus secondary indexes
// (hash for equality, sorted array for ranges, unique/sparse/partial enforcement).
import type { Query } from 'mingo';
import { makeQuery } from './query';
import {
  compareScalar,
  Doc,
  isOperatorObject,
  isPlainObject,
  isSortableScalar,
  noteStored,
  pathValues,
  queryView,
  typeRank,
  valueKey,
} from './values';
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

interface SortedEntry {
  v: unknown;
  id: string;
}

export class Index {
  readonly fields: string[];
  eq = new Map<string, Set<string>>();
  sorted: SortedEntry[] = [];
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
    for (const [k, s] of this.eq) c.eq.set(k, new Set(s));
    c.sorted = this.sorted.slice();
    if (this.uniq) c.uniq = new Map(this.uniq);
    return c;
  }

  /** Whether the document is present in this index (sparse/partial). */
  covers(doc: Doc): boolean {
    if (this.partial && !this.partial.test(queryView(doc))) return false;
    if (this.spec.sparse && this.fields.every((f) => pathValues(doc, f).length === 0)) return false;
    return true;
  }

  firstValues(doc: Doc): unknown[] {
    const vals = pathValues(doc, this.fields[0]);
    return vals.length ? vals : [null];
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

  add(doc: Doc, id: string): void {
    if (!this.covers(doc)) return;
    const seen = new Set<string>();
    for (const v of this.firstValues(doc)) {
      const k = valueKey(v);
      if (seen.has(k)) continue;
      seen.add(k);
      let s = this.eq.get(k);
      if (!s) this.eq.set(k, (s = new Set()));
      s.add(id);
      if (isSortableScalar(v)) {
        const pos = this.lowerBound(v, id);
        this.sorted.splice(pos, 0, { v, id });
      }
    }
    if (this.uniq) for (const { key } of this.fullKeys(doc)) this.uniq.set(key, id);
  }

  remove(doc: Doc, id: string): void {
    if (!this.covers(doc)) return;
    const seen = new Set<string>();
    for (const v of this.firstValues(doc)) {
      const k = valueKey(v);
      if (seen.has(k)) continue;
      seen.add(k);
      const s = this.eq.get(k);
      if (s) {
        s.delete(id);
        if (s.size === 0) this.eq.delete(k);
      }
      if (isSortableScalar(v)) {
        let pos = this.lowerBound(v, id);
        while (pos < this.sorted.length && compareScalar(this.sorted[pos].v, v) === 0) {
          if (this.sorted[pos].id === id) {
            this.sorted.splice(pos, 1);
            break;
          }
          pos++;
        }
      }
    }
    if (this.uniq)
      for (const { key } of this.fullKeys(doc)) if (this.uniq.get(key) === id) this.uniq.delete(key);
  }

  /** First position whose (v,id) >= (v,id). */
  private lowerBound(v: unknown, id: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const e = this.sorted[mid];
      const c = compareScalar(e.v, v) || (e.id < id ? -1 : e.id > id ? 1 : 0);
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Position of the first entry with value > v (strict) or >= v. */
  private bound(v: unknown, strict: boolean): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareScalar(this.sorted[mid].v, v);
      if (c < 0 || (strict && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Ids whose first-field value lies within the range; null when not answerable. */
  range(ops: Doc): Set<string> | null {
    const lower = ops.$gt !== undefined ? { v: ops.$gt, strict: true } : ops.$gte !== undefined ? { v: ops.$gte, strict: false } : null;
    const upper = ops.$lt !== undefined ? { v: ops.$lt, strict: true } : ops.$lte !== undefined ? { v: ops.$lte, strict: false } : null;
    if (!lower && !upper) return null;
    for (const b of [lower, upper]) if (b && !isSortableScalar(b.v)) return null;
    const rank = (lower ?? upper)!.v;
    if (lower && upper && typeRank(lower.v) !== typeRank(upper.v)) return null;
    // Type bracketing: only values of the bound's type are candidates.
    const start = lower ? this.bound(lower.v, lower.strict) : this.typeStart(rank);
    const end = upper ? this.bound(upper.v, !upper.strict) : this.typeEnd(rank);
    const out = new Set<string>();
    for (let i = start; i < end; i++) out.add(this.sorted[i].id);
    return out;
  }

  private typeStart(v: unknown): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (typeRank(this.sorted[mid].v) < typeRank(v)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private typeEnd(v: unknown): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (typeRank(this.sorted[mid].v) <= typeRank(v)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
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

export interface CollectionOptions {
  [k: string]: unknown;
}

export class Collection {
  docs = new Map<string, Doc>();
  indexes = new Map<string, Index>();

  constructor(
    readonly db: string,
    readonly name: string,
    public options: CollectionOptions = {},
  ) {}

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  clone(): Collection {
    const c = new Collection(this.db, this.name, this.options);
    c.docs = new Map(this.docs);
    for (const [n, i] of this.indexes) c.indexes.set(n, i.clone());
    return c;
  }

  static idKey(doc: Doc): string {
    return valueKey(doc._id);
  }

  /** Insert or replace a document (by _id), enforcing unique indexes. */
  put(doc: Doc, check = true): void {
    noteStored(doc);
    const id = valueKey(doc._id);
    const old = this.docs.get(id);
    if (check) for (const idx of this.indexes.values()) idx.checkUnique(doc, id, this.ns);
    if (old) for (const idx of this.indexes.values()) idx.remove(old, id);
    for (const idx of this.indexes.values()) idx.add(doc, id);
    this.docs.set(id, doc);
  }

  insert(doc: Doc): void {
    const id = valueKey(doc._id);
    if (this.docs.has(id)) throw duplicateKey(this.ns, { name: '_id_', key: { _id: 1 } }, { _id: doc._id });
    this.put(doc);
  }

  delete(id: string): Doc | undefined {
    const old = this.docs.get(id);
    if (!old) return undefined;
    for (const idx of this.indexes.values()) idx.remove(old, id);
    this.docs.delete(id);
    return old;
  }

  addIndex(spec: IndexSpec): void {
    const idx = new Index(spec);
    for (const [id, d] of this.docs) {
      idx.checkUnique(d, id, this.ns);
      idx.add(d, id);
    }
    this.indexes.set(spec.name, idx);
  }

  /**
   * Candidate documents for a filter: a superset of the matches, found through an index when
   * the filter has an equality or range condition on an indexed field's prefix.
   */
  candidates(filter: Doc | undefined): Iterable<Doc> {
    if (!filter || !isPlainObject(filter)) return this.docs.values();
    const conds: [string, unknown][] = [];
    const collect = (f: Doc): void => {
      for (const [k, v] of Object.entries(f)) {
        if (k === '$and' && Array.isArray(v)) v.forEach((s) => isPlainObject(s) && collect(s));
        else if (!k.startsWith('$')) conds.push([k, v]);
      }
    };
    collect(filter);
    let best: string[] | Set<string> | null = null as string[] | Set<string> | null;
    const sizeOf = (ids: string[] | Set<string>): number => (Array.isArray(ids) ? ids.length : ids.size);
    const consider = (ids: Set<string> | string[] | null): void => {
      if (!ids) return;
      if (!best || sizeOf(ids) < sizeOf(best)) best = ids;
    };
    for (const [field, cond] of conds) {
      if (field === '_id') {
        const eqs = equalityValues(cond);
        if (eqs) consider(eqs.map(valueKey).filter((k) => this.docs.has(k)));
        continue;
      }
      for (const idx of this.indexes.values()) {
        if (idx.fields[0] !== field || idx.isSpecial || idx.spec.partialFilterExpression || idx.spec.sparse || idx.spec.hidden) continue;
        const eqs = equalityValues(cond);
        if (eqs) {
          const out = new Set<string>();
          for (const v of eqs) for (const id of idx.eq.get(valueKey(v)) ?? []) out.add(id);
          consider(out);
        } else if (isOperatorObject(cond)) {
          consider(idx.range(cond));
        }
        break;
      }
      if (best && sizeOf(best) === 0) break;
    }
    if (!best) return this.docs.values();
    const chosen: Iterable<string> = best;
    const docs = this.docs;
    return (function* () {
      for (const id of chosen) {
        const d = docs.get(id);
        if (d) yield d;
      }
    })();
  }
}

/** Values a condition requires equality with, or null when it is not a pure equality. */
function equalityValues(cond: unknown): unknown[] | null {
  if (cond instanceof RegExp || bsonTypeIs(cond, 'BSONRegExp')) return null;
  if (isOperatorObject(cond)) {
    const keys = Object.keys(cond);
    if (keys.includes('$eq')) {
      const v = cond.$eq;
      if (v instanceof RegExp || isOperatorObject(v)) return null;
      return [v];
    }
    if (keys.includes('$in') && Array.isArray(cond.$in)) {
      if (cond.$in.some((v) => v instanceof RegExp || bsonTypeIs(v, 'BSONRegExp'))) return null;
      return cond.$in;
    }
    return null;
  }
  if (cond === undefined) return null;
  return [cond];
}

function bsonTypeIs(v: unknown, t: string): boolean {
  return v !== null && typeof v === 'object' && (v as { _bsontype?: string })._bsontype === t;
}
