// Snapshot reads (readConcern `snapshot`, as a driver's `startSession({ snapshot: true })` sends):
// the first read freezes the state of every database at once and answers its `atClusterTime`;
// the reads that name that time see the same frozen state, whatever was written since. This is
// how a backup reads every collection of every database as of one instant while the product keeps
// writing. Stored documents are never changed in place (a write stores a new object), so a
// snapshot is a copy of the collections' maps, not of the documents.
import { Timestamp } from 'bson';
import type { Collection } from './collection';
import { MongoError } from './errors';

export interface SnapshotView {
  time: Timestamp;
  dbs: Map<string, Map<string, Collection>>;
  touched: number;
  /** The session that took it (its lsid key): released when that session ends. */
  owner?: string;
}

/** The commands MongoDB accepts with readConcern `snapshot` outside a transaction. */
export const SNAPSHOT_READS = new Set(['find', 'aggregate', 'distinct']);

/** How long an unused snapshot is kept (MongoDB's minSnapshotHistoryWindowInSeconds: 300). */
const SNAPSHOT_IDLE_MS = 5 * 60 * 1000;

export class Snapshots {
  private views = new Map<string, SnapshotView>();
  private counter = 0;

  take(dbs: Map<string, Map<string, Collection>>, owner?: string): SnapshotView {
    const frozen = new Map<string, Map<string, Collection>>();
    for (const [db, colls] of dbs) {
      const copy = new Map<string, Collection>();
      for (const [name, coll] of colls) copy.set(name, coll.clone());
      frozen.set(db, copy);
    }
    const time = new Timestamp({ t: Math.floor(Date.now() / 1000), i: ++this.counter });
    const view: SnapshotView = { time, dbs: frozen, touched: Date.now(), owner };
    this.views.set(time.toString(), view);
    return view;
  }

  find(time: unknown): SnapshotView {
    const view = time instanceof Timestamp ? this.views.get(time.toString()) : undefined;
    if (!view) throw new MongoError(239, 'Read timestamp is older than the oldest available snapshot (SnapshotTooOld): start a new snapshot session');
    view.touched = Date.now();
    return view;
  }

  /** Drops the snapshots a session took (endSessions: the driver's client closes). */
  release(owner: string): void {
    for (const [key, view] of this.views) if (view.owner === owner) this.views.delete(key);
  }

  sweep(now = Date.now()): void {
    for (const [key, view] of this.views) if (now - view.touched > SNAPSHOT_IDLE_MS) this.views.delete(key);
  }
}
