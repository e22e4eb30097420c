// The checks and conversions a command goes through before and around the engine's work: options
// the engine refuses, numbers into the engine's forms, MongoDB's limits on _id and document size,
// and sort specifications for mingo.
import { BSON } from 'bson';
import { MongoError } from './errors';
import { Doc, isPlainObject, plainNumbers, setOwn, storageForm } from './values';
import { MAX_BSON_SIZE } from './wire';

/** MongoDB's checks on an _id value: no array, no undefined, no regex, no $-prefixed field inside. */
export function checkIdValue(id: unknown): void {
  if (Array.isArray(id)) throw new MongoError(2, "can't use an array for _id");
  if (id instanceof RegExp) throw new MongoError(2, "can't use a regex for _id");
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!isPlainObject(v)) return;
    for (const k of Object.keys(v)) {
      if (k.startsWith('$')) throw new MongoError(52, `_id fields may not contain '$'-prefixed fields: ${k} is not valid for storage.`);
      walk(v[k]);
    }
  };
  walk(id);
}

/** Documents are at most 16 MB (maxBsonObjectSize). */
export function checkSize(doc: Doc, fromUpdate: boolean): void {
  const size = BSON.calculateObjectSize(doc);
  if (size <= MAX_BSON_SIZE) return;
  if (fromUpdate) throw new MongoError(17419, `Resulting document after update is larger than ${MAX_BSON_SIZE}`);
  throw new MongoError(2, `object to insert too large. size in bytes: ${size}, max size: ${MAX_BSON_SIZE}`);
}

/**
 * Options the engine cannot honour are refused rather than ignored, so code that relies on them
 * fails here instead of behaving differently on a real MongoDB: a collation other than the simple
 * binary one (on the command, or on a statement or index inside it), and a schema validator.
 * MongoDB's NotImplemented (238) is the code for an option a server does not implement.
 */
function refuseUnsupportedOptions(name: string, cmd: Doc): void {
  const simple = (c: unknown) => c === undefined || (isPlainObject(c) && c.locale === 'simple');
  const inner = [cmd, ...(['updates', 'deletes', 'indexes'] as const).flatMap((k) => (Array.isArray(cmd[k]) ? (cmd[k] as unknown[]) : []))];
  for (const part of inner)
    if (isPlainObject(part) && !simple(part.collation))
      throw new MongoError(238, "collation is not supported by embedded-mongo (strings compare by simple binary comparison): use { locale: 'simple' } or a real MongoDB");
  const lower = name.toLowerCase();
  if ((lower === 'create' || lower === 'collmod') && isPlainObject(cmd.validator) && Object.keys(cmd.validator).length)
    throw new MongoError(238, 'schema validation (validator) is not supported by embedded-mongo: documents would not be checked; use a real MongoDB');
  // A view would be an empty ordinary collection: every read of it would silently find nothing.
  if (lower === 'create' && cmd.viewOn !== undefined)
    throw new MongoError(238, 'views (viewOn) are not supported by embedded-mongo: use an aggregation pipeline or a real MongoDB');
}

/**
 * Numbers as decoded from the wire (Int32/Double/Long wrappers) into the engine's forms, in place:
 * the documents a command stores keep their BSON types (storageForm), everything else (filters,
 * options, cursor ids) gets plain JS numbers for mingo (plainNumbers).
 */
export function prepareCommand(cmd: Doc): void {
  const name = Object.keys(cmd)[0];
  refuseUnsupportedOptions(name, cmd);
  const stored = (k: string): boolean =>
    (name === 'insert' && k === 'documents') || ((name === 'findAndModify' || name === 'findandmodify') && k === 'update');
  for (const k of Object.keys(cmd)) {
    const v = cmd[k];
    if (v === null || typeof v !== 'object') continue;
    if (name === 'update' && k === 'updates' && Array.isArray(v)) {
      for (const st of v) {
        if (!isPlainObject(st)) continue;
        for (const sk of Object.keys(st))
          setOwn(st, sk, sk === 'u' && !Array.isArray(st.u) ? storageForm(st[sk]) : plainNumbers(st[sk]));
      }
      continue;
    }
    setOwn(cmd, k, stored(k) && !Array.isArray(v) ? storageForm(v) : stored(k) && k === 'documents' ? storageForm(v) : plainNumbers(v));
  }
}

export function normalizeSort(sort: Doc): Record<string, 1 | -1> {
  const out: Record<string, 1 | -1> = {};
  for (const [k, v] of Object.entries(sort)) {
    if (isPlainObject(v)) continue; // { $meta: ... } not supported: ignored
    out[k] = Number(v) < 0 ? -1 : 1;
  }
  return out;
}
