// Test support: records every query a piece of code sends through mongoose, then asks the database
// to `explain` each one, so a test can prove that a path (a request, a sweep) is served by indexes
// and never reads a whole collection. Used by each service's queryPlans.test.ts.
import type mongoose from 'mongoose';

type Doc = Record<string, unknown>;

/** One query as sent to a collection, ready to be explained. */
export interface RecordedQuery {
  collection: string;
  method: string;
  /** The `explain`-able command (find, count, distinct, update, delete, findAndModify, aggregate). */
  command: Doc;
}

export interface QueryPlan extends RecordedQuery {
  /** The winning plan read a whole collection. */
  collectionScan: boolean;
  docsExamined: number | null;
  /** Documents in the collection when it was explained. */
  collectionSize: number;
}

const isDoc = (v: unknown): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v);
const asFilter = (v: unknown): Doc => (isDoc(v) ? v : {});

/**
 * The commands `explain` takes for one collection method and its arguments; none for a method
 * that finds nothing (inserts, index builds). A bulk write gives one command per filtered operation.
 */
export function explainableCommands(collection: string, method: string, params: unknown[]): Doc[] {
  const [a, b] = params;
  switch (method) {
    case 'find':
    case 'findOne': {
      const options = isDoc(b) ? b : {};
      return [{ find: collection, filter: asFilter(a), ...(options.sort ? { sort: options.sort } : {}) }];
    }
    case 'countDocuments':
      return [{ count: collection, query: asFilter(a) }];
    case 'distinct':
      return [{ distinct: collection, key: a, query: asFilter(b) }];
    case 'updateOne':
    case 'updateMany':
    case 'replaceOne':
      return [{ update: collection, updates: [{ q: asFilter(a), u: isDoc(b) || Array.isArray(b) ? b : {}, multi: method === 'updateMany' }] }];
    case 'deleteOne':
    case 'deleteMany':
      return [{ delete: collection, deletes: [{ q: asFilter(a), limit: method === 'deleteOne' ? 1 : 0 }] }];
    case 'findOneAndUpdate':
    case 'findOneAndReplace':
      return [{ findAndModify: collection, query: asFilter(a), update: isDoc(b) || Array.isArray(b) ? b : {} }];
    case 'findOneAndDelete':
      return [{ findAndModify: collection, query: asFilter(a), remove: true }];
    case 'aggregate':
      return Array.isArray(a) ? [{ aggregate: collection, pipeline: a, cursor: {} }] : [];
    case 'bulkWrite':
      return (Array.isArray(a) ? a : []).flatMap((op: unknown) => {
        if (!isDoc(op)) return [];
        const [kind, spec] = Object.entries(op)[0] ?? [];
        if (!kind || !isDoc(spec) || !('filter' in spec)) return [];
        const m = kind === 'insertOne' ? '' : kind;
        return m ? explainableCommands(collection, m, [spec.filter, spec.update ?? spec.replacement]) : [];
      });
    default:
      return [];
  }
}

/** Whether a plan (MongoDB's or the embedded engine's) reads a whole collection anywhere. */
export function plansCollectionScan(plan: unknown): boolean {
  if (Array.isArray(plan)) return plan.some(plansCollectionScan);
  if (!isDoc(plan)) return false;
  if (plan.stage === 'COLLSCAN') return true;
  return Object.values(plan).some((v) => typeof v === 'object' && plansCollectionScan(v));
}

/**
 * Records what `connection` sends while `run` runs (its own queries only: listeners are removed
 * after), in order.
 */
export async function recordQueries(connection: mongoose.Connection, run: () => Promise<unknown>): Promise<RecordedQuery[]> {
  const seen: RecordedQuery[] = [];
  const listener = (op: { collectionName: string; method: string; params: unknown[] }) => {
    for (const command of explainableCommands(op.collectionName, op.method, op.params ?? [])) seen.push({ collection: op.collectionName, method: op.method, command });
  };
  connection.on('operation-start', listener);
  try {
    await run();
  } finally {
    connection.off('operation-start', listener);
  }
  return seen;
}

/** `explain` of each query, as the database plans it now. */
export async function explainAll(connection: mongoose.Connection, queries: RecordedQuery[]): Promise<QueryPlan[]> {
  const db = connection.db;
  if (!db) throw new Error('explainAll: the connection is not open');
  const plans: QueryPlan[] = [];
  for (const q of queries) {
    const res = (await db.command({ explain: q.command, verbosity: 'executionStats' })) as Doc;
    const stats = isDoc(res.executionStats) ? res.executionStats : {};
    const queryPlanner = isDoc(res.queryPlanner) ? res.queryPlanner : {};
    // An aggregate's plan sits under its first stage on MongoDB.
    const winning = queryPlanner.winningPlan ?? res.stages ?? res;
    plans.push({
      ...q,
      collectionScan: plansCollectionScan(winning),
      docsExamined: typeof stats.totalDocsExamined === 'number' ? stats.totalDocsExamined : null,
      collectionSize: await db.collection(q.collection).countDocuments({}),
    });
  }
  return plans;
}

/**
 * The queries of `run` that read a whole collection, each described on one line (empty when
 * every query was served by an index). A collection of fewer than `minDocs` documents proves
 * nothing (the embedded engine calls a plan that examines all of a collection a scan, and a
 * lookup in a collection of one examines all of it): those are reported too, so a test seeds
 * enough other data for its queries to mean something.
 */
export async function collectionScansOf(connection: mongoose.Connection, run: () => Promise<unknown>, minDocs = 3): Promise<string[]> {
  const plans = await explainAll(connection, await recordQueries(connection, run));
  return plans
    .filter((p) => p.collectionScan || p.collectionSize < minDocs)
    .map((p) => `${p.collectionSize < minDocs ? `only ${p.collectionSize} document(s), seed more` : 'COLLSCAN'}: ${p.collection}.${p.method} ${JSON.stringify(p.command)}`);
}
