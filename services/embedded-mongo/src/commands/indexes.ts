// Indexes and collection options: createIndexes, listIndexes, dropIndexes/dropIndex, collMod.
import type { IndexSpec } from '../collection';
import type { EngineApi, Handler } from '../types';
import { MongoError } from '../errors';
import { Doc, isPlainObject, valueKey } from '../values';
import { num } from './util';

export function indexCommands(e: EngineApi): Record<string, Handler> {
  const h: Record<string, Handler> = {
    createIndexes: (cmd, ctx) => {
      const name = e.collName(cmd, 'createIndexes');
      e.validName(ctx.db, name);
      const specs = (cmd.indexes as Doc[]) ?? [];
      const { coll, created } = e.ensureColl(ctx.db, name);
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
      const name = e.collName(cmd, 'listIndexes');
      const coll = e.getColl(ctx.db, name);
      if (!coll) throw new MongoError(26, `ns does not exist: ${ctx.db}.${name}`);
      const specs: Doc[] = [{ v: 2, key: { _id: 1 }, name: '_id_' }, ...[...coll.indexes.values()].map((i) => i.spec)];
      return e.cursorReply(`${ctx.db}.${name}`, specs, undefined, false);
    },
    dropIndexes: (cmd, ctx) => {
      const name = e.collName(cmd, 'dropIndexes');
      const coll = e.getColl(ctx.db, name);
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
      const name = e.collName(cmd, 'collMod');
      const coll = e.dbs.get(ctx.db)?.get(name);
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

  };
  return h;
}
