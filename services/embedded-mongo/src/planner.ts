// The query planner: which documents a filter can match, found through indexes, as a superset of
// the matches (mingo filters them afterwards), and the plan `explain` reports.
//
// - an equality (`v`, `$eq`, `$in`) or a range (`$gt/$gte/$lt/$lte`) on an index's first field,
//   or on `_id`, is answered by that index; the smallest answer wins;
// - a sparse index is used when the condition cannot match a missing field (a non-null equality
//   or a range), a partial index when the filter implies its `partialFilterExpression` (the
//   documents it leaves out cannot match);
// - a `$or` whose every branch has an index is the union of the branches' scans (an OR plan).
import { makeQuery } from './query';
import type { Index } from './indexStructure';
import { Doc, isOperatorObject, isPlainObject, valueKey } from './values';

export interface Plan {
  ids: Set<string> | string[];
  /** MongoDB's shape of the plan below FETCH: IXSCAN, or OR over IXSCANs. */
  stage: Doc;
}

/** What the planner reads of a collection. */
export interface Plannable {
  docs: { has(id: string): boolean };
  indexes: Map<string, Index>;
}

const RANGE_OPS = ['$gt', '$gte', '$lt', '$lte'];

const sizeOf = (ids: Set<string> | string[]): number => (Array.isArray(ids) ? ids.length : ids.size);

function bsonTypeIs(v: unknown, t: string): boolean {
  return v !== null && typeof v === 'object' && (v as { _bsontype?: string })._bsontype === t;
}

/** Values a condition requires equality with, or null when it is not a pure equality. */
export function equalityValues(cond: unknown): unknown[] | null {
  if (cond instanceof RegExp || bsonTypeIs(cond, 'BSONRegExp')) return null;
  if (isOperatorObject(cond)) {
    const keys = Object.keys(cond);
    if (keys.includes('$eq')) {
      const v = cond.$eq;
      if (v instanceof RegExp || isOperatorObject(v)) return null;
      return [v];
    }
    if (keys.includes('$in') && Array.isArray(cond.$in)) {
      if (cond.$in.some((v) => v instanceof RegExp || bsonTypeIs(v, 'BSONRegExp'))) return null;
      return cond.$in;
    }
    return null;
  }
  if (cond === undefined) return null;
  return [cond];
}

/** The field conditions of a conjunction (top level and `$and`), and its `$or` lists. */
function conjunction(filter: Doc): { conds: [string, unknown][]; ors: unknown[][] } {
  const conds: [string, unknown][] = [];
  const ors: unknown[][] = [];
  const collect = (f: Doc): void => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) v.forEach((s) => isPlainObject(s) && collect(s));
      else if (k === '$or' && Array.isArray(v)) ors.push(v);
      else if (!k.startsWith('$')) conds.push([k, v]);
    }
  };
  collect(filter);
  return { conds, ors };
}

/** Whether a condition can only match documents where the field exists with a non-null value. */
function requiresValue(cond: unknown): boolean {
  const eqs = equalityValues(cond);
  if (eqs) return eqs.length > 0 && eqs.every((v) => v !== null && v !== undefined);
  if (isOperatorObject(cond)) {
    if (cond.$exists === true && Object.keys(cond).length === 1) return false;
    return RANGE_OPS.some((op) => cond[op] !== undefined && cond[op] !== null);
  }
  return false;
}

function nested(path: string, v: unknown): Doc {
  const parts = path.split('.');
  let out: unknown = v;
  for (let i = parts.length - 1; i >= 0; i--) out = { [parts[i]]: out };
  return out as Doc;
}

/** Whether the query condition on `field` implies the partial filter's condition on it. */
function condImplies(field: string, qc: unknown, pc: unknown): boolean {
  if (valueKey(qc) === valueKey(pc)) return true;
  if (isOperatorObject(pc) && Object.keys(pc).length === 1 && pc.$exists !== undefined && pc.$exists !== false && pc.$exists !== 0)
    return requiresValue(qc);
  const eqs = equalityValues(qc);
  if (!eqs || !eqs.length || eqs.some((v) => v === null || v === undefined || Array.isArray(v))) return false;
  try {
    const q = makeQuery({ [field]: pc });
    return eqs.every((v) => q.test(nested(field, v)));
  } catch {
    return false;
  }
}

/** Whether every document matching `conds` matches the partial filter expression. */
function implies(conds: [string, unknown][], pfe: Doc): boolean {
  for (const [pf, pc] of Object.entries(pfe)) {
    if (pf === '$and' && Array.isArray(pc)) {
      if (!pc.every((s) => isPlainObject(s) && implies(conds, s))) return false;
    } else if (pf.startsWith('$')) return false;
    else if (!conds.some(([f, qc]) => f === pf && condImplies(f, qc, pc))) return false;
  }
  return true;
}

function ixscan(idx: { spec: { name: string; key: Doc } } | null): Doc {
  return {
    stage: 'IXSCAN',
    keyPattern: idx ? idx.spec.key : { _id: 1 },
    indexName: idx ? idx.spec.name : '_id_',
    isMultiKey: false,
    direction: 'forward',
  };
}

/** The best plan for a conjunction, or null when it needs a collection scan. */
function planConjunction(coll: Plannable, filter: Doc): Plan | null {
  const { conds, ors } = conjunction(filter);
  let best: Plan | null = null;
  const consider = (p: Plan | null): void => {
    if (p && (!best || sizeOf(p.ids) < sizeOf(best.ids))) best = p;
  };
  for (const [field, cond] of conds) {
    if (field === '_id') {
      const eqs = equalityValues(cond);
      if (eqs) consider({ ids: eqs.map(valueKey).filter((k) => coll.docs.has(k)), stage: ixscan(null) });
      continue;
    }
    for (const idx of coll.indexes.values()) {
      if (idx.fields[0] !== field || idx.isSpecial || idx.spec.hidden) continue;
      if (idx.spec.sparse && !requiresValue(cond)) continue;
      if (idx.spec.partialFilterExpression && !implies(conds, idx.spec.partialFilterExpression)) continue;
      const eqs = equalityValues(cond);
      if (eqs) consider({ ids: idx.lookup(eqs), stage: ixscan(idx) });
      else if (isOperatorObject(cond)) {
        const ids = idx.range(cond);
        if (ids) consider({ ids, stage: ixscan(idx) });
      }
    }
    if (best && sizeOf((best as Plan).ids) === 0) return best;
  }
  for (const branches of ors) {
    const plans: Plan[] = [];
    for (const b of branches) {
      const p = isPlainObject(b) ? planConjunction(coll, b) : null;
      if (!p) break;
      plans.push(p);
    }
    if (plans.length !== branches.length || !plans.length) continue;
    const ids = new Set<string>();
    for (const p of plans) for (const id of p.ids) ids.add(id);
    consider(plans.length === 1 ? plans[0] : { ids, stage: { stage: 'OR', inputStages: plans.map((p) => p.stage) } });
  }
  return best;
}

/** The plan for a filter, or null when only a collection scan answers it. */
export function planQuery(coll: Plannable, filter: Doc | undefined): Plan | null {
  if (!filter || !isPlainObject(filter)) return null;
  return planConjunction(coll, filter);
}

/** `explain`'s winningPlan for a plan (null: a collection scan). */
export function winningPlan(plan: Plan | null): Doc {
  if (!plan) return { stage: 'COLLSCAN', direction: 'forward' };
  const fetch = { stage: 'FETCH', inputStage: plan.stage };
  return plan.stage.stage === 'OR' ? { stage: 'SUBPLAN', inputStage: fetch } : fetch;
}
