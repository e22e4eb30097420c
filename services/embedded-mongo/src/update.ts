// Update semantics on top of mingo's updater, with MongoDB's validation and error codes.
import { makeQuery, runPipeline } from './query';
import { ObjectId } from 'bson';
import { MongoError } from './errors';
import { applyOperators, UPDATE_OPS } from './update-ops';
import { cloneDeep, Doc, isOperatorObject, isPlainObject, plainNumbers, valueKey } from './values';

const PIPELINE_STAGES = new Set(['$addFields', '$set', '$project', '$unset', '$replaceRoot', '$replaceWith']);

export function isReplacement(u: unknown): boolean {
  return isPlainObject(u) && !Object.keys(u).some((k) => k.startsWith('$'));
}

/** `_id` may only be "set" to its current value (or by an upsert's insert). */
function checkId(doc: Doc, mod: Doc): void {
  for (const [op, spec] of Object.entries(mod)) {
    if (!isPlainObject(spec)) continue;
    for (const [path, arg] of Object.entries(spec)) {
      if (path === '_id' || path.startsWith('_id.')) {
        if ((op !== '$set' && op !== '$setOnInsert') || (doc._id !== undefined && (path !== '_id' || valueKey(arg) !== valueKey(doc._id))))
          throw new MongoError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
      }
    }
  }
}

export interface UpdateOptions {
  arrayFilters?: Doc[];
  query?: Doc;
  /** True when building the document inserted by an upsert. */
  inserting?: boolean;
  /** The command's `let` variables (pipeline updates). */
  vars?: Doc;
}

/** Apply an update spec (operators, replacement or pipeline) to a copy of doc. */
export function applyUpdate(doc: Doc, u: unknown, opts: UpdateOptions = {}): Doc {
  let out: Doc;
  if (Array.isArray(u)) {
    for (const stage of u) {
      const name = isPlainObject(stage) ? Object.keys(stage)[0] : undefined;
      if (!name || !PIPELINE_STAGES.has(name))
        throw new MongoError(72, `${name ?? 'stage'} is not allowed to be used within an update`);
    }
    out = runPipeline([plainNumbers(cloneDeep(doc))], u as Doc[], opts.vars)[0]; // mingo sees plain numbers
    if (!out) throw new MongoError(2, 'pipeline update produced no document');
    if (out._id === undefined && doc._id !== undefined) out = { _id: doc._id, ...out };
  } else if (isReplacement(u)) {
    const r = u as Doc;
    if (opts.inserting) {
      out = { _id: r._id ?? doc._id, ...cloneDeep(r) };
    } else {
      out = { _id: doc._id, ...cloneDeep(r) };
      out._id = doc._id;
    }
    if (r._id !== undefined && doc._id !== undefined && valueKey(r._id) !== valueKey(doc._id))
      throw new MongoError(66, "After applying the update, the (immutable) field '_id' was found to have been altered to _id: " + JSON.stringify(r._id));
  } else if (isPlainObject(u)) {
    const mod: Doc = {};
    for (const [op, spec] of Object.entries(u)) {
      if (!UPDATE_OPS.has(op))
        throw new MongoError(9, `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`);
      mod[op] = spec;
    }
    checkId(doc, mod);
    out = cloneDeep(doc);
    if (opts.inserting)
      for (const op of ['$set', '$setOnInsert']) {
        const spec = mod[op];
        if (isPlainObject(spec) && '_id' in spec) {
          // The inserted document's _id goes first, as MongoDB places it.
          const { _id, ...rest } = spec;
          const { _id: _old, ...restOut } = out;
          out = { _id: cloneDeep(_id), ...restOut };
          mod[op] = rest;
        }
      }
    applyOperators(out, mod, opts);
  } else {
    throw new MongoError(9, 'Update argument must be either an object or an array');
  }
  if (!opts.inserting && valueKey(out._id) !== valueKey(doc._id))
    throw new MongoError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
  if (out._id === undefined) out = { _id: new ObjectId(), ...out };
  else if (Object.keys(out)[0] !== '_id') {
    const { _id, ...rest } = out;
    out = { _id, ...rest };
  }
  return out;
}

/** The document an upsert starts from: the query's equality conditions. */
export function seedFromQuery(q: Doc | undefined): Doc {
  const sets: Doc = {};
  const walk = (f: Doc): void => {
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' && Array.isArray(v)) v.forEach((s) => isPlainObject(s) && walk(s));
      else if (k.startsWith('$')) continue;
      else if (isOperatorObject(v)) {
        if ('$eq' in v) sets[k] = v.$eq;
      } else if (!(v instanceof RegExp)) sets[k] = v;
    }
  };
  if (q && isPlainObject(q)) walk(q);
  const doc: Doc = {};
  // mingo refuses to $set _id, so place it directly (first, as MongoDB does).
  if ('_id' in sets) {
    doc._id = cloneDeep(sets._id);
    delete sets._id;
  }
  for (const k of Object.keys(sets)) if (k.startsWith('_id.')) delete sets[k];
  if (Object.keys(sets).length) applyOperators(doc, { $set: sets }, { inserting: true });
  return doc;
}

export function matcher(q: Doc | undefined, vars?: Doc): (d: Doc) => boolean {
  if (q !== undefined && q !== null && !isPlainObject(q)) throw new MongoError(2, 'query filter must be an object');
  if (!q || Object.keys(q).length === 0) return () => true;
  const query = makeQuery(q, vars);
  return (d) => query.test(d);
}
