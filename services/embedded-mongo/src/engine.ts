// The command layer: databases, collections, cursors, sessions/transactions and every command.
import { BSON, Long, ObjectId } from 'bson';
import { find as mingoFind } from 'mingo';
import { Collection, IndexSpec } from './collection';
import { MongoError, toMongoError } from './errors';
import type { Storage } from './storage';
import { compileProjection } from './projection';
import { runPipeline } from './query';
import { applyUpdate, isReplacement, matcher, seedFromQuery } from './update';
import { cloneDeep, Doc, isPlainObject, pathValues, plainNumbers, queryView, setOwn, storageForm, valueKey } from './values';
import { MAX_BSON_SIZE, MAX_MESSAGE_SIZE } from './wire';

export interface ConnInfo {
  id: number;
  remote: string;
}

interface CursorState {
  ns: string;
  docs: Doc[];
  pos: number;
  touched: number;
}

interface Txn {
  key: string;
  txnNumber: number;
  state: 'active' | 'committed' | 'aborted';
  colls: Map<string, Collection>;
  /** For each written doc: the version the transaction started from (conflict detection). */
  orig: Map<string, Map<string, Doc | undefined>>;
  ops: Doc[];
}

interface Ctx {
  db: string;
  ops: Doc[];
  txn: Txn | null;
}

type Handler = (cmd: Doc, ctx: Ctx, conn: ConnInfo) => Doc;

const MAX_BATCH_BYTES = MAX_BSON_SIZE - 64 * 1024;
const CURSOR_TIMEOUT_MS = 10 * 60 * 1000;

function num(v: unknown, dflt: number): number {
  if (v === undefined || v === null) return dflt;
  return Number(typeof v === 'object' ? String(v) : v);
}

function longKey(v: unknown): string {
  return String(typeof v === 'object' && v !== null ? String(v) : v);
}

export class Engine {
  dbs = new Map<string, Map<string, Collection>>();
  private cursors = new Map<string, CursorState>();
  private txns = new Map<string, Txn>();
  private nextCursor = 1000 + Math.floor(Math.random() * 1_000_000);
  private handlers: Record<string, Handler>;
  storage: Storage | null = null;
  port = 0;
  private sweeper: NodeJS.Timeout;

  constructor() {
    this.handlers = this.buildHandlers();
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
    if (ctx?.txn) {
      const c = ctx.txn.colls.get(`${db}.${name}`);
      if (c) return c;
    }
    return this.dbs.get(db)?.get(name);
  }

  private ensureColl(db: string, name: string, opts: Doc = {}): { coll: Collection; created: boolean } {
    let d = this.dbs.get(db);
    if (!d) this.dbs.set(db, (d = new Map()));
    let c = d.get(name);
    if (c) return { coll: c, created: false };
    c = new Collection(db, name, opts);
    d.set(name, c);
    return { coll: c, created: true };
  }

  private validName(db: string, name: unknown): string {
    if (typeof name !== 'string' || name === '' || name.includes('\0') || name.startsWith('$') || name.startsWith('system.'))
      throw new MongoError(73, `Invalid namespace specified '${db}.${String(name)}'`);
    return name;
  }

  /** A collection to write to (created implicitly, or the transaction's private copy). */
  private writeColl(ctx: Ctx, name: string): Collection {
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

  private doInsert(ctx: Ctx, coll: Collection, doc: Doc, fromUpdate = false): void {
    checkIdValue(doc._id);
    checkSize(doc, fromUpdate);
    const id = valueKey(doc._id);
    this.noteTxnWrite(ctx, coll, id);
    coll.insert(doc);
    this.record(ctx, { o: 'put', db: coll.db, c: coll.name, d: doc });
  }

  private doReplace(ctx: Ctx, coll: Collection, doc: Doc): void {
    checkSize(doc, true);
    const id = valueKey(doc._id);
    this.noteTxnWrite(ctx, coll, id);
    coll.put(doc);
    this.record(ctx, { o: 'put', db: coll.db, c: coll.name, d: doc });
  }

  private doDelete(ctx: Ctx, coll: Collection, doc: Doc): void {
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
    prepareCommand(cmd);
    const name = Object.keys(cmd)[0];
    const db = typeof cmd.$db === 'string' ? cmd.$db : 'admin';
    const ctx: Ctx = { db, ops: [], txn: null };
    let reply: Doc;
    try {
      const handler = name ? this.handlers[name] ?? this.handlers[name.toLowerCase()] : undefined;
      if (!handler) throw new MongoError(59, `no such command: '${name}'`);
      if (cmd.autocommit === false && cmd.txnNumber !== undefined && name !== 'commitTransaction' && name !== 'abortTransaction')
        ctx.txn = this.txnFor(cmd);
      reply = handler.call(this, cmd, ctx, conn);
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

  private abortTxn(txn: Txn): void {
    txn.state = 'aborted';
    txn.colls.clear();
    txn.orig.clear();
    txn.ops = [];
  }

  private commit(cmd: Doc, ctx: Ctx): Doc {
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

  private abort(cmd: Doc): Doc {
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

  private cursorReply(ns: string, docs: Doc[], batchSize: number | undefined, single: boolean, first = true): Doc {
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
  }

  // ---------- query helpers ----------

  private matching(coll: Collection | undefined, filter: Doc | undefined, vars?: Doc): Doc[] {
    if (!coll) {
      matcher(filter, vars); // still validate the filter
      return [];
    }
    const test = matcher(filter, vars);
    const out: Doc[] = [];
    for (const d of coll.candidates(filter)) if (test(queryView(d))) out.push(d);
    return out;
  }

  private query(coll: Collection | undefined, cmd: { filter?: Doc; sort?: Doc; skip?: number; limit?: number; projection?: Doc; vars?: Doc }): Doc[] {
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

  private project(doc: Doc | null, fields: unknown, query?: Doc): Doc | null {
    if (!doc) return doc;
    const projector = compileProjection(fields, query);
    return projector ? projector(doc) : doc;
  }

  private collName(cmd: Doc, key: string): string {
    const n = cmd[key];
    if (typeof n !== 'string') throw new MongoError(73, `collection name has invalid type ${typeof n}`);
    return n;
  }

  // ---------- commands ----------

  private buildHandlers(): Record<string, Handler> {
    const hello: Handler = (cmd, _ctx, conn) => ({
      helloOk: true,
      ismaster: true,
      isWritablePrimary: true,
      msg: 'isdbgrid',
      maxBsonObjectSize: MAX_BSON_SIZE,
      maxMessageSizeBytes: MAX_MESSAGE_SIZE,
      maxWriteBatchSize: 100000,
      localTime: new Date(),
      logicalSessionTimeoutMinutes: 30,
      connectionId: conn.id,
      minWireVersion: 0,
      maxWireVersion: 21,
      readOnly: false,
      ...(cmd.saslSupportedMechs ? { saslSupportedMechs: [] } : {}),
      ok: 1,
    });
    const h: Record<string, Handler> = {
      hello,
      ismaster: hello,
      isMaster: hello,
      ping: () => ({ ok: 1 }),
      buildInfo: () => ({
        version: '7.0.0',
        gitVersion: 'embedded-mongo',
        versionArray: [7, 0, 0, 0],
        bits: 64,
        maxBsonObjectSize: MAX_BSON_SIZE,
        storageEngines: ['embedded'],
        modules: [],
        ok: 1,
      }),
      buildinfo: (c, x, n) => h.buildInfo(c, x, n),
      getParameter: () => ({ featureCompatibilityVersion: { version: '7.0' }, ok: 1 }),
      getCmdLineOpts: () => ({ argv: ['embedded-mongo'], parsed: {}, ok: 1 }),
      hostInfo: () => ({ system: { hostname: '127.0.0.1' }, os: {}, extra: {}, ok: 1 }),
      whatsmyuri: (_c, _x, conn) => ({ you: conn.remote, ok: 1 }),
      connectionStatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 }),
      serverStatus: () => ({
        host: '127.0.0.1',
        version: '7.0.0',
        process: 'embedded-mongo',
        uptime: process.uptime(),
        localTime: new Date(),
        connections: {},
        ok: 1,
      }),
      endSessions: (cmd) => {
        for (const s of (cmd.endSessions as Doc[]) ?? []) {
          const t = this.txns.get(valueKey(s.id));
          if (t && t.state === 'active') this.abortTxn(t);
          this.txns.delete(valueKey(s.id));
        }
        return { ok: 1 };
      },
      killSessions: () => ({ ok: 1 }),
      refreshSessions: () => ({ ok: 1 }),
      startSession: () => ({ id: { id: new ObjectId() }, timeoutMinutes: 30, ok: 1 }),
      saslStart: () => {
        throw new MongoError(18, 'Authentication is not supported by embedded-mongo; connect without credentials', {});
      },
      authenticate: () => {
        throw new MongoError(18, 'Authentication is not supported by embedded-mongo; connect without credentials', {});
      },
      replSetGetStatus: () => {
        throw new MongoError(76, 'embedded-mongo does not support replication', {});
      },
      listDatabases: (cmd) => {
        const dbs = [...this.dbs.entries()].map(([name, colls]) => {
          let size = 0;
          for (const c of colls.values()) size += c.docs.size * 256;
          return { name, sizeOnDisk: size, empty: size === 0 };
        });
        const filtered = cmd.filter ? dbs.filter(matcher(cmd.filter as Doc)) : dbs;
        if (cmd.nameOnly) return { databases: filtered.map((d) => ({ name: d.name })), ok: 1 };
        return { databases: filtered, totalSize: filtered.reduce((a, d) => a + d.sizeOnDisk, 0), totalSizeMb: 0, ok: 1 };
      },
      listCollections: (cmd, ctx) => {
        const colls = this.dbs.get(ctx.db) ?? new Map<string, Collection>();
        let infos: Doc[] = [...colls.values()].map((c) => ({
          name: c.name,
          type: 'collection',
          options: c.options,
          info: { readOnly: false },
          idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
        }));
        if (cmd.filter && Object.keys(cmd.filter as Doc).length) infos = infos.filter(matcher(cmd.filter as Doc));
        if (cmd.nameOnly) infos = infos.map((i) => ({ name: i.name, type: i.type }));
        return this.cursorReply(`${ctx.db}.$cmd.listCollections`, infos, num((cmd.cursor as Doc)?.batchSize, 0) || undefined, false);
      },
      create: (cmd, ctx) => {
        const name = this.validName(ctx.db, cmd.create);
        if (this.getColl(ctx.db, name)) throw new MongoError(48, `Collection ${ctx.db}.${name} already exists.`);
        if (cmd.capped && cmd.size === undefined) throw new MongoError(72, "the 'size' field is required when 'capped' is true");
        const opts: Doc = {};
        for (const [k, v] of Object.entries(cmd))
          if (!['create', '$db', 'lsid', '$clusterTime', 'writeConcern', 'txnNumber', 'autocommit', 'startTransaction', '$readPreference', 'comment'].includes(k))
            opts[k] = v;
        this.ensureColl(ctx.db, name, opts);
        ctx.ops.push({ o: 'cc', db: ctx.db, c: name, opts });
        return { ok: 1 };
      },
      drop: (cmd, ctx) => {
        const name = this.collName(cmd, 'drop');
        const c = this.getColl(ctx.db, name);
        if (c) {
          this.dbs.get(ctx.db)?.delete(name);
          ctx.ops.push({ o: 'dc', db: ctx.db, c: name });
        }
        return { nIndexesWas: c ? c.indexes.size + 1 : 0, ns: `${ctx.db}.${name}`, ok: 1 };
      },
      dropDatabase: (_cmd, ctx) => {
        if (this.dbs.has(ctx.db)) {
          this.dbs.delete(ctx.db);
          ctx.ops.push({ o: 'dd', db: ctx.db });
        }
        return { dropped: ctx.db, ok: 1 };
      },
      dbStats: (_cmd, ctx) => {
        const colls = this.dbs.get(ctx.db) ?? new Map<string, Collection>();
        let objects = 0;
        for (const c of colls.values()) objects += c.docs.size;
        return { db: ctx.db, collections: colls.size, objects, dataSize: 0, storageSize: 0, indexes: 0, ok: 1 };
      },
      collStats: (cmd, ctx) => {
        const c = this.getColl(ctx.db, this.collName(cmd, 'collStats'));
        return { ns: `${ctx.db}.${cmd.collStats}`, count: c?.docs.size ?? 0, size: 0, nindexes: c ? c.indexes.size + 1 : 0, ok: 1 };
      },

      // ----- CRUD -----
      insert: (cmd, ctx) => {
        const coll = this.writeColl(ctx, this.collName(cmd, 'insert'));
        const docs = (cmd.documents as Doc[]) ?? [];
        const ordered = cmd.ordered !== false;
        const writeErrors: Doc[] = [];
        let n = 0;
        docs.forEach((raw, i) => {
          if (ordered && writeErrors.length) return;
          try {
            // MongoDB stores _id as the first field, moving it there when it is not.
            let doc = raw;
            if (raw._id === undefined) doc = { _id: new ObjectId(), ...raw };
            else if (Object.keys(raw)[0] !== '_id') {
              const { _id, ...rest } = raw;
              doc = { _id, ...rest };
            }
            this.doInsert(ctx, coll, doc);
            n++;
          } catch (e) {
            const err = toMongoError(e);
            if (ctx.txn && err.code !== 11000) throw err;
            writeErrors.push(err.toWriteError(i));
          }
        });
        if (ctx.txn && writeErrors.length) {
          // A write error aborts the transaction in MongoDB.
          this.abortTxn(ctx.txn);
        }
        return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
      },
      find: (cmd, ctx) => {
        const name = this.collName(cmd, 'find');
        const coll = this.getColl(ctx.db, name, ctx);
        const limit = num(cmd.limit, 0);
        const docs = this.query(coll, {
          filter: cmd.filter as Doc,
          sort: cmd.sort as Doc,
          skip: num(cmd.skip, 0),
          limit: Math.abs(limit),
          projection: cmd.projection as Doc,
          vars: letVars(cmd),
        });
        const single = cmd.singleBatch === true || limit < 0;
        return this.cursorReply(`${ctx.db}.${name}`, docs, num(cmd.batchSize, 0) || undefined, single);
      },
      getMore: (cmd) => {
        const key = longKey(cmd.getMore);
        const c = this.cursors.get(key);
        if (!c) throw new MongoError(43, `cursor id ${key} not found`);
        const rest = c.docs.slice(c.pos);
        this.cursors.delete(key);
        const reply = this.cursorReply(c.ns, rest, num(cmd.batchSize, 0) || undefined, false, false);
        const newId = String((reply.cursor as Doc).id);
        if (newId !== '0') {
          // keep the same id for the client
          const st = this.cursors.get(newId)!;
          this.cursors.delete(newId);
          this.cursors.set(key, st);
          (reply.cursor as Doc).id = Long.fromString(key);
        }
        return reply;
      },
      killCursors: (cmd) => {
        const killed: Long[] = [];
        const notFound: Long[] = [];
        for (const id of (cmd.cursors as unknown[]) ?? []) {
          const key = longKey(id);
          (this.cursors.delete(key) ? killed : notFound).push(Long.fromString(key));
        }
        return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
      },
      update: (cmd, ctx) => {
        const name = this.collName(cmd, 'update');
        const ordered = cmd.ordered !== false;
        const updates = (cmd.updates as Doc[]) ?? [];
        const writeErrors: Doc[] = [];
        const upserted: Doc[] = [];
        let n = 0;
        let nModified = 0;
        for (let i = 0; i < updates.length; i++) {
          if (ordered && writeErrors.length) break;
          const s = updates[i];
          try {
            const q = (s.q as Doc) ?? {};
            const vars = letVars(cmd);
            const opts = { arrayFilters: s.arrayFilters as Doc[] | undefined, query: q, vars };
            // `sort` in an update statement arrived with MongoDB 8.0; a 7.0 server refuses it.
            if (s.sort !== undefined) throw new MongoError(40415, "BSON field 'update.updates.sort' is an unknown field.");
            if (s.multi && isReplacement(s.u)) throw new MongoError(9, 'multi update is not supported for replacement-style update');
            let coll = this.getColl(ctx.db, name, ctx);
            let matched = this.matching(coll, q, vars);
            if (!s.multi) matched = matched.slice(0, 1);
            if (matched.length === 0 && s.upsert) {
              const doc = applyUpdate(seedFromQuery(q), s.u, { ...opts, inserting: true });
              coll = this.writeColl(ctx, name);
              this.doInsert(ctx, coll, doc, true);
              n++;
              upserted.push({ index: i, _id: doc._id });
              continue;
            }
            for (const d of matched) {
              const nd = applyUpdate(d, s.u, opts);
              n++;
              if (!bsonEqual(d, nd)) {
                coll = this.writeColl(ctx, name);
                this.doReplace(ctx, coll, nd);
                nModified++;
              }
            }
          } catch (e) {
            const err = toMongoError(e);
            if (ctx.txn) throw err;
            writeErrors.push(err.toWriteError(i));
          }
        }
        const r: Doc = { n, nModified, ok: 1 };
        if (upserted.length) r.upserted = upserted;
        if (writeErrors.length) r.writeErrors = writeErrors;
        return r;
      },
      delete: (cmd, ctx) => {
        const name = this.collName(cmd, 'delete');
        const ordered = cmd.ordered !== false;
        const writeErrors: Doc[] = [];
        let n = 0;
        const deletes = (cmd.deletes as Doc[]) ?? [];
        for (let i = 0; i < deletes.length; i++) {
          if (ordered && writeErrors.length) break;
          try {
            const coll = this.getColl(ctx.db, name, ctx);
            let matched = this.matching(coll, deletes[i].q as Doc, letVars(cmd));
            if (num(deletes[i].limit, 0) === 1) matched = matched.slice(0, 1);
            if (!matched.length) continue;
            const wc = this.writeColl(ctx, name);
            for (const d of matched) {
              this.doDelete(ctx, wc, d);
              n++;
            }
          } catch (e) {
            const err = toMongoError(e);
            if (ctx.txn) throw err;
            writeErrors.push(err.toWriteError(i));
          }
        }
        return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
      },
      findAndModify: (cmd, ctx) => {
        const name = this.collName(cmd, 'findAndModify');
        const q = (cmd.query as Doc) ?? {};
        const coll = this.getColl(ctx.db, name, ctx);
        const found = this.query(coll, { filter: q, sort: cmd.sort as Doc, limit: 1, vars: letVars(cmd) });
        // query() may return projected copies only with projection; here none, so these are stored docs
        const doc = found[0] ?? null;
        if (cmd.remove) {
          if (cmd.update) throw new MongoError(9, 'Cannot specify both an update and remove=true');
          if (doc) this.doDelete(ctx, this.writeColl(ctx, name), doc);
          return { lastErrorObject: { n: doc ? 1 : 0 }, value: this.project(doc, cmd.fields, q), ok: 1 };
        }
        if (cmd.update === undefined) throw new MongoError(9, 'Either an update or remove=true must be specified');
        const opts = { arrayFilters: cmd.arrayFilters as Doc[] | undefined, query: q, vars: letVars(cmd) };
        if (doc) {
          const nd = applyUpdate(doc, cmd.update, opts);
          if (!bsonEqual(doc, nd)) this.doReplace(ctx, this.writeColl(ctx, name), nd);
          return {
            lastErrorObject: { n: 1, updatedExisting: true },
            value: this.project(cmd.new ? nd : doc, cmd.fields, q),
            ok: 1,
          };
        }
        if (cmd.upsert) {
          const nd = applyUpdate(seedFromQuery(q), cmd.update, { ...opts, inserting: true });
          this.doInsert(ctx, this.writeColl(ctx, name), nd, true);
          return {
            lastErrorObject: { n: 1, updatedExisting: false, upserted: nd._id },
            value: cmd.new ? this.project(nd, cmd.fields, q) : null,
            ok: 1,
          };
        }
        return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
      },
      count: (cmd, ctx) => {
        const coll = this.getColl(ctx.db, this.collName(cmd, 'count'), ctx);
        const docs = this.query(coll, { filter: cmd.query as Doc, skip: num(cmd.skip, 0), limit: Math.abs(num(cmd.limit, 0)) });
        return { n: docs.length, ok: 1 };
      },
      distinct: (cmd, ctx) => {
        const coll = this.getColl(ctx.db, this.collName(cmd, 'distinct'), ctx);
        const key = cmd.key as string;
        const seen = new Map<string, unknown>();
        for (const d of this.matching(coll, cmd.query as Doc))
          for (const v of pathValues(d, key)) {
            if (Array.isArray(v)) continue;
            const k = valueKey(v);
            if (!seen.has(k)) seen.set(k, v);
          }
        return { values: [...seen.values()], ok: 1 };
      },
      aggregate: (cmd, ctx) => {
        const pipeline = (cmd.pipeline as Doc[]) ?? [];
        if (!Array.isArray(pipeline)) throw new MongoError(14, "'pipeline' option must be specified as an array");
        if (typeof cmd.aggregate !== 'string') throw new MongoError(59, 'database-level aggregation is not supported by embedded-mongo');
        for (const st of pipeline) {
          const k = Object.keys(st)[0];
          if (k === '$changeStream')
            throw new MongoError(40573, 'The $changeStream stage is not supported by embedded-mongo (no replication oplog)');
          if (k === '$geoNear' || k === '$search' || k === '$vectorSearch')
            throw new MongoError(40324, `Unrecognized pipeline stage name: '${k}' (not supported by embedded-mongo)`);
          if (k === '$merge') throw new MongoError(40324, "Unrecognized pipeline stage name: '$merge' (not supported by embedded-mongo)");
        }
        const name = cmd.aggregate;
        const coll = this.getColl(ctx.db, name, ctx);
        let stages = pipeline;
        let out: string | null = null;
        const last = stages[stages.length - 1];
        if (last && '$out' in last) {
          const o = last.$out;
          out = typeof o === 'string' ? o : ((o as Doc).coll as string);
          stages = stages.slice(0, -1);
        }
        let input: Doc[];
        if (stages[0] && '$match' in stages[0]) {
          input = this.matching(coll, stages[0].$match as Doc, letVars(cmd));
          stages = stages.slice(1);
        } else input = coll ? [...coll.docs.values()] : [];
        // Pipelines run on the query views: numbers computed by a pipeline come back as int32 or
        // double, as mingo computes them.
        const resolver = (n: string): Doc[] => {
          const c = this.getColl(ctx.db, n, ctx);
          return c ? [...c.docs.values()].map((d) => cloneDeep(queryView(d))) : [];
        };
        const results = stages.length
          ? runPipeline(input.map((d) => cloneDeep(queryView(d))), stages, letVars(cmd), resolver)
          : input;
        if (out) {
          const target = this.writeColl(ctx, out);
          for (const d of [...target.docs.values()]) this.doDelete(ctx, target, d);
          for (const d of results) this.doInsert(ctx, target, d._id === undefined ? { _id: new ObjectId(), ...d } : d);
          return this.cursorReply(`${ctx.db}.${name}`, [], undefined, true);
        }
        if (cmd.explain) return { stages: [], queryPlanner: { winningPlan: {} }, ok: 1 };
        return this.cursorReply(`${ctx.db}.${name}`, results, num((cmd.cursor as Doc)?.batchSize, 0) || undefined, false);
      },

      // MongoDB's explain: the plan of the inner command, executing reads for executionStats and
      // never performing a write.
      explain: (cmd, ctx) => {
        const inner = cmd.explain;
        if (!isPlainObject(inner)) throw new MongoError(2, 'explain command requires a nested object');
        const verbosity = typeof cmd.verbosity === 'string' ? cmd.verbosity : 'allPlansExecution';
        if (!['queryPlanner', 'executionStats', 'allPlansExecution'].includes(verbosity))
          throw new MongoError(2, `verbosity string must be one of {'queryPlanner', 'executionStats', 'allPlansExecution'}`);
        const kind = Object.keys(inner)[0];
        const coll = typeof inner[kind] === 'string' ? this.getColl(ctx.db, inner[kind] as string, ctx) : undefined;
        let filter: Doc | undefined;
        switch (kind) {
          case 'find':
          case 'count':
          case 'distinct':
            filter = (kind === 'find' ? inner.filter : inner.query) as Doc | undefined;
            break;
          case 'findAndModify':
            filter = inner.query as Doc | undefined;
            break;
          case 'update':
          case 'delete': {
            const first = ((inner[kind === 'update' ? 'updates' : 'deletes'] as Doc[]) ?? [])[0];
            filter = first?.q as Doc | undefined;
            break;
          }
          case 'aggregate': {
            const pipeline = inner.pipeline;
            if (!Array.isArray(pipeline)) throw new MongoError(14, "'pipeline' option must be specified as an array");
            const first = pipeline[0] as Doc | undefined;
            filter = first && '$match' in first ? (first.$match as Doc) : undefined;
            break;
          }
          default:
            throw new MongoError(59, `Explain failed due to unknown command: ${kind}`);
        }
        if (filter !== undefined && !isPlainObject(filter)) throw new MongoError(2, 'query filter must be an object');
        const matcherOk = matcher(filter);
        const examined = coll ? [...coll.candidates(filter)] : [];
        const nReturned = examined.filter((d) => matcherOk(queryView(d))).length;
        const viaIndex = !!coll && examined.length < coll.docs.size;
        const winningPlan = viaIndex ? { stage: 'FETCH', inputStage: { stage: 'IXSCAN' } } : { stage: 'COLLSCAN', direction: 'forward' };
        const queryPlanner = {
          namespace: `${ctx.db}.${String(inner[kind])}`,
          indexFilterSet: false,
          parsedQuery: filter ?? {},
          winningPlan,
          rejectedPlans: [],
        };
        const r: Doc = { queryPlanner };
        if (verbosity !== 'queryPlanner')
          r.executionStats = {
            executionSuccess: true,
            nReturned,
            executionTimeMillis: 0,
            totalKeysExamined: viaIndex ? examined.length : 0,
            totalDocsExamined: examined.length,
          };
        r.command = inner;
        r.serverInfo = { host: '127.0.0.1', port: this.port, version: '7.0.0', gitVersion: 'embedded-mongo' };
        r.ok = 1;
        return r;
      },

      // ----- indexes -----
      createIndexes: (cmd, ctx) => {
        const name = this.collName(cmd, 'createIndexes');
        this.validName(ctx.db, name);
        const specs = (cmd.indexes as Doc[]) ?? [];
        const { coll, created } = this.ensureColl(ctx.db, name);
        if (created) ctx.ops.push({ o: 'cc', db: ctx.db, c: name, opts: {} });
        const before = coll.indexes.size + 1;
        let note: string | undefined;
        for (const raw of specs) {
          if (!isPlainObject(raw.key) || Object.keys(raw.key).length === 0)
            throw new MongoError(67, 'Index key pattern must be a non-empty object');
          const spec: IndexSpec = { ...(raw as IndexSpec) };
          delete spec.ns;
          if (!spec.name)
            spec.name = Object.entries(spec.key)
              .map(([k, v]) => `${k}_${v}`)
              .join('_');
          const keyStr = valueKey(spec.key);
          if (spec.name === '_id_' || keyStr === valueKey({ _id: 1 })) {
            note = 'all indexes already exist';
            continue;
          }
          const existing = coll.indexes.get(spec.name);
          if (existing) {
            if (valueKey(existing.spec.key) !== keyStr)
              throw new MongoError(86, `An existing index has the same name as the requested index but a different key. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(existing.spec)}`);
            if (!!existing.spec.unique !== !!spec.unique || !!existing.spec.sparse !== !!spec.sparse)
              throw new MongoError(85, `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(existing.spec)}`);
            note = 'all indexes already exist';
            continue;
          }
          const sameKey = [...coll.indexes.values()].find((i) => valueKey(i.spec.key) === keyStr);
          if (sameKey && valueKey(sameKey.spec.partialFilterExpression ?? null) === valueKey(spec.partialFilterExpression ?? null))
            throw new MongoError(85, `Index already exists with a different name: ${sameKey.spec.name}`);
          const stored: IndexSpec = { v: 2, key: spec.key, name: spec.name };
          for (const [k, v] of Object.entries(spec)) if (!['v', 'key', 'name'].includes(k)) stored[k] = v;
          coll.addIndex(stored); // may throw E11000 on existing data
          ctx.ops.push({ o: 'ci', db: ctx.db, c: name, spec: stored });
        }
        const r: Doc = { createdCollectionAutomatically: created, numIndexesBefore: before, numIndexesAfter: coll.indexes.size + 1, ok: 1 };
        if (note) r.note = note;
        return r;
      },
      listIndexes: (cmd, ctx) => {
        const name = this.collName(cmd, 'listIndexes');
        const coll = this.getColl(ctx.db, name);
        if (!coll) throw new MongoError(26, `ns does not exist: ${ctx.db}.${name}`);
        const specs: Doc[] = [{ v: 2, key: { _id: 1 }, name: '_id_' }, ...[...coll.indexes.values()].map((i) => i.spec)];
        return this.cursorReply(`${ctx.db}.${name}`, specs, undefined, false);
      },
      dropIndexes: (cmd, ctx) => {
        const name = this.collName(cmd, 'dropIndexes');
        const coll = this.getColl(ctx.db, name);
        if (!coll) throw new MongoError(26, `ns not found ${ctx.db}.${name}`);
        const before = coll.indexes.size + 1;
        const target = cmd.index;
        const drop = (n: string): void => {
          if (n === '_id_') throw new MongoError(72, 'cannot drop _id index');
          if (!coll.indexes.has(n)) throw new MongoError(27, `index not found with name [${n}]`);
          coll.indexes.delete(n);
          ctx.ops.push({ o: 'di', db: ctx.db, c: name, name: n });
        };
        if (target === '*') for (const n of [...coll.indexes.keys()]) drop(n);
        else if (typeof target === 'string') drop(target);
        else if (Array.isArray(target)) target.forEach((n) => drop(String(n)));
        else if (isPlainObject(target)) {
          const found = [...coll.indexes.values()].find((i) => valueKey(i.spec.key) === valueKey(target));
          if (!found) throw new MongoError(27, `can't find index with key: ${JSON.stringify(target)}`);
          drop(found.spec.name);
        }
        return { nIndexesWas: before, ok: 1 };
      },
      dropIndex: (cmd, ctx, conn) => h.dropIndexes({ ...cmd, dropIndexes: cmd.dropIndex }, ctx, conn),
      // collMod: index options (hidden, expireAfterSeconds) and stored collection options.
      collMod: (cmd, ctx) => {
        const name = this.collName(cmd, 'collMod');
        const coll = this.getColl(ctx.db, name);
        if (!coll) throw new MongoError(26, `ns does not exist: ${ctx.db}.${name}`);
        const reply: Doc = {};
        const opts: Doc = { ...coll.options };
        let optsChanged = false;
        for (const [k, v] of Object.entries(cmd)) {
          if (k === 'collMod' || k.startsWith('$') || ['lsid', 'txnNumber', 'autocommit', 'startTransaction', 'writeConcern', 'comment', 'dryRun'].includes(k)) continue;
          if (k === 'index') {
            if (!isPlainObject(v)) throw new MongoError(14, "BSON field 'collMod.index' is the wrong type, expected type 'object'");
            const idx = [...coll.indexes.values()].find((i) => (typeof v.name === 'string' ? i.spec.name === v.name : isPlainObject(v.keyPattern) && valueKey(i.spec.key) === valueKey(v.keyPattern)));
            if (!idx) throw new MongoError(27, `cannot find index ${JSON.stringify(v.name ?? v.keyPattern)} for ns ${ctx.db}.${name}`);
            const spec: IndexSpec = { ...idx.spec };
            if ('hidden' in v) {
              if (idx.spec.name === '_id_') throw new MongoError(2, 'can\'t hide _id index');
              reply.hidden_old = !!idx.spec.hidden;
              reply.hidden_new = !!v.hidden;
              if (v.hidden) spec.hidden = true;
              else delete spec.hidden;
            }
            if ('expireAfterSeconds' in v) {
              reply.expireAfterSeconds_old = idx.spec.expireAfterSeconds;
              reply.expireAfterSeconds_new = v.expireAfterSeconds;
              spec.expireAfterSeconds = num(v.expireAfterSeconds, 0);
            }
            // Journaled as drop + create of the index, ops every engine version replays.
            coll.indexes.delete(spec.name);
            coll.addIndex(spec);
            ctx.ops.push({ o: 'di', db: ctx.db, c: name, name: spec.name }, { o: 'ci', db: ctx.db, c: name, spec });
            continue;
          }
          opts[k] = v;
          optsChanged = true;
        }
        if (optsChanged) {
          coll.options = opts;
          ctx.ops.push({ o: 'co', db: ctx.db, c: name, opts });
        }
        return { ...reply, ok: 1 };
      },

      // ----- transactions -----
      commitTransaction: (cmd, ctx) => this.commit(cmd, ctx),
      abortTransaction: (cmd) => this.abort(cmd),
    };
    return h;
  }
}

/** A command's `let` variables (find, update, delete, findAndModify, aggregate), used as $$name. */
function letVars(cmd: Doc): Doc | undefined {
  const v = cmd.let;
  if (v === undefined || v === null) return undefined;
  if (!isPlainObject(v)) throw new MongoError(14, "BSON field 'let' is the wrong type, expected type 'object'");
  for (const k of Object.keys(v))
    if (!/^[a-z\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*$/.test(k)) throw new MongoError(17276, `'${k}' starts with an invalid character for a user variable name`);
  return v;
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
function prepareCommand(cmd: Doc): void {
  const name = Object.keys(cmd)[0];
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

function bsonEqual(a: Doc, b: Doc): boolean {
  return Buffer.from(BSON.serialize(a)).equals(BSON.serialize(b));
}

