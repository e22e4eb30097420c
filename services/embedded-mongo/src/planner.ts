// The query planner: which documents a filter can match, found through indexes, as a superset of
// the matches (mingo filters them afterwards), and the plan `explain` reports.
//
// - an equality (`v`, `$eq`, `$in`) or a range (`$gt/$gte/$lt/$lte`) on an index's first field,
//   or on `_id`, is answered by that index; the smallest answer wins;
// - a sparse index is used when the condition cannot match a missing field (a non-null equality
//   or a range), a partial index when the filter implies its `partialFilterExpression` (the
//   documents it leaves out cannot match);
// - a `$or` whose every branch has an index is the union of the branches' scans (an OR plan);
// - `{ $exists: false }` is answered by a full index's null entries, where missing fields are;
// - a sort on an indexed field with a limit reads that index in order and stops at the limit
//   (firstInSortOrder), when the filter bounds the field by a range.
import { makeQuery } from './query';
import type { Index } from './indexStructure';
import { compareScalar, Doc, isOperatorObject, isPlainObject, pathValues, valueKey } from './values';

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

/** `{ $exists: false }`: matches only documents without the field. */
function isMissingOnly(cond: unknown): boolean {
  return isOperatorObject(cond) && Object.keys(cond).length === 1 && (cond.$exists === false || cond.$exists === 0);
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
      // A missing field is filed under null (in a full index): MongoDB's bounds [null, null].
      else if (isMissingOnly(cond) && !idx.spec.sparse) consider({ ids: idx.lookup([null]), stage: ixscan(idx) });
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

/**
 * Entries a sorted walk reads before it gives up on a filter the index barely narrows (most of
 * what it reads does not match) and the matches are found and sorted the usual way instead.
 */
const SORTED_WALK_TRIAL = 1000;

/**
 * The first `want` matches of a filter in the order of `sort`, read from an index on the sort's
 * first field in its order and stopped there, with the matches that tie with the last (later sort
 * keys order those): a claim of the next due job among many thousands reads a handful of
 * documents instead of every due one. The caller sorts what it gets by the whole sort. Null when
 * this does not apply: no full (or implied partial) index on the sort's first field, no range
 * condition on it at the filter's top level (other values, null or missing, are not in the tree),
 * a match whose field holds an array (an array sorts by its least or greatest element, not where
 * the index files it), or too few matches among the first entries read.
 */
export function firstInSortOrder(
  coll: Plannable & { docs: { get(id: string): Doc | undefined } },
  filter: Doc | undefined,
  sort: Doc,
  want: number,
  test: (doc: Doc) => boolean,
): { docs: Doc[]; examined: number; stage: Doc } | null {
  const [field, key] = Object.entries(sort)[0] ?? [];
  // A `$meta` key is not an order of values.
  if (!field || field === '_id' || field.startsWith('$') || isPlainObject(key) || !filter || !isPlainObject(filter)) return null;
  const descending = Number(key) < 0;
  const { conds } = conjunction(filter);
  const range = conds.find(([f, c]) => f === field && isOperatorObject(c) && Object.keys(c).every((op) => RANGE_OPS.includes(op)))?.[1] as Doc | undefined;
  if (!range) return null;
  const idx = [...coll.indexes.values()].find(
    (i) => i.fields[0] === field && !i.isSpecial && !i.spec.hidden && (!i.spec.partialFilterExpression || implies(conds, i.spec.partialFilterExpression)),
  );
  if (!idx) return null;
  // Later sort keys order the matches that tie on the first: those are read too.
  const tiesMatter = Object.keys(sort).length > 1;
  const out: Doc[] = [];
  let last: unknown;
  let read = 0;
  let usable = true;
  const trial = SORTED_WALK_TRIAL + want;
  const answered = idx.walkRange(range, descending, (id, value) => {
    if (out.length >= want && (!tiesMatter || compareScalar(value, last) !== 0)) return false;
    if (read >= trial && out.length < want) return (usable = false);
    read++;
    const doc = coll.docs.get(id);
    if (!doc) return true;
    const values = pathValues(doc, field);
    if (values.length !== 1 || Array.isArray(values[0]) || (typeof values[0] === 'number' && Number.isNaN(values[0]))) return (usable = false);
    if (test(doc)) {
      out.push(doc);
      last = value;
    }
    return true;
  });
  if (!answered || !usable) return null;
  const stage = { ...ixscan(idx), direction: descending ? 'backward' : 'forward' };
  return { docs: out, examined: read, stage: { stage: 'LIMIT', limitAmount: want, inputStage: { stage: 'FETCH', inputStage: stage } } };
}
