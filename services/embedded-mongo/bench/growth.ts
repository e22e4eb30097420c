// The figures of `npm run bench` that must not grow with the database, each a ratio to a baseline
// measured in the same run: a transactional insert at 1k vs BIG documents, loading BIG vs BIG/10
// documents, journal bytes of a $push into a 1,000- vs a 10-element array, and the longest stall
// of the event loop while a compaction runs vs the time a compaction written at once takes.
// BENCH_BIG sets BIG (default 100,000). BENCH_SRC points at another copy of src/ (a before/after).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MongoClient } from 'mongodb';

type Doc = Record<string, unknown>;
const SRC = process.env.BENCH_SRC ?? path.join(__dirname, '../src');
export const BIG = Number(process.env.BENCH_BIG ?? 100_000);

/* eslint-disable @typescript-eslint/no-require-imports */
const lib = (): {
  start: (o: Doc) => Promise<{ uri: string; stop(): Promise<void> }>;
  Engine: new (t: unknown) => { applyOp(op: Doc): void; dumpOps(): Iterable<Doc>; freezeOps?: () => Iterable<Doc>; handle(c: Doc, conn: Doc): Promise<Doc>; storage: unknown; close(): void };
  COMMAND_TABLES: unknown;
  Storage: { open(dir: string, apply: (op: Doc) => void, o: Doc): { compact(): void; compactInBackground?: () => Promise<void>; close(): Promise<void> } };
  acquireDirLock: (dir: string) => Promise<unknown>;
} => ({
  ...require(path.join(SRC, 'index')),
  ...require(path.join(SRC, 'engine')),
  ...require(path.join(SRC, 'commands')),
  ...require(path.join(SRC, 'storage')),
  ...require(path.join(SRC, 'lock')),
});
/* eslint-enable @typescript-eslint/no-require-imports */

const product = (i: number): Doc => ({ name: `Product ${i}`, sku: `sku-${i}`, listId: `list-${i % 5000}`, price: (i % 997) * 1.5, url: `https://shop.example/p/${i}`, note: 'x'.repeat(120), createdAt: new Date(1e12 + i) });

function tmp(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `embedded-mongo-bench-${prefix}-`));
}

async function fill(client: MongoClient, n: number, from = 0): Promise<void> {
  const col = client.db('bench').collection('products');
  for (let i = from; i < n; i += 2000) await col.insertMany(Array.from({ length: Math.min(2000, n - i) }, (_, k) => product(i + k)));
}

/** Mean ms of one transaction inserting a product (and updating its list), after a warm-up. */
async function txnInsert(client: MongoClient, runs: number, tag: string, base: number): Promise<number> {
  const col = client.db('bench').collection('products');
  const lists = client.db('bench').collection('lists');
  const one = async (i: number): Promise<void> => {
    const session = client.startSession();
    try {
      await session.withTransaction(async () => {
        await col.insertOne(product(10_000_000 + base + i) as never, { session });
        await lists.updateOne({ _id: `list-${i % 50}` as never }, { $push: { order: `${tag}-${i}` } } as never, { session, upsert: true });
      });
    } finally {
      await session.endSession();
    }
  };
  for (let i = 0; i < 20; i++) await one(i);
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) await one(1000 + i);
  return (performance.now() - t0) / runs;
}

export async function transactionalInserts(): Promise<{ small: number; big: number }> {
  const { start } = lib();
  const s = await start({ port: 0, dbPath: tmp('txn') });
  const client = await MongoClient.connect(s.uri);
  try {
    const col = client.db('bench').collection('products');
    await col.createIndex({ sku: 1 }, { unique: true });
    await col.createIndex({ listId: 1 });
    await fill(client, 1000);
    const small = await txnInsert(client, 200, 'a', 0);
    await fill(client, BIG, 1000);
    const big = await txnInsert(client, 200, 'b', 100_000);
    return { small, big };
  } finally {
    await client.close();
    await s.stop();
  }
}

/** Seconds to start on a directory of n products (written, then compacted into a snapshot by a stop and start). */
export async function loadTime(n: number): Promise<number> {
  const { start } = lib();
  const dir = tmp('load');
  let s = await start({ port: 0, dbPath: dir });
  const client = await MongoClient.connect(s.uri);
  const col = client.db('bench').collection('products');
  await col.createIndex({ sku: 1 }, { unique: true });
  await col.createIndex({ listId: 1 });
  await col.createIndex({ price: 1 });
  await fill(client, n);
  await client.close();
  await s.stop();
  const t0 = performance.now();
  s = await start({ port: 0, dbPath: dir });
  const secs = (performance.now() - t0) / 1000;
  await s.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  return secs;
}

/** Journal bytes of one `$push` into a list whose order array has `len` elements. */
export async function journalBytesPerPush(len: number): Promise<number> {
  const { start } = lib();
  const dir = tmp('journal');
  const s = await start({ port: 0, dbPath: dir });
  const client = await MongoClient.connect(s.uri);
  const size = (): number => fs.readdirSync(dir).filter((f) => f.startsWith('journal.')).reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);
  try {
    const lists = client.db('bench').collection('lists');
    await lists.insertOne({ _id: 'l' as never, name: 'A list', order: Array.from({ length: len }, (_, i) => `66b0c0ffee${String(i).padStart(14, '0')}`) });
    const before = size();
    for (let i = 0; i < 10; i++) await lists.updateOne({ _id: 'l' as never }, { $push: { order: `new-${i}` }, $set: { updatedAt: new Date() } } as never);
    return (size() - before) / 10;
  } finally {
    await client.close();
    await s.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The longest event-loop stall during a compaction of n products, and the time of one written at once. */
export async function compactionStall(n: number): Promise<{ stallMs: number; syncMs: number; background: boolean }> {
  const { Engine, COMMAND_TABLES, Storage, acquireDirLock } = lib();
  const dir = tmp('compact');
  const engine = new Engine(COMMAND_TABLES);
  const lock = await acquireDirLock(dir);
  const storage = Storage.open(dir, (op) => engine.applyOp(op), { lock, dump: () => engine.dumpOps(), freeze: engine.freezeOps ? () => engine.freezeOps!() : undefined, compactBytes: 1 << 30 });
  engine.storage = storage;
  for (let i = 0; i < n; i += 5000)
    await engine.handle({ insert: 'products', documents: Array.from({ length: Math.min(5000, n - i) }, (_, k) => ({ _id: i + k, ...product(i + k) })), $db: 'bench' }, { id: 1, remote: 'bench' });
  let t0 = performance.now();
  storage.compact();
  const syncMs = performance.now() - t0;
  let stallMs = syncMs;
  if (storage.compactInBackground) {
    let last = performance.now();
    let worst = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }, 1);
    t0 = performance.now();
    last = t0;
    // the stall of starting it counts too
    const run = storage.compactInBackground();
    worst = Math.max(worst, performance.now() - t0);
    await run;
    clearInterval(timer);
    stallMs = worst;
  }
  await storage.close();
  engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return { stallMs, syncMs, background: !!storage.compactInBackground };
}
