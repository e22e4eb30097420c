// Handshake, server information, sessions, authentication and replication answers, databases
// and collections (listDatabases, listCollections, create, drop, dropDatabase, dbStats, collStats).
import { ObjectId } from 'bson';
import type { Collection } from '../collection';
import type { EngineApi, Handler } from '../types';
import { MongoError } from '../errors';
import { matcher } from '../update';
import { Doc, valueKey } from '../values';
import { MAX_BSON_SIZE, MAX_MESSAGE_SIZE } from '../wire';
import { num } from './util';

export function adminCommands(e: EngineApi): Record<string, Handler> {
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
        const t = e.txns.get(valueKey(s.id));
        if (t && t.state === 'active') e.abortTxn(t);
        e.txns.delete(valueKey(s.id));
        e.releaseSnapshots(valueKey(s.id));
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
      const dbs = [...e.dbs.entries()].map(([name, colls]) => {
        let size = 0;
        for (const c of colls.values()) size += c.docs.size * 256;
        return { name, sizeOnDisk: size, empty: size === 0 };
      });
      const filtered = cmd.filter ? dbs.filter(matcher(cmd.filter as Doc)) : dbs;
      if (cmd.nameOnly) return { databases: filtered.map((d) => ({ name: d.name })), ok: 1 };
      return { databases: filtered, totalSize: filtered.reduce((a, d) => a + d.sizeOnDisk, 0), totalSizeMb: 0, ok: 1 };
    },
    listCollections: (cmd, ctx) => {
      const colls = e.dbs.get(ctx.db) ?? new Map<string, Collection>();
      let infos: Doc[] = [...colls.values()].map((c) => ({
        name: c.name,
        type: 'collection',
        options: c.options,
        info: { readOnly: false },
        idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
      }));
      if (cmd.filter && Object.keys(cmd.filter as Doc).length) infos = infos.filter(matcher(cmd.filter as Doc));
      if (cmd.nameOnly) infos = infos.map((i) => ({ name: i.name, type: i.type }));
      return e.cursorReply(`${ctx.db}.$cmd.listCollections`, infos, num((cmd.cursor as Doc)?.batchSize, 0) || undefined, false);
    },
    create: (cmd, ctx) => {
      const name = e.validName(ctx.db, cmd.create);
      if (e.getColl(ctx.db, name)) throw new MongoError(48, `Collection ${ctx.db}.${name} already exists.`);
      if (cmd.capped && cmd.size === undefined) throw new MongoError(72, "the 'size' field is required when 'capped' is true");
      const opts: Doc = {};
      for (const [k, v] of Object.entries(cmd))
        if (!['create', '$db', 'lsid', '$clusterTime', 'writeConcern', 'txnNumber', 'autocommit', 'startTransaction', '$readPreference', 'comment'].includes(k))
          opts[k] = v;
      e.ensureColl(ctx.db, name, opts);
      ctx.ops.push({ o: 'cc', db: ctx.db, c: name, opts });
      return { ok: 1 };
    },
    drop: (cmd, ctx) => {
      const name = e.collName(cmd, 'drop');
      const c = e.getColl(ctx.db, name);
      if (c) {
        e.dbs.get(ctx.db)?.delete(name);
        ctx.ops.push({ o: 'dc', db: ctx.db, c: name });
      }
      return { nIndexesWas: c ? c.indexes.size + 1 : 0, ns: `${ctx.db}.${name}`, ok: 1 };
    },
    dropDatabase: (_cmd, ctx) => {
      if (e.dbs.has(ctx.db)) {
        e.dbs.delete(ctx.db);
        ctx.ops.push({ o: 'dd', db: ctx.db });
      }
      return { dropped: ctx.db, ok: 1 };
    },
    dbStats: (_cmd, ctx) => {
      const colls = e.dbs.get(ctx.db) ?? new Map<string, Collection>();
      let objects = 0;
      for (const c of colls.values()) objects += c.docs.size;
      return { db: ctx.db, collections: colls.size, objects, dataSize: 0, storageSize: 0, indexes: 0, ok: 1 };
    },
    collStats: (cmd, ctx) => {
      const c = e.getColl(ctx.db, e.collName(cmd, 'collStats'));
      return { ns: `${ctx.db}.${cmd.collStats}`, count: c?.docs.size ?? 0, size: 0, nindexes: c ? c.indexes.size + 1 : 0, ok: 1 };
    },

  };
  return h;
}
