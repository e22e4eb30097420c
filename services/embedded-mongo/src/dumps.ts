// The whole state as ops (cc, ci, puts), for snapshots: read as it goes (dumpOps, for a snapshot
// written at once) or captured now and read later while writes go on (freezeOps).
import { BSON } from 'bson';
import type { Collection, IndexSpec } from './collection';
import type { Doc } from './values';

type Dbs = Map<string, Map<string, Collection>>;

/** The whole state as ops, for snapshots. */
export function* dumpOps(dbs: Dbs): Iterable<Doc> {
  for (const [db, colls] of dbs)
    for (const [name, coll] of colls) {
      yield { o: 'cc', db, c: name, opts: coll.options };
      for (const idx of coll.indexes.values()) yield { o: 'ci', db, c: name, spec: idx.spec };
      let batch: Doc[] = [];
      let bytes = 0;
      for (const d of coll.docs.values()) {
        const s = BSON.calculateObjectSize(d);
        if (batch.length && bytes + s > 4 * 1024 * 1024) {
          yield { o: 'puts', db, c: name, ds: batch };
          batch = [];
          bytes = 0;
        }
        batch.push(d);
        bytes += s;
      }
      if (batch.length) yield { o: 'puts', db, c: name, ds: batch };
    }
}

/** Documents per `puts` op of a background compaction (freezeOps). */
const FROZEN_BATCH = 32;

/**
 * The whole state as it is now, as ops read later (a background compaction) while writes go on:
 * stored documents are never changed in place, so capturing each collection's list of documents
 * is enough. Documents come FROZEN_BATCH to an op, a few tens of kilobytes for this product's
 * documents, so encoding one never holds the thread long; they are counted, not measured (the
 * BSON size of every document took as long as encoding them).
 */
export function freezeOps(dbs: Dbs): Iterable<Doc> {
  const parts: { db: string; name: string; options: Doc; specs: IndexSpec[]; docs: Doc[] }[] = [];
  for (const [db, colls] of dbs)
    for (const [name, coll] of colls)
      parts.push({ db, name, options: coll.options, specs: [...coll.indexes.values()].map((i) => i.spec), docs: Array.from(coll.docs.values()) });
  return (function* () {
    for (const p of parts) {
      yield { o: 'cc', db: p.db, c: p.name, opts: p.options };
      for (const spec of p.specs) yield { o: 'ci', db: p.db, c: p.name, spec };
      for (let i = 0; i < p.docs.length; i += FROZEN_BATCH) yield { o: 'puts', db: p.db, c: p.name, ds: p.docs.slice(i, i + FROZEN_BATCH) };
    }
  })();
}
