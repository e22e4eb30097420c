// aggregate (mingo's pipeline with the engine's operators, $lookup across collections, $out)
// and explain.
import { ObjectId } from 'bson';
import type { EngineApi, Handler } from '../types';
import { MongoError } from '../errors';
import { Collection } from '../collection';
import { firstInSortOrder, winningPlan } from '../planner';
import { runPipeline } from '../query';
import { matcher } from '../update';
import { cloneDeep, Doc, isPlainObject, queryView } from '../values';
import { letVars, num } from './util';

export function aggregateCommands(e: EngineApi): Record<string, Handler> {
  return {
    aggregate: (cmd, ctx) => {
      const pipeline = (cmd.pipeline as Doc[]) ?? [];
      if (!Array.isArray(pipeline)) throw new MongoError(14, "'pipeline' option must be specified as an array");
      if (typeof cmd.aggregate !== 'string') throw new MongoError(59, 'database-level aggregation is not supported by embedded-mongo');
      for (const st of pipeline) {
        const k = Object.keys(st)[0];
        if (k === '$changeStream')
          throw new MongoError(40573, 'The $changeStream stage is not supported by embedded-mongo (no replication oplog)');
        if (k === '$geoNear') throw new MongoError(27, '$geoNear requires a 2d or 2dsphere index, but none were found (embedded-mongo builds no geospatial index)');
        if (k === '$search' || k === '$vectorSearch')
          throw new MongoError(40324, `Unrecognized pipeline stage name: '${k}' (not supported by embedded-mongo)`);
        if (k === '$merge') throw new MongoError(40324, "Unrecognized pipeline stage name: '$merge' (not supported by embedded-mongo)");
      }
      const name = cmd.aggregate;
      const coll = e.getColl(ctx.db, name, ctx);
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
        input = e.matching(coll, stages[0].$match as Doc, letVars(cmd));
        stages = stages.slice(1);
      } else input = coll ? [...coll.docs.values()] : [];
      // Pipelines run on the query views: numbers computed by a pipeline come back as int32 or
      // double, as mingo computes them.
      const resolver = (n: string): Doc[] => {
        const c = e.getColl(ctx.db, n, ctx);
        return c ? [...c.docs.values()].map((d) => cloneDeep(queryView(d))) : [];
      };
      const results = stages.length
        ? runPipeline(input.map((d) => cloneDeep(queryView(d))), stages, letVars(cmd), resolver)
        : input;
      if (out) {
        const target = e.writeColl(ctx, out);
        for (const d of [...target.docs.values()]) e.doDelete(ctx, target, d);
        for (const d of results) e.doInsert(ctx, target, d._id === undefined ? { _id: new ObjectId(), ...d } : d);
        return e.cursorReply(`${ctx.db}.${name}`, [], undefined, true);
      }
      if (cmd.explain) return { stages: [], queryPlanner: { winningPlan: {} }, ok: 1 };
      return e.cursorReply(`${ctx.db}.${name}`, results, num((cmd.cursor as Doc)?.batchSize, 0) || undefined, false);
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
      const coll = typeof inner[kind] === 'string' ? e.getColl(ctx.db, inner[kind] as string, ctx) : undefined;
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
      // A sort with a limit may read an index in order and stop there (planner.ts firstInSortOrder).
      const findLimit = kind === 'find' ? Math.abs(num(inner.limit, 0)) : 0;
      const limit = kind === 'findAndModify' ? 1 : findLimit ? findLimit + num(inner.skip, 0) : 0;
      const ordered =
        limit > 0 && isPlainObject(inner.sort) && Object.keys(inner.sort).length && coll instanceof Collection
          ? firstInSortOrder(coll, filter, inner.sort, limit, (d) => matcherOk(queryView(d)))
          : null;
      let run: { winning: Doc; examined: number; keys: number; nReturned: number };
      if (ordered) run = { winning: ordered.stage, examined: ordered.examined, keys: ordered.examined, nReturned: Math.min(ordered.docs.length, limit) };
      else {
        const plan = coll ? coll.plan(filter) : null;
        const examined = coll ? [...coll.candidates(filter)] : [];
        const nReturned = examined.filter((d) => matcherOk(queryView(d))).length;
        run = { winning: winningPlan(plan), examined: examined.length, keys: plan ? examined.length : 0, nReturned };
      }
      const queryPlanner = {
        namespace: `${ctx.db}.${String(inner[kind])}`,
        indexFilterSet: false,
        parsedQuery: filter ?? {},
        winningPlan: run.winning,
        rejectedPlans: [],
      };
      const r: Doc = { queryPlanner };
      if (verbosity !== 'queryPlanner')
        r.executionStats = {
          executionSuccess: true,
          nReturned: run.nReturned,
          executionTimeMillis: 0,
          totalKeysExamined: run.keys,
          totalDocsExamined: run.examined,
        };
      r.command = inner;
      r.serverInfo = { host: '127.0.0.1', port: e.port, version: '7.0.0', gitVersion: 'embedded-mongo' };
      r.ok = 1;
      return r;
    },

  };
}
