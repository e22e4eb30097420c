// Helpers shared by the command families.
import { BSON } from 'bson';
import { MongoError } from '../errors';
import { Doc, isPlainObject } from '../values';

export function num(v: unknown, dflt: number): number {
  if (v === undefined || v === null) return dflt;
  return Number(typeof v === 'object' ? String(v) : v);
}

export function longKey(v: unknown): string {
  return String(typeof v === 'object' && v !== null ? String(v) : v);
}

/** A command's `let` variables (find, update, delete, findAndModify, aggregate), used as $$name. */
export function letVars(cmd: Doc): Doc | undefined {
  const v = cmd.let;
  if (v === undefined || v === null) return undefined;
  if (!isPlainObject(v)) throw new MongoError(14, "BSON field 'let' is the wrong type, expected type 'object'");
  for (const k of Object.keys(v))
    if (!/^[a-z\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*$/.test(k)) throw new MongoError(17276, `'${k}' starts with an invalid character for a user variable name`);
  return v;
}

export function bsonEqual(a: Doc, b: Doc): boolean {
  return Buffer.from(BSON.serialize(a)).equals(BSON.serialize(b));
}
