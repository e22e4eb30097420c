// Engine-only: restart persistence, transactions on disk, torn tails, compaction, lock, kill -9.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MongoClient } from 'mongodb';
import mongoose from 'mongoose';
import { start } from '../src/index';
import { describeEngine, removeTmpDirs, spawnEngine, tmpDir } from './helpers';

afterAll(() => removeTmpDirs());

async function withClient<T>(uri: string, fn: (c: MongoClient) => Promise<T>): Promise<T> {
  const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5000 });
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

describeEngine('durability (engine only)', () => {
  test('data, indexes and committed transactions survive a restart; aborted ones leave no trace', async () => {
    const dir = tmpDir('restart');
    let s = await start({ port: 0, dbPath: dir });
    const conn = await mongoose.createConnection(s.uri, { dbName: 'app' }).asPromise();
    const M = conn.model('Thing', new mongoose.Schema({ k: { type: String, unique: true }, n: Number }, { timestamps: true }));
    await M.init();
    await M.create({ k: 'a', n: 1 });
    await M.updateOne({ k: 'a' }, { $inc: { n: 1 } });
    await M.create({ k: 'b', n: 1 });
    await M.deleteOne({ k: 'b' });
    await conn.transaction(async (session) => {
      await M.create([{ k: 'tx', n: 5 }], { session });
    });
    const sess = await conn.startSession();
    await sess
      .withTransaction(async () => {
        await M.create([{ k: 'aborted', n: 6 }], { session: sess });
        throw new Error('abort');
      })
      .catch(() => {});
    await sess.endSession();
    await conn.close();
    await s.stop();

    s = await start({ port: 0, dbPath: dir });
    await withClient(s.uri, async (c) => {
      const col = c.db('app').collection('things');
      const docs = await col.find({}, { projection: { _id: 0, k: 1, n: 1 } }).sort({ k: 1 }).toArray();
      expect(docs).toEqual([
        { k: 'a', n: 2 },
        { k: 'tx', n: 5 },
      ]);
      const idx = await col.listIndexes().toArray();
      expect(idx.map((i) => i.name)).toContain('k_1');
      expect((await col.insertOne({ k: 'a' }).catch((e) => e)).code).toBe(11000);
    });
    // the journal holds no trace of the aborted transaction
    const raw = fs.readdirSync(dir).filter((f) => f.startsWith('journal')).map((f) => fs.readFileSync(path.join(dir, f)).toString('latin1')).join('');
    expect(raw).not.toContain('aborted');
    await s.stop();
  });

  test('compaction (snapshot + new journal) keeps everything across restarts', async () => {
    const dir = tmpDir('compact');
    let s = await start({ port: 0, dbPath: dir, compactBytes: 20_000 });
    await withClient(s.uri, async (c) => {
      const col = c.db('d').collection('x');
      await col.createIndex({ i: 1 }, { unique: true });
      for (let i = 0; i < 300; i++) await col.insertOne({ i, pad: 'x'.repeat(100) });
      await col.deleteMany({ i: { $gte: 250 } });
      await col.updateMany({}, { $set: { pad: 'y' } });
    });
    await s.stop();
    expect(fs.existsSync(path.join(dir, 'snapshot.bson'))).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('journal.')).length).toBe(1);
    s = await start({ port: 0, dbPath: dir });
    await withClient(s.uri, async (c) => {
      const col = c.db('d').collection('x');
      expect(await col.countDocuments()).toBe(250);
      expect(await col.countDocuments({ pad: 'y' })).toBe(250);
      expect((await col.insertOne({ i: 3 }).catch((e) => e)).code).toBe(11000);
    });
    await s.stop();
  });

  test('a torn journal tail is dropped; a corrupt record with bytes written after it stops the start and changes nothing', async () => {
    const dir = tmpDir('torn');
    let s = await start({ port: 0, dbPath: dir });
    await withClient(s.uri, async (c) => {
      const col = c.db('d').collection('x');
      for (let i = 0; i < 10; i++) await col.insertOne({ i });
    });
    await s.stop();
    const jf = path.join(dir, fs.readdirSync(dir).find((f) => f.startsWith('journal.'))!);
    const full = fs.readFileSync(jf);
    // 1) truncated in the middle of the last record: an append cut short, dropped silently
    fs.writeFileSync(jf, full.subarray(0, full.length - 7));
    s = await start({ port: 0, dbPath: dir });
    const n = await withClient(s.uri, (c) => c.db('d').collection('x').countDocuments());
    expect(n).toBe(9);
    // new writes after recovery append cleanly
    await withClient(s.uri, (c) => c.db('d').collection('x').insertOne({ i: 'after' }));
    await s.stop();
    // 2) flipped byte in a complete record plus bytes after it (written by a later append, so it was
    //    synced): damage, not a torn tail
    const now = fs.readFileSync(jf);
    now[now.length - 3] ^= 0xff;
    const damaged = Buffer.concat([now, Buffer.from('garbage-garbage')]);
    fs.writeFileSync(jf, damaged);
    await expect(start({ port: 0, dbPath: dir })).rejects.toThrow(/damaged at byte offset \d+.*--repair --dbpath/);
    expect(fs.readFileSync(jf).equals(damaged)).toBe(true);
  });

  test('two engines never share a dbPath', async () => {
    const dir = tmpDir('lock');
    const s = await start({ port: 0, dbPath: dir });
    await expect(start({ port: 0, dbPath: dir })).rejects.toThrow(/in use|already open/);
    await s.stop();
    const s2 = await start({ port: 0, dbPath: dir });
    await s2.stop();
  });

  test('CLI: kill -9 in a loop of 20 cycles never loses an acknowledged write', async () => {
    const dir = tmpDir('kill9');
    const acked: number[] = [];
    let seq = 0;
    for (let cycle = 0; cycle < 20; cycle++) {
      const { child, uri } = await spawnEngine(dir);
      const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5000, retryWrites: false, maxPoolSize: 4 });
      const col = client.db('k').collection('w');
      // every acknowledged write from earlier cycles is there
      const have = new Set((await col.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id as unknown as number));
      for (const id of acked) if (!have.has(id)) throw new Error(`cycle ${cycle}: acknowledged write ${id} lost`);
      // concurrent writers; kill -9 while they are in flight
      let stop = false;
      const writer = async (): Promise<void> => {
        while (!stop) {
          const id = seq++;
          try {
            await col.insertOne({ _id: id as never, cycle, pad: 'p'.repeat(200) });
            acked.push(id);
          } catch {
            return;
          }
        }
      };
      const writers = [writer(), writer(), writer()];
      await new Promise((r) => setTimeout(r, 60 + (cycle % 5) * 20));
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      stop = true;
      await Promise.all(writers);
      await client.close(true).catch(() => {});
    }
    // final check, then a clean SIGTERM shutdown
    const { child, uri } = await spawnEngine(dir);
    const n = await withClient(uri, (c) => c.db('k').collection('w').countDocuments());
    expect(n).toBeGreaterThanOrEqual(acked.length);
    expect(acked.length).toBeGreaterThan(20);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 120_000);
});
