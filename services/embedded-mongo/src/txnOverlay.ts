// A transaction's private view of a collection it writes: its own changes (documents written or
// deleted, and their unique keys) over the shared collection, so a write costs what it touches
// instead of a copy of the collection and its indexes.
//
// The transaction sees the collection as it was at its first write there, plus its own writes:
// the base tells the overlay of every document about to change (Collection.listeners), and the
// overlay keeps the version it saw. Commit (transactionState.ts) applies `changes` to the base.
import type { ChangeListener, Collection, CollView, DocMap } from './collection';
import { duplicateKey } from './indexStructure';
import type { Index } from './indexStructure';
import type { Plan } from './planner';
import { Doc, noteStored, valueKey } from './values';

export class TxnOverlay implements CollView, ChangeListener {
  /** Documents written (a Doc) or deleted (null) by the transaction, in the order first touched. */
  readonly changes = new Map<string, Doc | null>();
  /** Base versions the transaction saw, of documents the base changed since. */
  private readonly frozen = new Map<string, Doc | undefined>();
  /** Unique keys of the transaction's own documents: index name -> key -> id. */
  private readonly ownKeys = new Map<string, Map<string, string>>();
  readonly docs: DocMap;

  constructor(readonly base: Collection) {
    base.listeners.add(this);
    const values = (): IterableIterator<Doc> => this.values();
    this.docs = {
      get: (id) => this.get(id),
      has: (id) => this.get(id) !== undefined,
      values,
      get size() {
        let n = 0;
        for (const _ of values()) n++;
        return n;
      },
    };
  }

  get db(): string {
    return this.base.db;
  }
  get name(): string {
    return this.base.name;
  }
  get ns(): string {
    return this.base.ns;
  }
  get options(): Doc {
    return this.base.options;
  }
  set options(o: Doc) {
    this.base.options = o;
  }
  get indexes(): Map<string, Index> {
    return this.base.indexes;
  }

  beforeBaseChange(id: string, old: Doc | undefined): void {
    if (!this.frozen.has(id)) this.frozen.set(id, old);
  }

  /** Stops following the base (commit or abort). */
  detach(): void {
    this.base.listeners.delete(this);
  }

  get(id: string): Doc | undefined {
    if (this.changes.has(id)) return this.changes.get(id) ?? undefined;
    if (this.frozen.has(id)) return this.frozen.get(id);
    return this.base.docs.get(id);
  }

  private *ids(): IterableIterator<string> {
    yield* this.base.docs.keys();
    for (const id of this.frozen.keys()) if (!this.base.docs.has(id)) yield id;
    for (const id of this.changes.keys()) if (!this.base.docs.has(id) && !this.frozen.has(id)) yield id;
  }

  private *values(): IterableIterator<Doc> {
    for (const id of this.ids()) {
      const d = this.get(id);
      if (d) yield d;
    }
  }

  plan(filter: Doc | undefined): Plan | null {
    return this.base.plan(filter);
  }

  /** The base's candidates, plus every document the transaction or the base changed since. */
  candidates(filter: Doc | undefined): Iterable<Doc> {
    const plan = this.plan(filter);
    if (!plan) return this.values();
    const ids = new Set(plan.ids);
    for (const id of this.frozen.keys()) ids.add(id);
    for (const id of this.changes.keys()) ids.add(id);
    return this.resolve(ids);
  }

  private *resolve(ids: Iterable<string>): IterableIterator<Doc> {
    for (const id of ids) {
      const d = this.get(id);
      if (d) yield d;
    }
  }

  private checkUnique(doc: Doc, id: string): void {
    for (const idx of this.base.indexes.values()) {
      if (!idx.uniq || !idx.covers(doc)) continue;
      const own = this.ownKeys.get(idx.spec.name);
      for (const { key, value } of idx.fullKeys(doc)) {
        const mine = own?.get(key);
        if (mine !== undefined && mine !== id) throw duplicateKey(this.ns, idx.spec, value);
        const other = idx.uniq.get(key);
        if (other === undefined || other === id || this.changes.has(other)) continue;
        // The holder's version this transaction sees may be an older one (frozen).
        const seen = this.frozen.has(other) ? this.frozen.get(other) : this.base.docs.get(other);
        if (seen && idx.covers(seen) && idx.fullKeys(seen).some((k) => k.key === key)) throw duplicateKey(this.ns, idx.spec, value);
      }
    }
  }

  private forgetKeys(doc: Doc | null | undefined, id: string): void {
    if (!doc) return;
    for (const idx of this.base.indexes.values()) {
      const own = this.ownKeys.get(idx.spec.name);
      if (!own || !idx.covers(doc)) continue;
      for (const { key } of idx.fullKeys(doc)) if (own.get(key) === id) own.delete(key);
    }
  }

  put(doc: Doc, check = true): void {
    noteStored(doc);
    const id = valueKey(doc._id);
    if (check) this.checkUnique(doc, id);
    this.forgetKeys(this.changes.get(id), id);
    this.changes.set(id, doc);
    for (const idx of this.base.indexes.values()) {
      if (!idx.uniq || !idx.covers(doc)) continue;
      let own = this.ownKeys.get(idx.spec.name);
      if (!own) this.ownKeys.set(idx.spec.name, (own = new Map()));
      for (const { key } of idx.fullKeys(doc)) own.set(key, id);
    }
  }

  insert(doc: Doc): void {
    const id = valueKey(doc._id);
    if (this.get(id) !== undefined) throw duplicateKey(this.ns, { name: '_id_', key: { _id: 1 } }, { _id: doc._id });
    this.put(doc);
  }

  delete(id: string): Doc | undefined {
    const old = this.get(id);
    if (!old) return undefined;
    this.forgetKeys(this.changes.get(id), id);
    this.changes.set(id, null);
    return old;
  }

  /**
   * Throws E11000 when the transaction's documents would collide with a document of the base
   * that it did not write (one committed meanwhile): checked before anything is applied.
   */
  checkCommit(base: Collection): void {
    for (const [id, doc] of this.changes) {
      if (!doc) continue;
      for (const idx of base.indexes.values()) {
        if (!idx.uniq || !idx.covers(doc)) continue;
        for (const { key, value } of idx.fullKeys(doc)) {
          const other = idx.uniq.get(key);
          if (other !== undefined && other !== id && !this.changes.has(other)) throw duplicateKey(this.ns, idx.spec, value);
        }
      }
    }
  }
}
