// Engine-only, on disk: journal bytes per update, loading (indexes built once, progress),
// compaction in the background, and reopening after a compaction was interrupted.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Decimal128, Double, Int32, Long, MongoClient, ObjectId } from 'mongodb';
import { COMMAND_TABLES } from '../src/commands';
import { Engine } from '../src/engine';
import { start } from '../src/index';
import { acquireDirLock } from '../src/lock';
import { Storage } from '../src/storage';
import { describeEngine, removeTmpDirs, tmpDir } from './helpers';

afterAll(() => removeTmpDirs());

async function withClient<T>(uri: string, fn: (c: MongoClient) => Promise<T>): Promise<T> {
  const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5000 });
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

const journalSize = (dir: string): number =>
  fs
    .readdirSync(dir)
    .filter((f) => /^journal\.\d+$/.test(f))
    .reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);

describeEngine('journal and files at scale (engine only)', () => {
  test('an update journals what it changes: bytes per $push do not grow with the array; a restart gives the same documents', async () => {
    const dir = tmpDir('diff');
    let s = await start({ port: 0, dbPath: dir });
    const perPush = async (c: MongoClient, len: number): Promise<number> => {
      const col = c.db('app').collection('lists');
      const { insertedId } = await col.insertOne({ name: `list of ${len}`, order: Array.from({ length: len }, (_, i) => `product-${i}-xxxxxxxxxxxxxxxx`), updatedAt: new Date(0) });
      const before = journalSize(dir);
      await col.updateOne({ _id: insertedId }, { $push: { order: 'product-new-xxxxxxxxxxxxxxxx' }, $set: { updatedAt: new Date(1) } } as never);
      return journalSize(dir) - before;
    };
    const [small, big] = await withClient(s.uri, async (c) => [await perPush(c, 10), await perPush(c, 1000)]);
    expect(big).toBeLessThanOrEqual(small * 1.1);
    const expected = await withClient(s.uri, async (c) => {
      const col = c.db('app').collection('mixed');
      await col.insertOne({ _id: 1 as never, a: { b: new Int32(1), c: [1, 2, { d: 'x' }] }, keep: new Long(5), gone: 1, dec: Decimal128.fromString('1.5') });
      await col.updateOne({ _id: 1 as never }, { $inc: { 'a.b': 1 }, $unset: { gone: '' }, $set: { 'a.c.2.e': new Double(2) } });
      await col.updateOne({ _id: 1 as never }, { $push: { 'a.c': 3 } } as never);
      await col.updateOne({ _id: 1 as never }, { $pull: { 'a.c': 1 }, $rename: { keep: 'kept' } } as never);
      await col.replaceOne({ _id: 1 as never }, { z: 1, a: { c: [2] } }); // another field order: written whole
      await col.updateOne({ _id: 1 as never }, { $set: { n: new Long(2) } });
      return c.db('app').collection('mixed').find({}, { promoteValues: false }).toArray();
    });
    const lists = await withClient(s.uri, (c) => c.db('app').collection('lists').find({}, { promoteValues: false }).toArray());
    await s.stop();
    s = await start({ port: 0, dbPath: dir });
    await withClient(s.uri, async (c) => {
      expect(await c.db('app').collection('mixed').find({}, { promoteValues: false }).toArray()).toEqual(expected);
      expect(await c.db('app').collection('lists').find({}, { promoteValues: false }).toArray()).toEqual(lists);
    });
    await s.stop();
  });

  test('a start builds the indexes from the loaded documents, reports its progress, and the indexes answer and enforce', async () => {
    const dir = tmpDir('load');
    let s = await start({ port: 0, dbPath: dir, compactBytes: 64 * 1024 });
    await withClient(s.uri, async (c) => {
      const col = c.db('app').collection('products');
      await col.createIndex({ sku: 1 }, { unique: true });
      await col.createIndex({ price: 1 });
      for (let b = 0; b < 10; b++) await col.insertMany(Array.from({ length: 300 }, (_, i) => ({ sku: `s${b * 300 + i}`, price: (b * 300 + i) % 97 })));
      await col.deleteOne({ sku: 's5' });
    });
    await s.stop();
    const seen: [number, number][] = [];
    const indexing: [number, number][] = [];
    s = await start({ port: 0, dbPath: dir, onProgress: (done, total, phase) => (phase === 'records' ? seen : indexing).push([done, total]) });
    expect(seen.length).toBeGreaterThan(1);
    for (const [done, total] of seen) expect(done).toBeLessThanOrEqual(total);
    expect(seen[seen.length - 1][0]).toBe(seen[seen.length - 1][1]);
    // Two indexes (sku, price; _id is the documents' own map) of 2,999 documents: told after each.
    expect(indexing.map(([done]) => done)).toEqual([2999, 5998]);
    for (const [, total] of indexing) expect(total).toBe(5998);
    await withClient(s.uri, async (c) => {
      const col = c.db('app').collection('products');
      expect(await col.countDocuments({ price: { $gte: 10, $lt: 12 } })).toBe(62);
      expect(await col.countDocuments({ sku: 's5' })).toBe(0);
      const r = await c.db('app').command({ explain: { find: 'products', filter: { price: { $gte: 10, $lt: 12 } } } });
      expect(r.queryPlanner.winningPlan).toMatchObject({ inputStage: { stage: 'IXSCAN', indexName: 'price_1' } });
      expect((await col.insertOne({ sku: 's6' }).catch((e) => e)).code).toBe(11000);
    });
    await s.stop();
  });

  test('ObjectIds keep their byte order in an index built by a start, and in one kept as writes come', async () => {
    const dir = tmpDir('oid-order');
    // Ids that differ in every 3-byte group, high and low values: the order is the hex order.
    const hex = ['ff0000000000000000000000', '000001000000000000000000', '0000000000ff000000000001', '000000000000000000ff0000', '00000000000000000000ffff', '7fffff800000000000000000', '000000000000800000000000', '00000000000000000000000a'];
    const ordered = [...hex].sort();
    let s = await start({ port: 0, dbPath: dir });
    const check = async () =>
      withClient(s.uri, async (c) => {
        const col = c.db('app').collection('refs');
        const byRef = await col.find({}).sort({ ref: 1 }).hint({ ref: 1 }).toArray();
        expect(byRef.map((d) => d.ref.toHexString())).toEqual(ordered);
        const above = await col.find({ ref: { $gt: new ObjectId(ordered[3]) } }).toArray();
        expect(above.map((d) => d.ref.toHexString()).sort()).toEqual(ordered.slice(4));
        expect((await col.find({}).sort({ _id: 1 }).toArray()).map((d) => d._id.toHexString())).toEqual(ordered);
      });
    await withClient(s.uri, async (c) => {
      const col = c.db('app').collection('refs');
      await col.createIndex({ ref: 1 });
      await col.insertMany(hex.map((h) => ({ _id: new ObjectId(h), ref: new ObjectId(h) })));
    });
    await check();
    await s.stop();
    s = await start({ port: 0, dbPath: dir });
    await check();
    await s.stop();
  });

  /**
   * An engine over storage that compacts in the background only when told, holding `batches` ×
   * 300 documents of about 2 kB (`_id` 0, 1, …) in `app.c`.
   */
  async function backgroundStore(name: string, batches: number) {
    const dir = tmpDir(name);
    const engine = new Engine(COMMAND_TABLES);
    const lock = await acquireDirLock(dir);
    const storage = Storage.open(dir, (op) => engine.applyOp(op), { lock, dump: () => engine.dumpOps(), freeze: () => engine.freezeOps(), compactBytes: 1 << 30 });
    engine.storage = storage;
    const run = (cmd: Record<string, unknown>): Promise<Record<string, unknown>> => engine.handle({ ...cmd, $db: 'app' }, { id: 1, remote: 'test' });
    const pad = 'x'.repeat(2000);
    for (let b = 0; b < batches; b++) await run({ insert: 'c', documents: Array.from({ length: 300 }, (_, i) => ({ _id: b * 300 + i, pad })) });
    return { dir, engine, storage, run };
  }

  test('a compaction is written in the background: requests are answered meanwhile, and nothing is lost', async () => {
    const { dir, engine, storage, run } = await backgroundStore('bg', 10);
    let turns = 0;
    let ticking = true;
    const tick = (): void => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const compaction = storage.compactInBackground();
    // written while the snapshot is: goes to the next journal
    const during = run({ insert: 'c', documents: [{ _id: 'during' }] });
    await compaction;
    ticking = false;
    await during;
    expect(turns).toBeGreaterThan(3);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('journal') || f.startsWith('snapshot')).sort()).toEqual(['journal.1', 'snapshot.bson']);
    await storage.close();
    engine.close();
    await withClient((s = await start({ port: 0, dbPath: dir })).uri, async (c) => {
      expect(await c.db('app').collection('c').countDocuments()).toBe(3001);
    });
    await s.stop();
  });
  test('a large snapshot is flushed to disk as it is written, not left whole for the end (a journal sync would wait for it)', async () => {
    // About 24 MB of documents.
    const { dir, engine, storage } = await backgroundStore('flush', 40);
    const probe = await fs.promises.open(path.join(dir, 'probe'), 'w');
    const handle = Object.getPrototypeOf(probe) as { datasync(): Promise<void> };
    await probe.close();
    const datasync = jest.spyOn(handle, 'datasync');
    try {
      await storage.compactInBackground();
      expect(datasync.mock.calls.length).toBeGreaterThanOrEqual(2);
    } finally {
      datasync.mockRestore();
    }
    await storage.close();
    engine.close();
    await withClient((s = await start({ port: 0, dbPath: dir })).uri, async (c) => {
      expect(await c.db('app').collection('c').countDocuments()).toBe(12000);
    });
    await s.stop();
  });
  let s: Awaited<ReturnType<typeof start>>;

  test('the compact command folds the journal into a snapshot while writes go on, and every write survives a restart', async () => {
    const dir = tmpDir('cmd');
    let srv = await start({ port: 0, dbPath: dir });
    await withClient(srv.uri, async (c) => {
      const col = c.db('app').collection('c');
      await col.insertMany(Array.from({ length: 2000 }, (_, i) => ({ _id: i as never, pad: 'x'.repeat(500) })));
      const writes = Promise.all(Array.from({ length: 50 }, (_, i) => col.insertOne({ _id: `w${i}` as never })));
      const reply = await c.db('app').command({ compact: 'c' });
      await writes;
      expect(reply).toMatchObject({ ok: 1 });
      expect(reply.bytesFreed).toBeGreaterThanOrEqual(0);
      expect(await c.db('app').command({ compact: 5 }).catch((e: { code?: number }) => e.code)).toBe(2);
    });
    expect(fs.readdirSync(dir)).toContain('snapshot.bson');
    await srv.stop();
    srv = await start({ port: 0, dbPath: dir });
    await withClient(srv.uri, async (c) => expect(await c.db('app').collection('c').countDocuments()).toBe(2050));
    await srv.stop();
  });

  test('updates journaled as changes, queued while compactions start, are replayed exactly once', async () => {
    const dir = tmpDir('queued');
    let srv = await start({ port: 0, dbPath: dir, compactBytes: 8 * 1024 });
    await withClient(srv.uri, async (c) => {
      const col = c.db('app').collection('lists');
      await col.insertMany(Array.from({ length: 5 }, (_, i) => ({ _id: i as never, order: [] as string[] })));
      // 20 writers: writes queue up behind each sync, and compactions start among them
      await Promise.all(
        Array.from({ length: 20 }, async (_, w) => {
          for (let k = 0; k < 15; k++) await col.updateOne({ _id: (w % 5) as never }, { $push: { order: `w${w}-${k}-${'y'.repeat(100)}` } } as never);
        }),
      );
    });
    await srv.stop();
    srv = await start({ port: 0, dbPath: dir });
    await withClient(srv.uri, async (c) => {
      const docs = await c.db('app').collection('lists').find({}).sort({ _id: 1 }).toArray();
      expect(docs.map((d) => (d.order as string[]).length)).toEqual([60, 60, 60, 60, 60]);
      for (const d of docs) expect(new Set(d.order as string[]).size).toBe(60);
    });
    await srv.stop();
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('journal')).length).toBe(1);
    expect(fs.readdirSync(dir)).toContain('snapshot.bson'); // compactions happened
  });

  test('a stop in the middle of a compaction reopens: the snapshot, its journal and the next one are replayed, then folded', async () => {
    // Journal 0 (writes A), then journal 1 started by the compaction (writes B), snapshot half written.
    const a = tmpDir('mid-a');
    const b = tmpDir('mid-b');
    for (const [dir, ids] of [
      [a, [1, 2, 3]],
      [b, [4, 5]],
    ] as const) {
      const srv = await start({ port: 0, dbPath: dir });
      await withClient(srv.uri, (c) => c.db('app').collection('c').insertMany(ids.map((i) => ({ _id: i as never }))));
      await withClient(srv.uri, (c) => c.db('app').collection('c').updateOne({ _id: ids[0] as never }, { $set: { seen: true } }));
      await srv.stop();
    }
    const dir = tmpDir('mid');
    fs.copyFileSync(path.join(a, 'journal.0'), path.join(dir, 'journal.0'));
    fs.copyFileSync(path.join(b, 'journal.0'), path.join(dir, 'journal.1'));
    fs.writeFileSync(path.join(dir, 'snapshot.bson.tmp'), Buffer.alloc(100, 7));
    for (let round = 0; round < 2; round++) {
      const srv = await start({ port: 0, dbPath: dir });
      await withClient(srv.uri, async (c) => {
        expect(await c.db('app').collection('c').find({}).sort({ _id: 1 }).toArray()).toEqual([
          { _id: 1, seen: true },
          { _id: 2 },
          { _id: 3 },
          { _id: 4, seen: true },
          { _id: 5 },
        ]);
      });
      await srv.stop();
    }
    expect(fs.readdirSync(dir).filter((f) => !f.startsWith('mongod')).sort()).toEqual(['journal.2', 'snapshot.bson']);
  });
});
