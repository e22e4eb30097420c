// The engine: databases, collections, cursors, sessions/transactions, snapshot reads, the write
// path (journal ops) and command dispatch. The commands themselves live in commands/, one module
// per family, and are given to the engine as tables (commands/index.ts):
//   admin.ts         hello, ping, buildInfo, sessions, auth/replication answers, listDatabases,
//                    listCollections, create, drop, dropDatabase, dbStats, collStats
//   crud.ts          insert, find, getMore, killCursors, update, delete, findAndModify, count, distinct
//   aggregate.ts     aggregate, explain
//   indexes.ts       createIndexes, listIndexes, dropIndexes, dropIndex, collMod
//   transactions.ts  commitTransaction, abortTransaction (the state: ../transactionState.ts)
import { BSON, Long } from 'bson';
import { find as mingoFind } from 'mingo';
import { Collection } from './collection';
import type { CollView, IndexSpec } from './collection';
import { replaceOp, replayUpdate } from './journalDiff';
import { TxnOverlay } from './txnOverlay';
import { MongoError, toMongoError } from './errors';
import { Snapshots, SNAPSHOT_READS } from './snapshots';
import { Transactions } from './transactionState';
import type { Storage } from './storage';
import { compileProjection } from './projection';
import type { CommandTable, ConnInfo, Ctx, CursorState, EngineApi, Handler, Txn } from './types';
import { matcher } from './update';
import { Doc, isPlainObject, plainNumbers, queryView, valueKey } from './values';
import { MAX_BSON_SIZE } from './wire';
import { checkIdValue, checkSize, normalizeSort, prepareCommand } from './commandChecks';
import { growsData, HeapGuard } from './heapGuard';
import { dumpOps, freezeOps } from './dumps';
import { firstInSortOrder } from './planner';

export type { ConnInfo, Ctx, Handler } from './types';

const MAX_BATCH_BYTES = MAX_BSON_SIZE - 64 * 1024;
const CURSOR_TIMEOUT_MS = 10 * 60 * 1000;

export class Engine implements EngineApi {
  dbs = new Map<string, Map<string, Collection>>();
  /** @internal */
  cursors = new Map<string, CursorState>();
  private transactions = new Transactions(this);
  /** @internal */
  get txns(): Map<string, Txn> {
    return this.transactions.txns;
  }
  private nextCursor = 1000 + Math.floor(Math.random() * 1_000_000);
  private handlers: Record<string, Handler>;
  storage: Storage | null = null;
  port = 0;
  private sweeper: NodeJS.Timeout;
  private snapshots = new Snapshots();
  /** Refuses writes once the heap is this full (HeapGuard); 1 turns it off. */
  readonly heap = new HeapGuard();

  /** `tables`: the command families it answers (COMMAND_TABLES from commands/index.ts). */
  constructor(tables: readonly CommandTable[]) {
    this.handlers = Object.assign({}, ...tables.map((table) => table(this))) as Record<string, Handler>;
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  close(): void {
    clearInterval(this.sweeper);
    if (this.ttlMonitor) clearInterval(this.ttlMonitor);
  }

  private ttlMonitor: NodeJS.Timeout | undefined;
  private expiring = false;

  /** MongoDB's TTL monitor: every `intervalMs` (MongoDB: 60 s), expireTtl(). */
  startTtlMonitor(intervalMs: number): void {
    if (this.ttlMonitor) clearInterval(this.ttlMonitor);
    this.ttlMonitor = setInterval(() => void this.expireTtl().catch(() => undefined), intervalMs);
    this.ttlMonitor.unref();
  }

  /**
   * Deletes the documents a TTL index says have expired: a single-field index with
   * `expireAfterSeconds`, whose field holds a date (or an array with one) older than that. Done
   * as an ordinary `delete` command, so it is journaled like any other write. `$lt` with a date
   * only matches dates (type bracketing), so documents whose field is missing or not a date never
   * expire (as in MongoDB), and an array expires by its earliest date.
   */
  async expireTtl(now = Date.now()): Promise<number> {
    if (this.expiring) return 0;
    this.expiring = true;
    let deleted = 0;
    try {
      const work: { db: string; coll: string; field: string; seconds: number }[] = [];
      for (const [db, colls] of this.dbs)
        for (const [name, coll] of colls)
          for (const idx of coll.indexes.values()) {
            const seconds = idx.spec.expireAfterSeconds;
            if (typeof seconds !== 'number' || !Number.isFinite(seconds) || idx.fields.length !== 1 || idx.isSpecial) continue;
            work.push({ db, coll: name, field: idx.fields[0], seconds });
          }
      for (const w of work) {
        const cutoff = new Date(now - w.seconds * 1000);
        const reply = await this.handle(
          { delete: w.coll, deletes: [{ q: { [w.field]: { $lt: cutoff } }, limit: 0 }], $db: w.db },
          { id: 0, remote: 'ttl-monitor' },
        );
        if (typeof reply.n === 'number') deleted += reply.n;
      }
    } finally {
      this.expiring = false;
    }
    return deleted;
  }

  // ---------- state ----------

  private loading = false;

  /** While a start replays the files: documents are stored, indexes built once by finishLoad(). */
  beginLoad(): void {
    this.loading = true;
  }

  /**
   * Builds every index once the files are read. `onProgress` is told the index entries built so
   * far (one per document and index) after each index, so a long build still shows it moves.
   */
  finishLoad(onProgress?: (done: number, total: number) => void): void {
    this.loading = false;
    const colls = [...this.dbs.values()].flatMap((d) => [...d.values()]);
    const total = colls.reduce((n, c) => n + c.docs.size * c.indexes.size, 0);
    let done = 0;
    for (const coll of colls) coll.finishLoad((docs) => onProgress?.((done += docs), total));
  }

  getColl(db: string, name: string, ctx?: Ctx): CollView | undefined {
    if (ctx?.snapshot) return ctx.snapshot.dbs.get(db)?.get(name);
    if (ctx?.txn) {
      const c = ctx.txn.colls.get(`${db}.${name}`);
      if (c) return c;
    }
    return this.dbs.get(db)?.get(name);
  }

  /** @internal (command modules) */
  ensureColl(db: string, name: string, opts: Doc = {}): { coll: Collection; created: boolean } {
    let d = this.dbs.get(db);
    if (!d) this.dbs.set(db, (d = new Map()));
    let c = d.get(name);
    if (c) return { coll: c, created: false };
    c = new Collection(db, name, opts);
    if (this.loading) c.beginLoad();
    d.set(name, c);
    return { coll: c, created: true };
  }

  /** @internal (command modules) */
  validName(db: string, name: unknown): string {
    if (typeof name !== 'string' || name === '' || name.includes('\0') || name.startsWith('$') || name.startsWith('system.'))
      throw new MongoError(73, `Invalid namespace specified '${db}.${String(name)}'`);
    return name;
  }

  /** A collection to write to (created implicitly, or the transaction's private copy). */
  /** @internal (command modules) */
  writeColl(ctx: Ctx, name: string): CollView {
    this.validName(ctx.db, name);
    const ns = `${ctx.db}.${name}`;
    if (ctx.txn) {
      let c = ctx.txn.colls.get(ns);
      if (!c) {
        const base = this.dbs.get(ctx.db)?.get(name);
        // A collection the transaction creates exists only in its overlay until commit.
        c = new TxnOverlay(base ?? new Collection(ctx.db, name));
        if (!base) ctx.txn.ops.push({ o: 'cc', db: ctx.db, c: name, opts: {} });
        ctx.txn.colls.set(ns, c);
      }
      return c;
    }
    const { coll, created } = this.ensureColl(ctx.db, name);
    if (created) ctx.ops.push({ o: 'cc', db: ctx.db, c: name, opts: {} });
    return coll;
  }

  private noteTxnWrite(ctx: Ctx, coll: CollView, id: string): void {
    const txn = ctx.txn;
    if (!txn) return;
    let m = txn.orig.get(coll.ns);
    if (!m) txn.orig.set(coll.ns, (m = new Map()));
    if (m.has(id)) return;
    const mine = coll.docs.get(id);
    const base = this.dbs.get(coll.db)?.get(coll.name)?.docs.get(id);
    if (mine !== base)
      throw new MongoError(112, 'WriteConflict error: this operation conflicted with another operation. Please retry your operation or multi-document transaction.', {}, ['TransientTransactionError']);
    m.set(id, mine);
  }

  private record(ctx: Ctx, op: Doc): void {
    (ctx.txn ? ctx.txn.ops : ctx.ops).push(op);
  }

  /** @internal (command modules) */
  doInsert(ctx: Ctx, coll: CollView, doc: Doc, fromUpdate = false): void {
    checkIdValue(doc._id);
    checkSize(doc, fromUpdate);
    const id = valueKey(doc._id);
    this.noteTxnWrite(ctx, coll, id);
    coll.insert(doc);
    this.record(ctx, { o: 'put', db: coll.db, c: coll.name, d: doc });
  }

  /** @internal (command modules) */
  doReplace(ctx: Ctx, coll: CollView, doc: Doc): void {
    checkSize(doc, true);
    const id = valueKey(doc._id);
    this.noteTxnWrite(ctx, coll, id);
    const old = coll.docs.get(id);
    coll.put(doc);
    this.record(ctx, replaceOp(coll.db, coll.name, old, doc));
  }

  /** @internal (command modules) */
  doDelete(ctx: Ctx, coll: CollView, doc: Doc): void {
    const id = valueKey(doc._id);
    this.noteTxnWrite(ctx, coll, id);
    coll.delete(id);
    this.record(ctx, { o: 'del', db: coll.db, c: coll.name, id: doc._id });
  }

  /** Apply a logged op (recovery and commit). Returns an undo function. */
  applyOp(op: Doc, check = false): () => void {
    const db = op.db as string;
    const c = op.c as string;
    switch (op.o) {
      case 'cc': {
        const { created } = this.ensureColl(db, c, plainNumbers((op.opts as Doc) ?? {}));
        return created ? () => this.dbs.get(db)?.delete(c) : () => {};
      }
      case 'dc':
        this.dbs.get(db)?.delete(c);
        return () => {};
      case 'dd':
        this.dbs.delete(db);
        return () => {};
      case 'ci': {
        const { coll } = this.ensureColl(db, c);
        const spec = plainNumbers(op.spec as IndexSpec);
        if (!coll.indexes.has(spec.name)) coll.addIndex(spec);
        return () => {};
      }
      case 'di':
        this.dbs.get(db)?.get(c)?.indexes.delete(op.name as string);
        return () => {};
      case 'co': {
        // collMod of collection options (older journals never hold it).
        const coll = this.dbs.get(db)?.get(c);
        if (coll) coll.options = plainNumbers((op.opts as Doc) ?? {});
        return () => {};
      }
      case 'put':
      case 'puts': {
        const { coll } = this.ensureColl(db, c);
        const docs = op.o === 'put' ? [op.d as Doc] : (op.ds as Doc[]);
        // A start's replay is never undone: no undo per document.
        if (this.loading) {
          for (const d of docs) coll.put(d, check);
          return () => {};
        }
        const undos: (() => void)[] = [];
        for (const d of docs) {
          const id = valueKey(d._id);
          const prev = coll.docs.get(id);
          coll.put(d, check);
          undos.push(() => (prev ? coll.put(prev, false) : coll.delete(id)));
        }
        return () => undos.reverse().forEach((u) => u());
      }
      case 'upd': {
        const coll = this.dbs.get(db)?.get(c);
        const id = valueKey(op.id);
        const prev = coll?.docs.get(id);
        // Never absent in files the engine wrote: the update follows the document's write.
        if (!coll || !prev) return () => {};
        coll.put(replayUpdate(prev, op), check);
        return () => coll.put(prev, false);
      }
      case 'del': {
        const coll = this.dbs.get(db)?.get(c);
        if (!coll) return () => {};
        const id = valueKey(op.id);
        const prev = coll.delete(id);
        return () => prev && coll.put(prev, false);
      }
    }
    return () => {};
  }

  /** The whole state as ops, read as it goes, for snapshots written at once. */
  dumpOps(): Iterable<Doc> {
    return dumpOps(this.dbs);
  }

  /** The whole state as it is now, as ops read later (a background compaction; see dumps.ts). */
  freezeOps(): Iterable<Doc> {
    return freezeOps(this.dbs);
  }

  /**
   * MongoDB's `compact` (`{ compact: <collection> }`): the engine keeps one journal for every
   * database, so any collection's compaction folds the whole journal into a snapshot, in the
   * background as the journal's own (requests are answered meanwhile); the reply comes once the
   * snapshot is in place. Memory only: nothing to compact.
   */
  private async compactCommand(cmd: Doc): Promise<Doc> {
    if (typeof cmd.compact !== 'string' || !cmd.compact) return new MongoError(2, 'compact takes the name of a collection').toReply();
    if (!this.storage) return { bytesFreed: 0, ok: 1 };
    try {
      return { bytesFreed: await this.storage.compactNow(), ok: 1 };
    } catch (e) {
      return { ok: 0, code: 1, codeName: 'InternalError', errmsg: `compaction failed: ${(e as Error).message}` };
    }
  }

  // ---------- entry point ----------

  async handle(cmd: Doc, conn: ConnInfo): Promise<Doc> {
    const name = Object.keys(cmd)[0];
    if (name === 'compact') return this.compactCommand(cmd);
    const db = typeof cmd.$db === 'string' ? cmd.$db : 'admin';
    const ctx: Ctx = { db, ops: [], txn: null };
    const readConcern = cmd.readConcern;
    let reply: Doc;
    try {
      prepareCommand(cmd);
      const handler = name ? this.handlers[name] ?? this.handlers[name.toLowerCase()] : undefined;
      if (!handler) throw new MongoError(59, `no such command: '${name}'`);
      if (this.heap.ratio < 1 && growsData(name, cmd)) this.heap.check();
      if (cmd.autocommit === false && cmd.txnNumber !== undefined && name !== 'commitTransaction' && name !== 'abortTransaction')
        ctx.txn = this.transactions.txnFor(cmd);
      else if (isPlainObject(readConcern) && readConcern.level === 'snapshot' && SNAPSHOT_READS.has(name))
        ctx.snapshot =
          readConcern.atClusterTime === undefined
            ? this.snapshots.take(this.dbs, isPlainObject(cmd.lsid) ? valueKey(cmd.lsid.id) : undefined)
            : this.snapshots.find(readConcern.atClusterTime);
      reply = handler.call(this, cmd, ctx, conn);
      if (ctx.snapshot) {
        if (isPlainObject(reply.cursor)) reply.cursor.atClusterTime = ctx.snapshot.time;
        else reply.atClusterTime = ctx.snapshot.time;
      }
    } catch (e) {
      const err = toMongoError(e);
      // MongoDB aborts a transaction when a command inside it fails.
      if (ctx.txn) this.abortTxn(ctx.txn);
      reply = err.toReply();
    }
    if (ctx.ops.length && this.storage) {
      try {
        await this.storage.append(ctx.ops);
      } catch (e) {
        return { ok: 0, code: 1, codeName: 'InternalError', errmsg: `journal write failed: ${(e as Error).message}` };
      }
    }
    return reply;
  }

  // ---------- transactions (transactions.ts) ----------

  /** @internal (command modules): a session ends; the snapshots it read are no longer kept. */
  releaseSnapshots(sessionKey: string): void {
    this.snapshots.release(sessionKey);
  }

  /** @internal (command modules) */
  abortTxn(txn: Txn): void {
    this.transactions.abortTxn(txn);
  }

  /** @internal (command modules) */
  commit(cmd: Doc, ctx: Ctx): Doc {
    return this.transactions.commit(cmd, ctx);
  }

  /** @internal (command modules) */
  abort(cmd: Doc): Doc {
    return this.transactions.abort(cmd);
  }

  // ---------- cursors ----------

  /** @internal (command modules) */
  cursorReply(ns: string, docs: Doc[], batchSize: number | undefined, single: boolean, first = true): Doc {
    const limit = batchSize === undefined || batchSize <= 0 ? (first ? 101 : Infinity) : batchSize;
    const batch: Doc[] = [];
    let bytes = 0;
    let i = 0;
    while (i < docs.length && batch.length < limit) {
      const s = BSON.calculateObjectSize(docs[i]);
      if (batch.length && bytes + s > MAX_BATCH_BYTES) break;
      batch.push(docs[i]);
      bytes += s;
      i++;
    }
    let id = 0;
    if (i < docs.length && !single) {
      id = this.nextCursor++;
      this.cursors.set(String(id), { ns, docs, pos: i, touched: Date.now() });
    }
    return { cursor: { [first ? 'firstBatch' : 'nextBatch']: batch, id: Long.fromNumber(id), ns }, ok: 1 };
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, c] of this.cursors) if (now - c.touched > CURSOR_TIMEOUT_MS) this.cursors.delete(id);
    this.snapshots.sweep(now);
  }

  // ---------- query helpers ----------

  /** @internal (command modules) */
  matching(coll: CollView | undefined, filter: Doc | undefined, vars?: Doc): Doc[] {
    if (!coll) {
      matcher(filter, vars); // still validate the filter
      return [];
    }
    return this.matchingWith(coll, filter, matcher(filter, vars));
  }

  private matchingWith(coll: CollView, filter: Doc | undefined, test: (view: Doc) => boolean): Doc[] {
    const out: Doc[] = [];
    for (const d of coll.candidates(filter)) if (test(queryView(d))) out.push(d);
    return out;
  }

  /** @internal (command modules) */
  query(coll: CollView | undefined, cmd: { filter?: Doc; sort?: Doc; skip?: number; limit?: number; projection?: Doc; vars?: Doc }): Doc[] {
    const projector = compileProjection(cmd.projection, cmd.filter);
    const hasSort = cmd.sort && Object.keys(cmd.sort).length > 0;
    const test = matcher(cmd.filter, cmd.vars);
    // A transaction's overlay holds changes the base's indexes do not: its reads take every match.
    const ordered =
      hasSort && cmd.limit && coll instanceof Collection
        ? firstInSortOrder(coll, cmd.filter, cmd.sort!, (cmd.skip ?? 0) + cmd.limit, (d) => test(queryView(d)))
        : null;
    let docs = ordered ? ordered.docs : coll ? this.matchingWith(coll, cmd.filter, test) : [];
    if (hasSort) {
      // Sort the query views (plain numbers), then return the stored documents.
      const raw = new Map<Doc, Doc>();
      for (const d of docs) raw.set(queryView(d), d);
      docs = (mingoFind([...raw.keys()], {}).sort(normalizeSort(cmd.sort!)).all() as Doc[]).map((v) => raw.get(v) ?? v);
    }
    if (cmd.skip) docs = docs.slice(cmd.skip);
    if (cmd.limit) docs = docs.slice(0, cmd.limit);
    return projector ? docs.map(projector) : docs;
  }

  /** @internal (command modules) */
  project(doc: Doc | null, fields: unknown, query?: Doc): Doc | null {
    if (!doc) return doc;
    const projector = compileProjection(fields, query);
    return projector ? projector(doc) : doc;
  }

  /** @internal (command modules) */
  collName(cmd: Doc, key: string): string {
    const n = cmd[key];
    if (typeof n !== 'string') throw new MongoError(73, `collection name has invalid type ${typeof n}`);
    return n;
  }
}
