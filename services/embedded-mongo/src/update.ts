// Update semantics on top of mingo's updater, with MongoDB's validation and error codes.
import { aggregate, update as mingoUpdate, Query } from 'mingo';
import { ObjectId } from 'bson';
import { MongoError } from './errors';
import { cloneDeep, Doc, getPath, isNumeric, isOperatorObject, isPlainObject, typeName, valueKey } from './values';

const UPDATE_OPS = new Set([
  '$set', '$unset', '$inc', '$mul', '$min', '$max', '$rename', '$push', '$addToSet', '$pull', '$pullAll',
  '$pop', '$currentDate', '$bit', '$setOnInsert',
]);
const PIPELINE_STAGES = new Set(['$addFields', '$set', '$project', '$unset', '$replaceRoot', '$replaceWith']);

export function isReplacement(u: unknown): boolean {
  return isPlainObject(u) && !Object.keys(u).some((k) => k.startsWith('$'));
}

function idText(doc: Doc): string {
  const id = doc._id as { toHexString?: () => string } | undefined;
  return id && typeof id === 'object' && id.toHexString ? `ObjectId('${id.toHexString()}')` : JSON.stringify(id);
}

function checkTypes(doc: Doc, mod: Doc): void {
  const paths: string[] = [];
  for (const [op, spec] of Object.entries(mod)) {
    if (!isPlainObject(spec)) throw new MongoError(9, `Modifiers operate on fields but we found type ${typeName(spec)} instead. For example: {$mod: {<field>: ...}} not {${op}: ${JSON.stringify(spec)}}`);
    for (const [path, arg] of Object.entries(spec)) {
      paths.push(path);
      if (op === '$rename' && typeof arg === 'string') paths.push(arg);
      if (path === '_id' || path.startsWith('_id.')) {
        if ((op !== '$set' && op !== '$setOnInsert') || (doc._id !== undefined && (path !== '_id' || valueKey(arg) !== valueKey(doc._id))))
          throw new MongoError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
      }
      if (path.includes('$')) continue;
      const cur = getPath(doc, path);
      switch (op) {
        case '$inc':
        case '$mul':
          if (!isNumeric(arg))
            throw new MongoError(14, `Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${JSON.stringify(arg)}}`);
          if (cur !== undefined && cur !== null && !isNumeric(cur))
            throw new MongoError(14, `Cannot apply ${op} to a value of non-numeric type. {_id: ${idText(doc)}} has the field '${path}' of non-numeric type ${typeName(cur)}`);
          if (cur === null && op === '$inc')
            throw new MongoError(14, `Cannot apply $inc to a value of non-numeric type. {_id: ${idText(doc)}} has the field '${path}' of non-numeric type null`);
          break;
        case '$push':
        case '$addToSet':
          if (cur !== undefined && !Array.isArray(cur))
            throw new MongoError(2, `The field '${path}' must be an array but is of type ${typeName(cur)} in document {_id: ${idText(doc)}}`);
          if (isPlainObject(arg) && '$each' in arg && !Array.isArray(arg.$each))
            throw new MongoError(2, `The argument to $each in ${op} must be an array but it was of type: ${typeName(arg.$each)}`);
          break;
        case '$pull':
        case '$pullAll':
          if (cur !== undefined && !Array.isArray(cur)) throw new MongoError(2, 'Cannot apply $pull to a non-array value');
          if (op === '$pullAll' && !Array.isArray(arg))
            throw new MongoError(2, `$pullAll requires an array argument but was given a ${typeName(arg)}`);
          break;
        case '$pop':
          if (cur !== undefined && !Array.isArray(cur))
            throw new MongoError(14, `Path '${path}' contains an element of non-array type '${typeName(cur)}'`);
          break;
      }
    }
  }
  // Conflicting paths across operators (e.g. $set a and $inc a, or a and a.b).
  const sorted = paths.map((p) => p.split('.$')[0]).sort();
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1];
    const b = sorted[i];
    if (a === b || b.startsWith(a + '.'))
      throw new MongoError(40, `Updating the path '${b}' would create a conflict at '${a}'`);
  }
}

export interface UpdateOptions {
  arrayFilters?: Doc[];
  query?: Doc;
  /** True when building the document inserted by an upsert. */
  inserting?: boolean;
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
    out = aggregate([cloneDeep(doc)], u as Doc[])[0] as Doc;
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
      if (op === '$setOnInsert') {
        if (opts.inserting) mod.$set = { ...((mod.$set as Doc) ?? {}), ...(spec as Doc) };
        continue;
      }
      if (op === '$set' && mod.$set) mod.$set = { ...(spec as Doc), ...(mod.$set as Doc) };
      else mod[op] = spec;
    }
    if (!opts.inserting) checkTypes(doc, mod);
    else checkTypes(doc, Object.fromEntries(Object.entries(mod).filter(([, v]) => isPlainObject(v))));
    out = cloneDeep(doc);
    if (isPlainObject(mod.$set) && '_id' in mod.$set) {
      // mingo refuses any $set of _id: apply it here (only reachable when inserting or a no-op).
      const { _id, ...rest } = mod.$set;
      if (opts.inserting) {
        const { _id: _old, ...restOut } = out;
        out = { _id: cloneDeep(_id), ...restOut };
      }
      mod.$set = rest;
    }
    for (const [op, spec] of Object.entries(mod)) if (isPlainObject(spec) && Object.keys(spec).length === 0) delete mod[op];
    if (Object.keys(mod).length) {
      try {
        // The query is only needed for the positional `$` operator (and must not gate upserts).
        const positional = !opts.inserting && Object.values(mod).some((spec) => Object.keys(spec as Doc).some((p) => /(^|\.)\$(\.|$)/.test(p)));
        mingoUpdate(out, mod as never, opts.arrayFilters, (positional ? opts.query : undefined) as never, { cloneMode: 'deep' });
      } catch (e) {
        if (e instanceof MongoError) throw e;
        throw new MongoError(2, (e as Error).message);
      }
    }
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
  if (Object.keys(sets).length) mingoUpdate(doc, { $set: cloneDeep(sets) } as never, [], undefined, { cloneMode: 'deep' });
  return doc;
}

export function matcher(q: Doc | undefined): (d: Doc) => boolean {
  if (!q || Object.keys(q).length === 0) return () => true;
  const query = new Query(q);
  return (d) => query.test(d);
}
