// A collection: documents keyed by canonical _id, plus secondary indexes (indexStructure.ts),
// found through the planner (planner.ts). A transaction writes to an overlay over it
// (txnOverlay.ts), told here of every change it must not see.
import { Index, duplicateKey } from './indexStructure';
import type { IndexSpec } from './indexStructure';
import { planQuery } from './planner';
import type { Plan } from './planner';
import { Doc, noteStored, valueKey } from './values';

export { Index, duplicateKey };
export type { IndexSpec };

export interface CollectionOptions {
  [k: string]: unknown;
}

/** The read-only map of documents by canonical _id a command sees (a collection or an overlay). */
export interface DocMap {
  get(id: string): Doc | undefined;
  has(id: string): boolean;
  values(): IterableIterator<Doc>;
  readonly size: number;
}

/** What commands read and write: a collection, or a transaction's overlay over one. */
export interface CollView {
  readonly db: string;
  readonly name: string;
  readonly ns: string;
  options: CollectionOptions;
  readonly docs: DocMap;
  readonly indexes: Map<string, Index>;
  candidates(filter: Doc | undefined): Iterable<Doc>;
  plan(filter: Doc | undefined): Plan | null;
  insert(doc: Doc): void;
  put(doc: Doc, check?: boolean): void;
  delete(id: string): Doc | undefined;
}

/** Told of a base document about to change (a transaction's overlay keeps the version it saw). */
export interface ChangeListener {
  beforeBaseChange(id: string, old: Doc | undefined): void;
}

export class Collection implements CollView {
  docs = new Map<string, Doc>();
  indexes = new Map<string, Index>();
  /** Overlays of open transactions that wrote here. */
  readonly listeners = new Set<ChangeListener>();
  /** While a start loads the files: indexes are built once at the end (finishLoad). */
  private loading = false;

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

  beginLoad(): void {
    this.loading = true;
  }

  /** Builds every index from the loaded documents at once. */
  /** `built` is told the documents each index held once it is built. */
  finishLoad(built?: (docs: number) => void): void {
    if (!this.loading) return;
    this.loading = false;
    for (const idx of this.indexes.values()) {
      idx.build(this.docs);
      built?.(this.docs.size);
    }
  }

  private notify(id: string): void {
    if (!this.listeners.size) return;
    const old = this.docs.get(id);
    for (const l of this.listeners) l.beforeBaseChange(id, old);
  }

  /** Insert or replace a document (by _id), enforcing unique indexes. */
  put(doc: Doc, check = true): void {
    noteStored(doc);
    const id = valueKey(doc._id);
    if (this.loading) {
      this.docs.set(id, doc);
      return;
    }
    const old = this.docs.get(id);
    if (check) for (const idx of this.indexes.values()) idx.checkUnique(doc, id, this.ns);
    this.notify(id);
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
    if (!this.loading) {
      this.notify(id);
      for (const idx of this.indexes.values()) idx.remove(old, id);
    }
    this.docs.delete(id);
    return old;
  }

  addIndex(spec: IndexSpec): void {
    const idx = new Index(spec);
    if (!this.loading) {
      if (idx.uniq)
        for (const [id, d] of this.docs) {
          idx.checkUnique(d, id, this.ns);
          idx.add(d, id);
        }
      else idx.build(this.docs);
    }
    this.indexes.set(spec.name, idx);
  }

  plan(filter: Doc | undefined): Plan | null {
    return planQuery(this, filter);
  }

  /**
   * Candidate documents for a filter: a superset of the matches, found through an index when
   * the planner finds one (planner.ts), else every document.
   */
  candidates(filter: Doc | undefined): Iterable<Doc> {
    const plan = this.plan(filter);
    if (!plan) return this.docs.values();
    const chosen = plan.ids;
    const docs = this.docs;
    return (function* () {
      for (const id of chosen) {
        const d = docs.get(id);
        if (d) yield d;
      }
    })();
  }
}
