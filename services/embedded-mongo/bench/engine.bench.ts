// npm run bench:engine — throughput through mongoose against a durable engine (dbPath in a temp dir),
// then the figures that must not grow with the database (growth.ts), as ratios to a baseline of
// the same run. BENCH_ONLY=growth skips the throughput part.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import mongoose from 'mongoose';
import { start } from '../src/index';
import { BIG, compactionStall, journalBytesPerPush, loadTime, transactionalInserts } from './growth';

const LOOKUPS = 2000;

async function timed(n: number, fn: (i: number) => Promise<unknown>, concurrency = 1): Promise<number> {
  const t0 = process.hrtime.bigint();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await fn(next++);
    }),
  );
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  return n / secs;
}

function fmt(x: number): string {
  return `${Math.round(x).toLocaleString('en-US')}/s`;
}

async function growth(): Promise<void> {
  const rows: [string, string][] = [];
  const k = (n: number): string => `${Math.round(n / 1000)}k`;
  const txn = await transactionalInserts();
  rows.push([`transactional insert (+ list $push), ms @ 1k / @ ${k(BIG)}`, `${txn.small.toFixed(2)} / ${txn.big.toFixed(2)}  ratio ${(txn.big / txn.small).toFixed(2)}`]);
  const loadSmall = await loadTime(BIG / 10);
  const loadBig = await loadTime(BIG);
  rows.push([`load at start, s @ ${k(BIG / 10)} / @ ${k(BIG)} docs`, `${loadSmall.toFixed(2)} / ${loadBig.toFixed(2)}  ratio ${(loadBig / loadSmall).toFixed(2)} (linear: 10)`]);
  const j10 = await journalBytesPerPush(10);
  const j1000 = await journalBytesPerPush(1000);
  rows.push(['journal bytes per $push, array of 10 / of 1,000', `${Math.round(j10)} / ${Math.round(j1000)}  ratio ${(j1000 / j10).toFixed(2)}`]);
  const c = await compactionStall(BIG);
  rows.push([
    `compaction of ${k(BIG)} docs: longest stall / written at once, ms`,
    `${c.stallMs.toFixed(1)} / ${c.syncMs.toFixed(1)}  ratio ${(c.stallMs / c.syncMs).toFixed(3)}${c.background ? '' : ' (no background compaction)'}`,
  ]);
  const w = Math.max(...rows.map((r) => r[0].length));
  process.stdout.write('embedded-mongo growth (ratios to a baseline of this run)\n');
  for (const [name, v] of rows) process.stdout.write(`  ${name.padEnd(w)}  ${v}\n`);
}

async function main(): Promise<void> {
  if (process.env.BENCH_ONLY === 'growth') return growth();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-bench-'));
  const server = await start({ port: 0, dbPath: dir });
  const conn = await mongoose.createConnection(server.uri, { dbName: 'bench' }).asPromise();
  const Item = conn.model(
    'Item',
    new mongoose.Schema({ sku: { type: String, index: true }, n: Number, title: String }, { timestamps: true }),
  );
  await Item.init();
  const ids: mongoose.Types.ObjectId[] = [];
  const rows: [string, string][] = [];

  const insertTo = async (target: number): Promise<number> => {
    const start0 = ids.length;
    const count = target - start0;
    // single-document inserts, 8 in flight (acknowledged = fsync'd journal)
    const rate = await timed(count, async (i) => {
      const d = await Item.create({ sku: `sku-${start0 + i}`, n: start0 + i, title: 'x'.repeat(40) });
      ids.push(d._id);
    }, 8);
    return rate;
  };
  const lookups = async (size: number): Promise<{ byId: number; byIndex: number }> => {
    const byId = await timed(LOOKUPS, (i) => Item.findById(ids[(i * 7919) % size]).lean(), 1);
    const byIndex = await timed(LOOKUPS, (i) => Item.findOne({ sku: `sku-${(i * 7919) % size}` }).lean(), 1);
    return { byId, byIndex };
  };

  const ins1 = await insertTo(1000);
  await lookups(1000); // warm-up (JIT), not measured
  const at1k = await lookups(1000);
  // grow to 50,000 documents with batched inserts to keep the bench short
  while (ids.length < 50_000) {
    const base = ids.length;
    const batch = Array.from({ length: Math.min(1000, 50_000 - base) }, (_, i) => ({ sku: `sku-${base + i}`, n: base + i, title: 'x'.repeat(40) }));
    const docs = await Item.insertMany(batch);
    for (const d of docs) ids.push(d._id);
  }
  const at50k = await lookups(50_000);
  const upd = await timed(LOOKUPS, (i) => Item.updateOne({ _id: ids[(i * 104729) % ids.length] }, { $inc: { n: 1 } }), 8);

  rows.push(['inserts (single docs, 8 concurrent, durable)', fmt(ins1)]);
  rows.push(['find by _id @ 1,000 docs', fmt(at1k.byId)]);
  rows.push(['find by indexed field @ 1,000 docs', fmt(at1k.byIndex)]);
  rows.push(['find by _id @ 50,000 docs', fmt(at50k.byId)]);
  rows.push(['find by indexed field @ 50,000 docs', fmt(at50k.byIndex)]);
  rows.push(['updates by _id ($inc, 8 concurrent, durable)', fmt(upd)]);
  const ratio = at50k.byIndex / at1k.byIndex;
  rows.push(['indexed lookups/s ratio 50k / 1k', `${ratio.toFixed(2)} (target >= 0.8: ${ratio >= 0.8 ? 'met' : 'NOT met'})`]);

  const w = Math.max(...rows.map((r) => r[0].length));
  process.stdout.write('embedded-mongo bench (through mongoose, durable mode)\n');
  for (const [k, v] of rows) process.stdout.write(`  ${k.padEnd(w)}  ${v}\n`);

  await conn.close();
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  await growth();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
