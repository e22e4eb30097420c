// Helpers for the tests that damage the engine's files (faults.test.ts, torn-tail.test.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MongoClient } from 'mongodb';
import { COMMAND_TABLES } from '../src/commands';
import { Engine } from '../src/engine';
import { start } from '../src/index';
import { acquireDirLock } from '../src/lock';
import { readStrict } from '../src/records';
import type { IntactRecord } from '../src/records';
import { Storage } from '../src/storage';
import type { Doc } from '../src/values';
import { tmpDir } from './helpers';

/**
 * Ids of the documents a data directory holds once opened (no server, no network: fast). The
 * engine's warnings (a torn tail dropped) are pushed to `warnings`.
 */
export async function openIds(dir: string, warnings: string[] = []): Promise<number[]> {
  const engine = new Engine(COMMAND_TABLES);
  const lock = await acquireDirLock(dir);
  let storage: Storage;
  try {
    const logger = { warn: (_f: Record<string, unknown>, m: string) => void warnings.push(m) };
    storage = Storage.open(dir, (op) => engine.applyOp(op), { lock, dump: () => engine.dumpOps(), logger });
  } catch (e) {
    lock.release();
    throw e;
  }
  const ids = [...engine.dumpOps()]
    .filter((o) => o.o === 'puts')
    .flatMap((o) => (o.ds as Doc[]).map((d) => d._id as number))
    .sort((a, b) => a - b);
  await storage.close();
  engine.close();
  return ids;
}

export function idsOf(rec: IntactRecord): number[] {
  return rec.ops.filter((o) => o.o === 'put').map((o) => (o.d as Doc)._id as number);
}

/** Every file of a directory (recursively) and its bytes: to prove that a refused start changed nothing. */
export function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const p = path.join(e.parentPath, e.name);
    out[path.relative(dir, p)] = `${(fs.statSync(p).mode & 0o777).toString(8)}:${fs.readFileSync(p).toString('base64')}`;
  }
  return out;
}

/** Empties `dir` and writes `files` into it (0600, as the engine writes them). */
export function reset(dir: string, files: Record<string, Buffer>): void {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { mode: 0o700 });
  for (const [name, buf] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), buf, { mode: 0o600 });
}

/**
 * A journal of `n` acknowledged inserts written by a real engine and driver, one after the other
 * (one record each); the engine is stopped.
 */
export async function makeJournal(n: number): Promise<{ journal: Buffer; records: IntactRecord[] }> {
  const dir = tmpDir('journal-src');
  const s = await start({ port: 0, dbPath: dir });
  const client = await MongoClient.connect(s.uri);
  const col = client.db('app').collection<{ _id: number; email: string; address: string }>('people');
  for (let i = 0; i < n; i++) await col.insertOne({ _id: i, email: `person${i}@example.org`, address: `${i} rue de la Paix, Paris` });
  await client.close();
  await s.stop();
  const journal = fs.readFileSync(path.join(dir, 'journal.0'));
  const r = readStrict(journal, { allowTornTail: false });
  expect(r.damage).toBeNull();
  expect(r.records.flatMap(idsOf)).toEqual([...Array(n).keys()]);
  return { journal, records: r.records };
}
