// npm run bench:growth [-- --sizes 1k,10k]: what a request costs on the embedded engine as the
// data grows. Per size (default 1k, 10k, 100k, 500k products; 1 user per 20 products, 5 lists
// each, one offering per user), in a fresh engine process started as `npm start` starts it:
//   - the data set, written in bulk through the driver;
//   - the real auth, lists and offers services on it, each in its own process;
//   - product creation and an offer under 20 clients: p50 and the engine's CPU per request
//     (/proc/<pid>/stat of the engine process, before and after);
//   - readers' p99 alone, then beside one writer;
//   - what a compaction does to a reader beside a writer (3 compactions, medians): how much longer
//     the longest read (and write) during one is than the longest in a window as long right after,
//     and a read's mean time during one over its mean time after;
//   - journal bytes per product creation in a list of 10 and one of 480;
//   - the engine's load time when it starts again on the files.
// Prints the table, each budget of the issue with its ratio, and exits 1 when one is over.
// Long (the 500k data set alone takes minutes): kept out of `npm test`.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { User } from '../../../auth/src/data/models';
import { Offering } from '../../../offers/src/data/models';
import { Product, ProductList } from '../../src/data/models';
import { generator, listOfProduct, parseSizes, PRODUCTS_PER_USER, type Batch, type SeededUser } from './dataset';
import { identities, loop, newProduct, runClients, timed, type Timed } from './load';
import { processCpuText, startEngine, startServices, stop, type EngineProcess, type Services } from './processes';
import { checkBudgets, compactionStall, cpuMsFromStat, formatBudgets, formatTable, percentile, sizeLabel, type SizeResult } from './stats';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const CREATES_PER_CLIENT = Number(process.env.BENCH_CREATES_PER_CLIENT ?? 10);
const OFFERS_PER_CLIENT = Number(process.env.BENCH_OFFERS_PER_CLIENT ?? 5);
const READS_PER_CLIENT = Number(process.env.BENCH_READS_PER_CLIENT ?? 50);
const JOURNAL_CREATES = 10;
/** Compactions measured per size: their median stall is reported (one is at the mercy of a hiccup). */
const COMPACTIONS = 3;
const USERS_PER_BATCH = 250;

const say = (msg: string) => console.log(`[bench:growth] ${msg}`);
const n = (v: number) => v.toLocaleString('en-US');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

async function insertBatch(client: mongoose.mongo.MongoClient, b: Batch): Promise<void> {
  const put = async (db: string, coll: string, docs: Record<string, unknown>[]) => {
    if (docs.length) await client.db(db).collection(coll).insertMany(docs, { ordered: false });
  };
  await put('auth', User.collection.collectionName, b.users);
  await put('lists', ProductList.collection.collectionName, b.lists);
  await put('lists', Product.collection.collectionName, b.products);
  await put('offers', Offering.collection.collectionName, b.offerings);
}

/** The data set, in bulk through the driver, with the services' indexes built first (as in a running product). */
async function seed(uri: string, products: number): Promise<{ seedMs: number; users: SeededUser[]; probe: SeededUser }> {
  const started = Date.now();
  const gen = generator(products);
  const client = new mongoose.mongo.MongoClient(uri);
  await client.connect();
  try {
    for (const [model, db] of [[User, 'auth'], [ProductList, 'lists'], [Product, 'lists'], [Offering, 'offers']] as const)
      for (const [fields, options] of model.schema.indexes()) await client.db(db).collection(model.collection.collectionName).createIndex(fields as mongoose.mongo.IndexSpecification, options as mongoose.mongo.CreateIndexesOptions);
    let lastSaid = Date.now();
    for (let from = 0; from < gen.users; from += USERS_PER_BATCH) {
      const to = Math.min(gen.users, from + USERS_PER_BATCH);
      await insertBatch(client, gen.batch(from, to));
      if (Date.now() - lastSaid > 5000 || to === gen.users) {
        lastSaid = Date.now();
        say(`  seeded ${n(to * PRODUCTS_PER_USER)} of ${n(products)} products`);
      }
    }
    const probe = gen.probe(10, 480);
    await insertBatch(client, probe.batch);
    return { seedMs: Date.now() - started, users: Array.from({ length: gen.users }, (_, u) => gen.userOf(u)), probe: probe.user };
  } finally {
    await client.close();
  }
}

function journalBytes(dbPath: string): number {
  return readdirSync(dbPath)
    .filter((f) => /^journal\.\d+$/.test(f))
    .reduce((sum, f) => sum + statSync(join(dbPath, f)).size, 0);
}

function engineCpuMs(engine: EngineProcess): number {
  const text = processCpuText(engine.pid);
  return text ? cpuMsFromStat(text) : NaN;
}

async function measure(products: number, workDir: string): Promise<SizeResult> {
  const dbPath = join(workDir, 'db');
  mkdirSync(dbPath, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  const as = identities(secret);
  let engine = await startEngine(dbPath, join(workDir, 'engine.log'));
  let services: Services | null = null;
  try {
    say(`${sizeLabel(products)}: seeding`);
    const { seedMs, users, probe } = await seed(engine.uri, products);
    say(`${sizeLabel(products)}: seeded in ${n(seedMs)} ms; starting the services`);
    services = await startServices(engine.uri, workDir, secret);
    const { lists, offers } = services.urls;
    const U = users.length;
    let made = 0;
    const create = async (user: SeededUser, listIndex: number, expect = 201): Promise<Timed> =>
      timed(`${lists}/api/products-in-lists`, { method: 'POST', headers: await as(user.userId), body: JSON.stringify(newProduct(user.listIds[listIndex % user.listIds.length], made++)) }, expect);
    const read = async (u: number, i: number): Promise<Timed> => {
      const user = users[u % U];
      return timed(`${lists}/api/product-lists/${user.listIds[i % user.listIds.length]}`, { headers: await as(user.userId) });
    };
    // Warm-up: connections, JIT, caches.
    await runClients(CLIENTS, 2, (c, i) => read(c, i));
    await create(users[U - 1], 0);

    say(`${sizeLabel(products)}: product creation, ${CLIENTS} clients`);
    let cpu0 = engineCpuMs(engine);
    const creates = await runClients(CLIENTS, CREATES_PER_CLIENT, (c, i) => create(users[c % U], i));
    const createCpu = (engineCpuMs(engine) - cpu0) / creates.length;

    say(`${sizeLabel(products)}: offers, ${CLIENTS} clients`);
    cpu0 = engineCpuMs(engine);
    const offered = await runClients(CLIENTS, OFFERS_PER_CLIENT, async (c, i) => {
      // Each offer takes a product no other offer holds: product 1..19 of a user, round the users.
      const k = i * CLIENTS + c;
      const owner = users[k % U];
      const p = 1 + Math.floor(k / U);
      const productId = owner.productIds[listOfProduct(p)][p % (PRODUCTS_PER_USER / owner.listIds.length)];
      const body = { isExpectingAddress: true, products: [productId], offererEmail: `bench-giver-${k}@bench.example`, offererIdentity: 'A giver', offererMessage: 'Happy birthday!' };
      return timed(`${offers}/api/offerings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, 201);
    });
    const offerCpu = (engineCpuMs(engine) - cpu0) / offered.length;

    say(`${sizeLabel(products)}: readers alone, then beside one writer`);
    // Two rounds of each, interleaved, after one discarded: a noisy machine weighs on both alike.
    const readers = () => runClients(CLIENTS, Math.ceil(READS_PER_CLIENT / 2), (c, i) => read(c * 7 + i * 13, i));
    await readers();
    const alone: Timed[] = [];
    const beside: Timed[] = [];
    for (let round = 0; round < 2; round++) {
      alone.push(...(await readers()));
      const writer = loop((i) => create(users[U - 1], i));
      beside.push(...(await readers()));
      await writer.stop();
    }

    say(`${sizeLabel(products)}: ${COMPACTIONS} compactions under one reader and one writer`);
    const compactions: { stallMs: number; writeStallMs: number; slowdown: number; ms: number }[] = [];
    const admin = await new mongoose.mongo.MongoClient(engine.uri).connect();
    try {
      for (let k = 0; k < COMPACTIONS; k++) {
        const probeReader = loop((i) => read(1, i));
        const probeWriter = loop((i) => create(users[U - 2], i));
        await sleep(1000);
        // MongoDB's `compact` command: the engine folds its journal into a snapshot as it does when
        // the journal grows, and answers once the snapshot is in place.
        const startMs = performance.now();
        const line = await admin
          .db('lists')
          .command({ compact: Product.collection.collectionName })
          .then(
            (r) => `compaction done (${n(Number(r.bytesFreed ?? 0))} bytes freed)`,
            (e: unknown) => `compaction failed: ${String(e)}`,
          );
        const endMs = performance.now();
        // As long again without a compaction, with the same probes: the window it is compared with.
        await sleep(endMs - startMs + 200);
        const probeReads = await probeReader.stop();
        const probeWrites = await probeWriter.stop();
        const done = line.startsWith('compaction done');
        const stall = done ? compactionStall(probeReads, { startMs, endMs }) : null;
        const writeStall = done ? compactionStall(probeWrites, { startMs, endMs }) : null;
        if (stall && writeStall) compactions.push({ ...stall, writeStallMs: writeStall.stallMs, ms: endMs - startMs });
        else say(`${sizeLabel(products)}: compaction not measured (${line})`);
      }
    } finally {
      await admin.close();
    }
    const medianOf = (pick: (c: (typeof compactions)[number]) => number) => (compactions.length ? percentile(compactions.map(pick), 50) : null);
    const compactionStallMs = medianOf((c) => c.stallMs);
    const compactionWriteStallMs = medianOf((c) => c.writeStallMs);
    const compactionSlowdown = medianOf((c) => c.slowdown);
    const compactionMs = medianOf((c) => c.ms);
    if (compactions.length) say(`${sizeLabel(products)}: stalls ${compactions.map((c) => `${c.stallMs.toFixed(1)} ms`).join(', ')}; of writes ${compactions.map((c) => `${c.writeStallMs.toFixed(1)} ms`).join(', ')}; requests ${compactions.map((c) => `${c.slowdown.toFixed(2)}x`).join(', ')} as long`);

    say(`${sizeLabel(products)}: journal bytes per product creation`);
    const perCreate = async (listIndex: number): Promise<number> => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const before = journalBytes(dbPath);
        for (let i = 0; i < JOURNAL_CREATES; i++) await create(probe, listIndex);
        const after = journalBytes(dbPath);
        if (after > before) return (after - before) / JOURNAL_CREATES; // else a compaction started a new journal: again
      }
      return NaN;
    };
    const journal = { shortList: await perCreate(0), longList: await perCreate(1) };

    for (const c of services.children) await stop(c);
    services = null;
    await stop(engine.child);
    say(`${sizeLabel(products)}: the engine starts again on its files`);
    engine = await startEngine(dbPath, join(workDir, 'engine.log'));
    const loadMs = engine.startMs;
    say(`${sizeLabel(products)}: loaded in ${n(loadMs)} ms (${engine.progressLines} progress line(s), longest silence ${n(engine.longestSilenceMs)} ms)`);
    const statuses = (ts: Timed[]) => {
      const counts = new Map<number, number>();
      for (const t of ts) if (!t.ok) counts.set(t.status, (counts.get(t.status) ?? 0) + 1);
      return [...counts].map(([status, count]) => `${count} × ${status || 'no answer'}`).join(', ') || 'none';
    };
    say(`${sizeLabel(products)}: failed creations: ${statuses(creates)}; failed offers: ${statuses(offered)}`);
    const p50 = (ts: Timed[]) => percentile(ts.filter((t) => t.ok).map((t) => t.ms), 50);
    const p99 = (ts: Timed[]) => percentile(ts.filter((t) => t.ok).map((t) => t.ms), 99);
    return {
      products,
      seedMs,
      create: { p50Ms: p50(creates), engineCpuMs: createCpu, errors: creates.filter((t) => !t.ok).length },
      offer: { p50Ms: p50(offered), engineCpuMs: offerCpu, errors: offered.filter((t) => !t.ok).length },
      readersAloneP99Ms: p99(alone),
      readersWithWriterP99Ms: p99(beside),
      compactionStallMs,
      compactionWriteStallMs,
      compactionMs,
      compactionSlowdown,
      loadMs,
      loadSilenceMs: engine.longestSilenceMs,
      journalBytesPerCreate: Number.isFinite(journal.shortList) && Number.isFinite(journal.longList) ? journal : null,
    };
  } finally {
    for (const c of services?.children ?? []) await stop(c);
    await stop(engine.child);
  }
}

async function main(): Promise<void> {
  const sizes = parseSizes(argValue('sizes'));
  const results: SizeResult[] = [];
  const failed: string[] = [];
  for (const products of sizes) {
    const workDir = mkdtempSync(join(tmpdir(), `wishlist-bench-growth-${sizeLabel(products)}-`));
    try {
      const r = await measure(products, workDir);
      results.push(r);
      say(`${sizeLabel(products)}: ${JSON.stringify(r)}`);
    } catch (err) {
      // One size that cannot be measured does not hide the others.
      failed.push(sizeLabel(products));
      say(`${sizeLabel(products)}: not measured: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      if (process.env.BENCH_KEEP_DATA) say(`data kept in ${workDir}`);
      else rmSync(workDir, { recursive: true, force: true });
    }
  }
  console.log(`\n${formatTable(results)}\n`);
  const checks = checkBudgets(results);
  console.log(`${formatBudgets(checks)}\n`);
  const over = checks.filter((c) => !c.ok).length;
  console.log(over ? `${over} budget(s) over.` : 'Every budget kept.');
  if (failed.length) console.log(`Not measured: ${failed.join(', ')} (exit 2).`);
  process.exit(failed.length ? 2 : over ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
