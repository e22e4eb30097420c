// What the journal records of an update: the paths it changed, not the whole new document, so
// a write that touches a small part of a large document appends a small record.
//
// An `upd` op holds steps applied in order to the stored document: `{ k: path, v: value }` sets,
// `{ k: path, x: true }` removes, `{ k: path, a: [elements] }` appends to an array. The diff is
// only used when replaying it gives the new document byte for byte (checked on every write: field
// order and BSON types included) and it is smaller; otherwise the whole document is journaled.
import { BSON } from 'bson';
import { bsonType, Doc, isPlainObject, setOwn, valueKey } from './values';

interface Step {
  k: string[];
  v?: unknown;
  x?: true;
  a?: unknown[];
}

function hasOwn(o: Doc, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

function tag(v: unknown): string {
  if (v instanceof Date) return 'date';
  return bsonType(v) ?? typeof v;
}

/** Same value for the diff (a loose test: the byte check below has the last word). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (isPlainObject(a) || isPlainObject(b) || Array.isArray(a) || Array.isArray(b)) return false;
  return tag(a) === tag(b) && valueKey(a) === valueKey(b);
}

function diffInto(o: unknown, n: unknown, path: string[], out: Step[]): void {
  if (same(o, n)) return;
  if (isPlainObject(o) && isPlainObject(n)) {
    const oldKeys = Object.keys(o);
    const newKeys = Object.keys(n);
    const kept = oldKeys.filter((k) => hasOwn(n, k));
    // Kept fields stay in place and new ones are appended when replayed: any other order is
    // written whole.
    if (kept.some((k, i) => newKeys[i] !== k)) {
      out.push({ k: path, v: n });
      return;
    }
    for (const k of oldKeys) if (!hasOwn(n, k)) out.push({ k: [...path, k], x: true });
    for (const k of kept) diffInto(o[k], n[k], [...path, k], out);
    for (const k of newKeys.slice(kept.length)) out.push({ k: [...path, k], v: n[k] });
    return;
  }
  if (Array.isArray(o) && Array.isArray(n) && n.length >= o.length) {
    for (let i = 0; i < o.length; i++) diffInto(o[i], n[i], [...path, String(i)], out);
    if (n.length > o.length) out.push({ k: path, a: n.slice(o.length) });
    return;
  }
  out.push({ k: path, v: n });
}

function copyOf(v: unknown): Doc | unknown[] {
  return Array.isArray(v) ? v.slice() : { ...(v as Doc) };
}

/** The document the steps make of `old` (copied along the changed paths; `old` is untouched). */
export function applyDiff(old: Doc, steps: Step[]): Doc {
  const root = { ...old };
  const copied = new Set<unknown>([root]);
  const container = (parent: Doc | unknown[], key: string): Doc | unknown[] => {
    const cur = (parent as Doc)[key];
    if (cur === null || typeof cur !== 'object') throw new Error(`journal update: no container at ${key}`);
    if (copied.has(cur)) return cur as Doc | unknown[];
    const c = copyOf(cur);
    copied.add(c);
    if (Array.isArray(parent)) parent[Number(key)] = c;
    else setOwn(parent, key, c);
    return c;
  };
  for (const s of steps) {
    if (!s.k.length) throw new Error('journal update: empty path');
    let parent: Doc | unknown[] = root;
    for (const key of s.k.slice(0, -1)) parent = container(parent, key);
    const last = s.k[s.k.length - 1];
    if (s.a) (container(parent, last) as unknown[]).push(...s.a);
    else if (s.x) delete (parent as Doc)[last];
    else if (Array.isArray(parent)) parent[Number(last)] = s.v;
    else setOwn(parent, last, s.v);
  }
  return root;
}

/** The journal op of a replaced document: its changed paths when that is exact and smaller. */
export function replaceOp(db: string, c: string, old: Doc | undefined, doc: Doc): Doc {
  const whole = { o: 'put', db, c, d: doc };
  if (!old) return whole;
  const steps: Step[] = [];
  diffInto(old, doc, [], steps);
  if (steps.some((s) => !s.k.length)) return whole;
  const op = { o: 'upd', db, c, id: doc._id, s: steps };
  try {
    if (BSON.calculateObjectSize(op) >= BSON.calculateObjectSize(whole)) return whole;
    if (!Buffer.from(BSON.serialize(applyDiff(old, steps))).equals(BSON.serialize(doc))) return whole;
  } catch {
    return whole;
  }
  return op;
}

/** Replays an `upd` op on the stored document. */
export function replayUpdate(old: Doc, op: Doc): Doc {
  return applyDiff(old, op.s as Step[]);
}
