// Documents as canonical Extended JSON (every BSON type spelled out: an int32 and a double of the
// same value differ, an ObjectId is not a string), and a collection's checksum over them.
import { createHash } from 'node:crypto';
import { EJSON, type Document } from 'bson';

/** Read options that keep every value's BSON type (Int32/Double/Long, Binary, BSON regexes). */
export const EXACT_READ = { promoteValues: false, promoteLongs: false, promoteBuffers: false, bsonRegExp: true } as const;

export const canonical = (value: unknown): string => EJSON.stringify(value as Document, { relaxed: false });

/** The documents' canonical lines in _id order (by the canonical form of _id, the same on every server). */
export function canonicalLines(docs: readonly Document[]): string[] {
  return docs
    .map((d) => ({ id: canonical(d._id), line: canonical(d) }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((x) => x.line);
}

/** sha256 (hex) of the documents' canonical lines in _id order, each followed by a newline. */
export function checksum(docs: readonly Document[]): string {
  const hash = createHash('sha256');
  for (const line of canonicalLines(docs)) hash.update(`${line}\n`);
  return hash.digest('hex');
}
