// CRUD: insert, find, getMore, killCursors, update, delete, findAndModify, count, distinct.
import { Long, ObjectId } from 'bson';
import type { EngineApi, Handler } from '../types';
import { MongoError, toMongoError } from '../errors';
import { applyUpdate, isReplacement, seedFromQuery } from '../update';
import { Doc, pathValues, valueKey } from '../values';
import { bsonEqual, letVars, longKey, num } from './util';

export function crudCommands(e: EngineApi): Record<string, Handler> {
  return {
    insert: (cmd, ctx) => {
      const coll = e.writeColl(ctx, e.collName(cmd, 'insert'));
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
          e.doInsert(ctx, coll, doc);
          n++;
        } catch (e) {
          const err = toMongoError(e);
          if (ctx.txn && err.code !== 11000) throw err;
          writeErrors.push(err.toWriteError(i));
        }
      });
      if (ctx.txn && writeErrors.length) {
        // A write error aborts the transaction in MongoDB.
        e.abortTxn(ctx.txn);
      }
      return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
    },
    find: (cmd, ctx) => {
      const name = e.collName(cmd, 'find');
      const coll = e.getColl(ctx.db, name, ctx);
      const limit = num(cmd.limit, 0);
      const docs = e.query(coll, {
        filter: cmd.filter as Doc,
        sort: cmd.sort as Doc,
        skip: num(cmd.skip, 0),
        limit: Math.abs(limit),
        projection: cmd.projection as Doc,
        vars: letVars(cmd),
      });
      const single = cmd.singleBatch === true || limit < 0;
      return e.cursorReply(`${ctx.db}.${name}`, docs, num(cmd.batchSize, 0) || undefined, single);
    },
    getMore: (cmd) => {
      const key = longKey(cmd.getMore);
      const c = e.cursors.get(key);
      if (!c) throw new MongoError(43, `cursor id ${key} not found`);
      const rest = c.docs.slice(c.pos);
      e.cursors.delete(key);
      const reply = e.cursorReply(c.ns, rest, num(cmd.batchSize, 0) || undefined, false, false);
      const newId = String((reply.cursor as Doc).id);
      if (newId !== '0') {
        // keep the same id for the client
        const st = e.cursors.get(newId)!;
        e.cursors.delete(newId);
        e.cursors.set(key, st);
        (reply.cursor as Doc).id = Long.fromString(key);
      }
      return reply;
    },
    killCursors: (cmd) => {
      const killed: Long[] = [];
      const notFound: Long[] = [];
      for (const id of (cmd.cursors as unknown[]) ?? []) {
        const key = longKey(id);
        (e.cursors.delete(key) ? killed : notFound).push(Long.fromString(key));
      }
      return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
    },
    update: (cmd, ctx) => {
      const name = e.collName(cmd, 'update');
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
          let coll = e.getColl(ctx.db, name, ctx);
          let matched = e.matching(coll, q, vars);
          if (!s.multi) matched = matched.slice(0, 1);
          if (matched.length === 0 && s.upsert) {
            const doc = applyUpdate(seedFromQuery(q), s.u, { ...opts, inserting: true });
            coll = e.writeColl(ctx, name);
            e.doInsert(ctx, coll, doc, true);
            n++;
            upserted.push({ index: i, _id: doc._id });
            continue;
          }
          for (const d of matched) {
            const nd = applyUpdate(d, s.u, opts);
            n++;
            if (!bsonEqual(d, nd)) {
              coll = e.writeColl(ctx, name);
              e.doReplace(ctx, coll, nd);
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
      const name = e.collName(cmd, 'delete');
      const ordered = cmd.ordered !== false;
      const writeErrors: Doc[] = [];
      let n = 0;
      const deletes = (cmd.deletes as Doc[]) ?? [];
      for (let i = 0; i < deletes.length; i++) {
        if (ordered && writeErrors.length) break;
        try {
          const coll = e.getColl(ctx.db, name, ctx);
          let matched = e.matching(coll, deletes[i].q as Doc, letVars(cmd));
          if (num(deletes[i].limit, 0) === 1) matched = matched.slice(0, 1);
          if (!matched.length) continue;
          const wc = e.writeColl(ctx, name);
          for (const d of matched) {
            e.doDelete(ctx, wc, d);
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
      const name = e.collName(cmd, 'findAndModify');
      const q = (cmd.query as Doc) ?? {};
      const coll = e.getColl(ctx.db, name, ctx);
      const found = e.query(coll, { filter: q, sort: cmd.sort as Doc, limit: 1, vars: letVars(cmd) });
      // query() may return projected copies only with projection; here none, so these are stored docs
      const doc = found[0] ?? null;
      if (cmd.remove) {
        if (cmd.update) throw new MongoError(9, 'Cannot specify both an update and remove=true');
        if (doc) e.doDelete(ctx, e.writeColl(ctx, name), doc);
        return { lastErrorObject: { n: doc ? 1 : 0 }, value: e.project(doc, cmd.fields, q), ok: 1 };
      }
      if (cmd.update === undefined) throw new MongoError(9, 'Either an update or remove=true must be specified');
      const opts = { arrayFilters: cmd.arrayFilters as Doc[] | undefined, query: q, vars: letVars(cmd) };
      if (doc) {
        const nd = applyUpdate(doc, cmd.update, opts);
        if (!bsonEqual(doc, nd)) e.doReplace(ctx, e.writeColl(ctx, name), nd);
        return {
          lastErrorObject: { n: 1, updatedExisting: true },
          value: e.project(cmd.new ? nd : doc, cmd.fields, q),
          ok: 1,
        };
      }
      if (cmd.upsert) {
        const nd = applyUpdate(seedFromQuery(q), cmd.update, { ...opts, inserting: true });
        e.doInsert(ctx, e.writeColl(ctx, name), nd, true);
        return {
          lastErrorObject: { n: 1, updatedExisting: false, upserted: nd._id },
          value: cmd.new ? e.project(nd, cmd.fields, q) : null,
          ok: 1,
        };
      }
      return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
    },
    count: (cmd, ctx) => {
      const coll = e.getColl(ctx.db, e.collName(cmd, 'count'), ctx);
      const docs = e.query(coll, { filter: cmd.query as Doc, skip: num(cmd.skip, 0), limit: Math.abs(num(cmd.limit, 0)) });
      return { n: docs.length, ok: 1 };
    },
    distinct: (cmd, ctx) => {
      const coll = e.getColl(ctx.db, e.collName(cmd, 'distinct'), ctx);
      const key = cmd.key as string;
      const seen = new Map<string, unknown>();
      for (const d of e.matching(coll, cmd.query as Doc))
        for (const v of pathValues(d, key)) {
          if (Array.isArray(v)) continue;
          const k = valueKey(v);
          if (!seen.has(k)) seen.set(k, v);
        }
      return { values: [...seen.values()], ok: 1 };
    },
  };
}
