// find/findAndModify projections as MongoDB applies them (manual: "Project Fields to Return from
// Query", $slice, $elemMatch and positional $ projection operators): fields come back in the
// document's order, `_id` first unless excluded; `$slice` neither includes nor excludes;
// `$elemMatch` and `field.$` keep the first matching element. Projections holding aggregation
// expressions are evaluated by mingo.
import { find as mingoFind } from 'mingo';
import { makeQuery } from './query';
import { MongoError } from './errors';
import { cloneDeep, Doc, getOwn, isPlainObject, plainCopy, queryView, setOwn } from './values';

type Tree = { [k: string]: Tree | true };

interface Special {
  path: string[];
  apply: (v: unknown[], doc: Doc) => unknown[] | undefined;
}

function addPath(tree: Tree, segs: string[], path: string): void {
  let t = tree;
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    const cur = t[s];
    if (i === segs.length - 1) {
      if (cur !== undefined) throw new MongoError(31250, `Path collision at ${path}`);
      t[s] = true;
      return;
    }
    if (cur === true) throw new MongoError(31250, `Path collision at ${path}`);
    t = (t[s] = cur ?? {}) as Tree;
  }
}

function include(src: unknown, tree: Tree): unknown {
  if (Array.isArray(src)) return src.filter((e) => isPlainObject(e) || Array.isArray(e)).map((e) => include(e, tree));
  if (!isPlainObject(src)) return undefined;
  const out: Doc = {};
  for (const k of Object.keys(src)) {
    const sub = getOwn(tree, k) as Tree | true | undefined;
    if (sub === undefined) continue;
    const v = src[k];
    if (sub === true) setOwn(out, k, v);
    else {
      const r = include(v, sub);
      if (r !== undefined) setOwn(out, k, r);
    }
  }
  return out;
}

function exclude(src: unknown, tree: Tree): unknown {
  if (Array.isArray(src)) return src.map((e) => (isPlainObject(e) || Array.isArray(e) ? exclude(e, tree) : e));
  if (!isPlainObject(src)) return src;
  const out: Doc = {};
  for (const k of Object.keys(src)) {
    const sub = getOwn(tree, k) as Tree | true | undefined;
    if (sub === true) continue;
    setOwn(out, k, sub === undefined ? src[k] : exclude(src[k], sub));
  }
  return out;
}

function getAt(doc: unknown, segs: string[]): unknown {
  let cur = doc;
  for (const s of segs) {
    if (!isPlainObject(cur)) return undefined;
    cur = getOwn(cur, s);
  }
  return cur;
}

function setAt(doc: Doc, segs: string[], v: unknown): void {
  let cur = doc;
  for (let i = 0; i < segs.length - 1; i++) {
    let next = getOwn(cur, segs[i]);
    if (!isPlainObject(next)) {
      next = {};
      setOwn(cur, segs[i], next);
    }
    cur = next as Doc;
  }
  setOwn(cur, segs[segs.length - 1], v);
}

function deleteAt(doc: Doc, segs: string[]): void {
  const parent = getAt(doc, segs.slice(0, -1));
  if (isPlainObject(parent)) delete parent[segs[segs.length - 1]];
}

/** The first element of `arr` that the query's conditions on `path` match (positional `$`). */
function positionalMatch(query: Doc | undefined, path: string): (arr: unknown[]) => number {
  const tests: ((e: unknown) => boolean)[] = [];
  const collect = (q: Doc): void => {
    for (const [k, cond] of Object.entries(q)) {
      if ((k === '$and' || k === '$or') && Array.isArray(cond)) cond.forEach((s) => isPlainObject(s) && collect(s));
      else if (k === path || k.startsWith(path + '.')) {
        const sub = makeQuery({ ['x' + k.slice(path.length)]: cond });
        tests.push((e) => sub.test({ x: [plainCopy(e)] }));
      }
    }
  };
  if (query) collect(query);
  if (!tests.length)
    throw new MongoError(51246, 'Executor error during find command :: caused by :: positional operator \'.$\' couldn\'t find a matching element in the array');
  return (arr) => arr.findIndex((e) => tests.every((t) => t(e)));
}

export type Projector = (doc: Doc) => Doc;

/** Compiles a projection; null when there is nothing to project. */
export function compileProjection(proj: unknown, query?: Doc): Projector | null {
  if (proj === undefined || proj === null) return null;
  if (!isPlainObject(proj)) throw new MongoError(2, 'projection must be an object');
  const entries = Object.entries(proj);
  if (!entries.length) return null;
  const incl: Tree = {};
  const excl: Tree = {};
  const specials: Special[] = [];
  let hasIncl = false;
  let hasExcl = false;
  let idExcluded = false;
  let idIncluded = false;
  let expression = false;
  for (const [path, v] of entries) {
    const segs = path.split('.');
    if (typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'object' && v !== null && ['Int32', 'Double', 'Long'].includes((v as { _bsontype?: string })._bsontype ?? ''))) {
      const on = typeof v === 'boolean' ? v : Number(v) !== 0;
      if (segs[segs.length - 1] === '$') {
        if (!on) throw new MongoError(31395, `positional projection cannot be used with exclusion`);
        const base = segs.slice(0, -1);
        const find = positionalMatch(query, base.join('.'));
        hasIncl = true;
        addPath(incl, base, path);
        specials.push({ path: base, apply: (arr) => {
          const i = find(arr);
          return i < 0 ? undefined : [arr[i]];
        } });
        continue;
      }
      if (path === '_id') {
        if (!on) idExcluded = true;
        else idIncluded = true;
        continue;
      }
      if (on) {
        hasIncl = true;
        addPath(incl, segs, path);
      } else {
        hasExcl = true;
        addPath(excl, segs, path);
      }
      continue;
    }
    if (isPlainObject(v) && Object.keys(v).length === 1 && '$slice' in v) {
      const arg = v.$slice;
      let skip = 0;
      let limit: number;
      if (Array.isArray(arg)) {
        if (arg.length !== 2) throw new MongoError(28724, 'First argument to $slice must be an array, second argument must be a number');
        skip = Number(arg[0]);
        limit = Number(arg[1]);
        if (!(limit > 0)) throw new MongoError(28724, '$slice limit must be positive');
      } else limit = Number(arg);
      if (!Number.isFinite(skip) || Number.isNaN(limit)) throw new MongoError(28724, '$slice only supports numbers and [skip, limit] arrays');
      specials.push({ path: segs, apply: (arr) => {
        if (!Array.isArray(arg)) return limit >= 0 ? arr.slice(0, limit) : arr.slice(Math.max(0, arr.length + limit));
        const from = skip >= 0 ? Math.min(skip, arr.length) : Math.max(0, arr.length + skip);
        return arr.slice(from, from + limit);
      } });
      continue;
    }
    if (isPlainObject(v) && Object.keys(v).length === 1 && '$elemMatch' in v) {
      if (!isPlainObject(v.$elemMatch)) throw new MongoError(2, '$elemMatch needs an Object');
      const q = makeQuery({ x: { $elemMatch: v.$elemMatch } });
      hasIncl = true;
      addPath(incl, segs, path);
      specials.push({ path: segs, apply: (arr) => {
        const e = arr.find((el) => q.test({ x: [plainCopy(el)] }));
        return e === undefined ? undefined : [e];
      } });
      continue;
    }
    if (isPlainObject(v) && Object.keys(v).length === 1 && '$meta' in v) continue; // $text is unsupported: no score
    expression = true;
  }
  if (expression) {
    // Aggregation expressions in a find projection (MongoDB 4.4+): mingo's $project.
    return (doc) => (mingoFind([cloneDeep(queryView(doc))], {}, proj).all()[0] as Doc) ?? {};
  }
  if (hasIncl && hasExcl) {
    const ex = Object.keys(excl)[0];
    throw new MongoError(31254, `Cannot do exclusion on field ${ex} in inclusion projection`);
  }
  if (!hasIncl && !hasExcl && idIncluded) hasIncl = true; // { _id: 1 } alone: only _id
  if (hasIncl && !idExcluded) incl._id = true;
  if (!hasIncl && idExcluded) excl._id = true;
  return (doc) => {
    const out = (hasIncl ? include(doc, incl) : exclude(doc, excl)) as Doc;
    for (const sp of specials) {
      const src = getAt(doc, sp.path);
      if (!Array.isArray(src)) continue;
      const r = sp.apply(src, doc);
      if (r === undefined) deleteAt(out, sp.path);
      else setAt(out, sp.path, r);
    }
    return out;
  };
}
