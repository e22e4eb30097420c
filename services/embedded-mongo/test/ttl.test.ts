// TTL indexes: documents expire as MongoDB's TTL monitor expires them (a store of rate-limit
// counters, sessions, … relies on it to stay small).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { start, type EmbeddedMongo } from '../src';

const HOUR = 3600_000;

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('TTL indexes', () => {
  let engine: EmbeddedMongo;
  let client: MongoClient;
  let dir: string;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ttl-'));
    engine = await start({ dbPath: dir, ttlMonitorMs: 100 });
    client = await MongoClient.connect(engine.uri);
  });
  afterEach(async () => {
    await client.close();
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('deletes documents whose indexed date is older than expireAfterSeconds, and only those', async () => {
    const c = client.db('t').collection('limits');
    await c.createIndex({ expire: 1 }, { expireAfterSeconds: 0 });
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + HOUR);
    await c.insertMany([
      { _id: 'past' as never, expire: past },
      { _id: 'future' as never, expire: future },
      { _id: 'null' as never, expire: null },
      { _id: 'missing' as never },
      { _id: 'string' as never, expire: '2000-01-01' },
      { _id: 'number' as never, expire: 0 },
      { _id: 'array' as never, expire: [future, past] }, // the earliest date counts
    ]);
    await until(async () => (await c.countDocuments()) === 5);
    expect((await c.find().sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual(['future', 'missing', 'null', 'number', 'string']);
  });

  it('counts expireAfterSeconds from the stored date, and the deletion is journaled like any write', async () => {
    const c = client.db('t').collection('sessions');
    await c.createIndex({ createdAt: 1 }, { expireAfterSeconds: 3600 });
    await c.insertMany([
      { _id: 'old' as never, createdAt: new Date(Date.now() - 2 * HOUR) },
      { _id: 'recent' as never, createdAt: new Date(Date.now() - 10 * 60_000) },
    ]);
    await until(async () => (await c.countDocuments()) === 1);
    await client.close();
    await engine.stop();
    engine = await start({ dbPath: dir, ttlMonitorMs: 60_000 });
    client = await MongoClient.connect(engine.uri);
    expect((await client.db('t').collection('sessions').find().toArray()).map((d) => d._id)).toEqual(['recent']);
  });

  it('leaves collections without a TTL index alone', async () => {
    const c = client.db('t').collection('plain');
    await c.createIndex({ expire: 1 });
    await c.insertOne({ expire: new Date(0) });
    await new Promise((r) => setTimeout(r, 400));
    expect(await c.countDocuments()).toBe(1);
  });
});
