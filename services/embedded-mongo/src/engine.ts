// The engine: databases, collections, cursors, sessions/transactions, snapshot reads, the write
// path (journal ops) and command dispatch. The commands themselves live in commands/, one module
// per family, and are given to the engine as tables (commands/index.ts):
//   admin.ts         hello, ping, buildInfo, sessions, auth/replication answers, listDatabases,
//                    listCollections, create, drop, dropDatabase, dbStats, collStats
//   crud.ts          insert, find, getMore, killCursors, update, delete, findAndModify, count, distinct
//   aggregate.ts     aggregate, explain
//   indexes.ts       createIndexes, listIndexes, dropIndexes, dropIndex, collMod
//   transactions.ts  commitTransaction, abortTransaction
import { BSON, Long } from 'bson';
import { find as mingoFind } from 'mingo';
import { Collection, IndexSpec } from './collection';
import { num } from './commands/util';
import { MongoError, toMongoError } from './errors';
import { Snapshots, SNAPSHOT_READS } from './snapshots';
import type { Storage } from './storage';
import { compileProjection } from './projection';
import type { CommandTable, ConnInfo, Ctx, CursorState, EngineApi, Handler, Txn } from './types';
import { matcher } from './update';
import { Doc, isPlainObject, plainNumbers, queryView, setOwn, storageForm, valueKey } from './values';
import { MAX_BSON_SIZE } from './wire';

export type { ConnInfo, Ctx, Handler } from './types';

const MAX_BATCH_BYTES = MAX_BSON_SIZE - 64 * 1024;
const CURSOR_TIMEOUT_MS = 10 * 60 * 1000;

export class Engine implements EngineApi {
  dbs = new Map<string, Map<string, Collection>>();
  /** @internal */
  cursors = new Map<string, CursorState>();
  /** @internal */
  txns = new Map<string, Txn>();
  private nextCursor = 1000 + Math.floor(Math.random() * 1_000_000);
  private handlers: Record<string, Handler>;
  storage: Storage | null = null;
  port = 0;
  private sweeper: NodeJS.Timeout;
  private snapshots = new Snapshots();

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

  getColl(db: string, name: string, ctx?: Ctx): Collection | undefined {
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
  writeColl(ctx: Ctx, name: string): Collection {
    this.validName(ctx.db, name);
    const ns = `${ctx.db}.${name}`;
    if (ctx.txn) {
      let c = ctx.txn.colls.get(ns);
      if (!c) {
        const base = this.dbs.get(ctx.db)?.get(name);
        c = base ? base.clone() : new Collection(ctx.db, name);
        if (!base) ctx.txn.ops.push({ o: 'cc', db: ctx.db, c: name, opts: {} });
        ctx.txn.colls.set(ns, c);
      }
      return c;
    }
    const { coll, created } = this.ensureColl(ctx.db, name);
    if (created) ctx.ops.push({ o: 'cc', db: ctx.db, c: name, opts: {} });
    return coll;
  }

  private noteTxnWrite(ctx: Ctx, coll: Collection, id: string): void {
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
  doInsert(ctx: Ctx, coll: Collection, doc: Doc, fromUpdate = false): void {
    checkIdValue(doc._id);
    checkSize(doc, fromUpdate);
    const id = valueKey(doc._id);
    this.noteTxnWrite(ctx, coll, id);
    coll.insert(doc);
    this.record(ctx, { o: 'put', db: coll.db, c: coll.name, d: doc });
  }

  /** @internal (command modules) */
  doReplace(ctx: Ctx, coll: Collection, doc: Doc): void {
    checkSize(doc, true);
    const id = valueKey(doc._id);
    this.noteTxnWrite(ctx, coll, id);
    coll.put(doc);
    this.record(ctx, { o: 'put', db: coll.db, c: coll.name, d: doc });
  }

  /** @internal (command modules) */
  doDelete(ctx: Ctx, coll: Collection, doc: Doc): void {
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
        // collMod of collection options (written since issue 14; older journals never hold it).
        const coll = this.dbs.get(db)?.get(c);
        if (coll) coll.options = plainNumbers((op.opts as Doc) ?? {});
        return () => {};
      }
      case 'put':
      case 'puts': {
        const { coll } = this.ensureColl(db, c);
        const docs = op.o === 'put' ? [op.d as Doc] : (op.ds as Doc[]);
        const undos: (() => void)[] = [];
        for (const d of docs) {
          const id = valueKey(d._id);
          const prev = coll.docs.get(id);
          coll.put(d, check);
          undos.push(() => (prev ? coll.put(prev, false) : coll.delete(id)));
        }
        return () => undos.reverse().forEach((u) => u());
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

  /** The whole state as ops, for snapshots. */
  *dumpOps(): Iterable<Doc> {
    for (const [db, colls] of this.dbs)
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

  // ---------- entry point ----------

  async handle(cmd: Doc, conn: ConnInfo): Promise<Doc> {
    const name = Object.keys(cmd)[0];
    const db = typeof cmd.$db === 'string' ? cmd.$db : 'admin';
    const ctx: Ctx = { db, ops: [], txn: null };
    const readConcern = cmd.readConcern;
    let reply: Doc;
    try {
      prepareCommand(cmd);
      const handler = name ? this.handlers[name] ?? this.handlers[name.toLowerCase()] : undefined;
      if (!handler) throw new MongoError(59, `no such command: '${name}'`);
      if (cmd.autocommit === false && cmd.txnNumber !== undefined && name !== 'commitTransaction' && name !== 'abortTransaction')
        ctx.txn = this.txnFor(cmd);
      else if (isPlainObject(readConcern) && readConcern.level === 'snapshot' && SNAPSHOT_READS.has(name))
        ctx.snapshot = readConcern.atClusterTime === undefined ? this.snapshots.take(this.dbs) : this.snapshots.find(readConcern.atClusterTime);
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

  // ---------- transactions ----------

  private sessionKey(cmd: Doc): string {
    const lsid = cmd.lsid as Doc | undefined;
    if (!lsid) throw new MongoError(72, 'transactions require a session (lsid)');
    return valueKey(lsid.id);
  }

  private txnFor(cmd: Doc): Txn {
    const key = this.sessionKey(cmd);
    const txnNumber = num(cmd.txnNumber, 0);
    const cur = this.txns.get(key);
    if (cmd.startTransaction) {
      if (cur && cur.txnNumber >= txnNumber && cur.state === 'active' && cur.txnNumber === txnNumber)
        throw new MongoError(251, `Transaction ${txnNumber} has already been started`, {}, ['TransientTransactionError']);
      if (cur && cur.state === 'active') this.abortTxn(cur);
      const txn: Txn = { key, txnNumber, state: 'active', colls: new Map(), orig: new Map(), ops: [] };
      this.txns.set(key, txn);
      return txn;
    }
    if (!cur || cur.txnNumber !== txnNumber || cur.state !== 'active')
      throw new MongoError(251, `Transaction with { txnNumber: ${txnNumber} } has been aborted.`, {}, ['TransientTransactionError']);
    return cur;
  }

  /** @internal (command modules) */
  abortTxn(txn: Txn): void {
    txn.state = 'aborted';
    txn.colls.clear();
    txn.orig.clear();
    txn.ops = [];
  }

  /** @internal (command modules) */
  commit(cmd: Doc, ctx: Ctx): Doc {
    const key = this.sessionKey(cmd);
    const txnNumber = num(cmd.txnNumber, 0);
    const txn = this.txns.get(key);
    if (!txn || txn.txnNumber !== txnNumber)
      throw new MongoError(251, `Transaction ${txnNumber} has been aborted.`, {}, ['TransientTransactionError']);
    if (txn.state === 'committed') return { ok: 1 };
    if (txn.state === 'aborted')
      throw new MongoError(251, `Transaction ${txnNumber} has been aborted.`, {}, ['TransientTransactionError']);
    // Conflict check: every doc the transaction wrote must be unchanged in the base.
    for (const [ns, m] of txn.orig) {
      const [db, ...rest] = ns.split('.');
      const base = this.dbs.get(db)?.get(rest.join('.'));
      for (const [id, orig] of m)
        if (base?.docs.get(id) !== orig) {
          this.abortTxn(txn);
          throw new MongoError(112, 'WriteConflict error during commit', {}, ['TransientTransactionError']);
        }
    }
    const undos: (() => void)[] = [];
    try {
      for (const op of txn.ops) undos.push(this.applyOp(op, true));
    } catch (e) {
      undos.reverse().forEach((u) => u());
      this.abortTxn(txn);
      const err = toMongoError(e);
      throw new MongoError(err.code === 11000 ? 112 : err.code, err.message, {}, ['TransientTransactionError']);
    }
    ctx.ops.push(...txn.ops);
    txn.state = 'committed';
    txn.colls.clear();
    txn.orig.clear();
    txn.ops = [];
    return { ok: 1 };
  }

  /** @internal (command modules) */
  abort(cmd: Doc): Doc {
    const key = this.sessionKey(cmd);
    const txnNumber = num(cmd.txnNumber, 0);
    const txn = this.txns.get(key);
    if (!txn || txn.txnNumber !== txnNumber || txn.state === 'aborted')
      throw new MongoError(251, `Transaction ${txnNumber} has been aborted.`, {}, ['TransientTransactionError']);
    if (txn.state === 'committed') throw new MongoError(256, 'Transaction has been committed');
    this.abortTxn(txn);
    return { ok: 1 };
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
  matching(coll: Collection | undefined, filter: Doc | undefined, vars?: Doc): Doc[] {
    if (!coll) {
      matcher(filter, vars); // still validate the filter
      return [];
    }
    const test = matcher(filter, vars);
    const out: Doc[] = [];
    for (const d of coll.candidates(filter)) if (test(queryView(d))) out.push(d);
    return out;
  }

  /** @internal (command modules) */
  query(coll: Collection | undefined, cmd: { filter?: Doc; sort?: Doc; skip?: number; limit?: number; projection?: Doc; vars?: Doc }): Doc[] {
    const projector = compileProjection(cmd.projection, cmd.filter);
    let docs = this.matching(coll, cmd.filter, cmd.vars);
    const hasSort = cmd.sort && Object.keys(cmd.sort).length > 0;
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


/** MongoDB's checks on an _id value: no array, no undefined, no regex, no $-prefixed field inside. */
function checkIdValue(id: unknown): void {
  if (Array.isArray(id)) throw new MongoError(2, "can't use an array for _id");
  if (id instanceof RegExp) throw new MongoError(2, "can't use a regex for _id");
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!isPlainObject(v)) return;
    for (const k of Object.keys(v)) {
      if (k.startsWith('$')) throw new MongoError(52, `_id fields may not contain '$'-prefixed fields: ${k} is not valid for storage.`);
      walk(v[k]);
    }
  };
  walk(id);
}

/** Documents are at most 16 MB (maxBsonObjectSize). */
function checkSize(doc: Doc, fromUpdate: boolean): void {
  const size = BSON.calculateObjectSize(doc);
  if (size <= MAX_BSON_SIZE) return;
  if (fromUpdate) throw new MongoError(17419, `Resulting document after update is larger than ${MAX_BSON_SIZE}`);
  throw new MongoError(2, `object to insert too large. size in bytes: ${size}, max size: ${MAX_BSON_SIZE}`);
}

/**
 * Numbers as decoded from the wire (Int32/Double/Long wrappers) into the engine's forms, in place:
 * the documents a command stores keep their BSON types (storageForm), everything else (filters,
 * options, cursor ids) gets plain JS numbers for mingo (plainNumbers).
 */
/**
 * Options the engine cannot honour are refused rather than ignored, so code that relies on them
 * fails here instead of behaving differently on a real MongoDB: a collation other than the simple
 * binary one (on the command, or on a statement or index inside it), and a schema validator.
 * MongoDB's NotImplemented (238) is the code for an option a server does not implement.
 */
function refuseUnsupportedOptions(name: string, cmd: Doc): void {
  const simple = (c: unknown) => c === undefined || (isPlainObject(c) && c.locale === 'simple');
  const inner = [cmd, ...(['updates', 'deletes', 'indexes'] as const).flatMap((k) => (Array.isArray(cmd[k]) ? (cmd[k] as unknown[]) : []))];
  for (const part of inner)
    if (isPlainObject(part) && !simple(part.collation))
      throw new MongoError(238, "collation is not supported by embedded-mongo (strings compare by simple binary comparison): use { locale: 'simple' } or a real MongoDB");
  const lower = name.toLowerCase();
  if ((lower === 'create' || lower === 'collmod') && isPlainObject(cmd.validator) && Object.keys(cmd.validator).length)
    throw new MongoError(238, 'schema validation (validator) is not supported by embedded-mongo: documents would not be checked; use a real MongoDB');
  // A view would be an empty ordinary collection: every read of it would silently find nothing.
  if (lower === 'create' && cmd.viewOn !== undefined)
    throw new MongoError(238, 'views (viewOn) are not supported by embedded-mongo: use an aggregation pipeline or a real MongoDB');
}

function prepareCommand(cmd: Doc): void {
  const name = Object.keys(cmd)[0];
  refuseUnsupportedOptions(name, cmd);
  const stored = (k: string): boolean =>
    (name === 'insert' && k === 'documents') || ((name === 'findAndModify' || name === 'findandmodify') && k === 'update');
  for (const k of Object.keys(cmd)) {
    const v = cmd[k];
    if (v === null || typeof v !== 'object') continue;
    if (name === 'update' && k === 'updates' && Array.isArray(v)) {
      for (const st of v) {
        if (!isPlainObject(st)) continue;
        for (const sk of Object.keys(st))
          setOwn(st, sk, sk === 'u' && !Array.isArray(st.u) ? storageForm(st[sk]) : plainNumbers(st[sk]));
      }
      continue;
    }
    setOwn(cmd, k, stored(k) && !Array.isArray(v) ? storageForm(v) : stored(k) && k === 'documents' ? storageForm(v) : plainNumbers(v));
  }
}

function normalizeSort(sort: Doc): Record<string, 1 | -1> {
  const out: Record<string, 1 | -1> = {};
  for (const [k, v] of Object.entries(sort)) {
    if (isPlainObject(v)) continue; // { $meta: ... } not supported: ignored
    out[k] = Number(v) < 0 ? -1 : 1;
  }
  return out;
}
