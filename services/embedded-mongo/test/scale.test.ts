// Engine-only: what keeps a request's cost to what it touches: transactions over overlays (no
// copy of the collection), the planner's use of partial and sparse indexes and of `$or`, and the
// refusal of writes before the heap fills.
import { MongoClient } from 'mongodb';
import { Collection } from '../src/collection';
import { COMMAND_TABLES } from '../src/commands';
import { Engine } from '../src/engine';
import type { Doc } from '../src/values';
import { Index } from '../src/indexStructure';
import { start } from '../src/index';
import type { EmbeddedMongo } from '../src/index';
import { describeEngine } from './helpers';

describeEngine('transactions write to an overlay (engine only)', () => {
  let server: EmbeddedMongo;
  let client: MongoClient;
  beforeAll(async () => {
    server = await start({ port: 0 });
    client = await MongoClient.connect(server.uri);
  });
  afterAll(async () => {
    await client.close();
    await server.stop();
  });

  test('a transactional write copies neither the collection nor its indexes', async () => {
    const col = client.db('ov').collection('items');
    await col.createIndex({ k: 1 }, { unique: true });
    await col.createIndex({ n: 1 });
    await col.insertMany(Array.from({ length: 500 }, (_, i) => ({ k: `k${i}`, n: i })));
    const cloneColl = jest.spyOn(Collection.prototype, 'clone');
    const cloneIdx = jest.spyOn(Index.prototype, 'clone');
    const session = client.startSession();
    try {
      await session.withTransaction(async () => {
        await col.insertOne({ k: 'new', n: 1000 }, { session });
        await col.updateOne({ k: 'k1' }, { $set: { n: -1 } }, { session });
        await col.deleteOne({ k: 'k2' }, { session });
      });
    } finally {
      await session.endSession();
      cloneColl.mockRestore();
      cloneIdx.mockRestore();
    }
    expect(cloneColl).not.toHaveBeenCalled();
    expect(cloneIdx).not.toHaveBeenCalled();
    expect(await col.countDocuments()).toBe(500);
    expect(await col.findOne({ n: -1 }, { projection: { _id: 0 } })).toEqual({ k: 'k1', n: -1 });
    expect(await col.findOne({ k: 'k2' })).toBeNull();
    expect(await col.findOne({ n: { $gte: 1000 } }, { projection: { _id: 0 } })).toEqual({ k: 'new', n: 1000 });
  });

  test('reads in a transaction see its own writes over the state at its first write; others see nothing until commit', async () => {
    const col = client.db('ov').collection('iso');
    await col.createIndex({ k: 1 }, { unique: true });
    await col.insertMany([
      { _id: 1 as never, k: 'a', n: 1 },
      { _id: 2 as never, k: 'b', n: 2 },
    ]);
    const session = client.startSession();
    session.startTransaction();
    await col.insertOne({ _id: 3 as never, k: 'c', n: 3 }, { session });
    await col.updateOne({ _id: 1 as never }, { $set: { n: 10 } }, { session });
    // Changed outside after the transaction's first write: the transaction keeps what it saw.
    await col.updateOne({ _id: 2 as never }, { $set: { n: 20 } });
    const inside = await col.find({}, { session }).sort({ _id: 1 }).toArray();
    expect(inside.map((d) => d.n)).toEqual([10, 2, 3]);
    expect(await col.find({ n: { $gte: 3 } }, { session }).sort({ _id: 1 }).map((d) => d._id).toArray()).toEqual([1, 3]);
    const outside = await col.find({}).sort({ _id: 1 }).toArray();
    expect(outside.map((d) => d.n)).toEqual([1, 20]);
    // unique keys: the transaction's own, and the collection's
    expect((await col.insertOne({ k: 'c' }, { session }).catch((e) => e)).code).toBe(11000);
    await session.abortTransaction();
    await session.endSession();
    expect((await col.find({}).sort({ _id: 1 }).toArray()).map((d) => d.n)).toEqual([1, 20]);
  });

  test('a unique key taken by a commit meanwhile fails the commit with a retryable WriteConflict', async () => {
    const col = client.db('ov').collection('race');
    await col.createIndex({ k: 1 }, { unique: true });
    const session = client.startSession();
    session.startTransaction();
    await col.insertOne({ k: 'x', from: 'txn' }, { session });
    await col.insertOne({ k: 'x', from: 'outside' });
    const err = await session.commitTransaction().catch((e) => e);
    expect(err.code).toBe(112);
    expect(err.hasErrorLabel('TransientTransactionError')).toBe(true);
    await session.endSession();
    expect(await col.find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ k: 'x', from: 'outside' }]);
  });

  test('a transaction swapping unique keys between documents commits', async () => {
    const col = client.db('ov').collection('swap');
    await col.createIndex({ k: 1 }, { unique: true });
    await col.insertMany([
      { _id: 1 as never, k: 'a' },
      { _id: 2 as never, k: 'b' },
    ]);
    const session = client.startSession();
    await session.withTransaction(async () => {
      await col.updateOne({ _id: 1 as never }, { $set: { k: 'tmp' } }, { session });
      await col.updateOne({ _id: 2 as never }, { $set: { k: 'a' } }, { session });
      await col.updateOne({ _id: 1 as never }, { $set: { k: 'b' } }, { session });
    });
    await session.endSession();
    expect(await col.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, k: 'b' },
      { _id: 2, k: 'a' },
    ]);
    expect((await col.insertOne({ k: 'a' }).catch((e) => e)).code).toBe(11000);
    expect(await col.countDocuments({ k: 'tmp' })).toBe(0);
  });
});

describeEngine('planner (engine only)', () => {
  let server: EmbeddedMongo;
  let client: MongoClient;
  beforeAll(async () => {
    server = await start({ port: 0 });
    client = await MongoClient.connect(server.uri);
    const users = client.db('plan').collection('users');
    await users.createIndex({ email: 1 }, { unique: true, partialFilterExpression: { email: { $exists: true } } });
    await users.createIndex({ phone: 1 }, { sparse: true });
    await users.createIndex({ owner: 1 });
    await users.insertMany(
      Array.from({ length: 200 }, (_, i) => ({ _id: i as never, owner: `o${i % 10}`, ...(i % 2 ? { email: `u${i}@x.test` } : {}), ...(i % 3 ? {} : { phone: `p${i}` }) })),
    );
  });
  afterAll(async () => {
    await client.close();
    await server.stop();
  });

  const plan = async (filter: object): Promise<Record<string, unknown>> => {
    const r = await client.db('plan').command({ explain: { find: 'users', filter }, verbosity: 'executionStats' });
    return r as Record<string, unknown>;
  };
  const winning = (r: Record<string, unknown>): Record<string, unknown> => (r.queryPlanner as { winningPlan: Record<string, unknown> }).winningPlan;

  test('an equality on a partial index implying its filter is an index scan, and finds the same documents', async () => {
    const r = await plan({ email: 'u7@x.test' });
    expect(winning(r)).toMatchObject({ stage: 'FETCH', inputStage: { stage: 'IXSCAN', indexName: 'email_1' } });
    expect(r.executionStats).toMatchObject({ nReturned: 1, totalDocsExamined: 1 });
    expect(await client.db('plan').collection('users').find({ email: 'u7@x.test' }).map((d) => d._id).toArray()).toEqual([7]);
    // null matches the documents the partial index leaves out: a scan, with every match
    expect(winning(await plan({ email: null }))).toMatchObject({ stage: 'COLLSCAN' });
    expect(await client.db('plan').collection('users').countDocuments({ email: null })).toBe(100);
  });

  test('a sparse index answers non-null equalities and ranges, not null', async () => {
    expect(winning(await plan({ phone: 'p3' }))).toMatchObject({ inputStage: { stage: 'IXSCAN', indexName: 'phone_1' } });
    expect(winning(await plan({ phone: { $gte: 'p9' } }))).toMatchObject({ inputStage: { stage: 'IXSCAN', indexName: 'phone_1' } });
    expect(winning(await plan({ phone: null }))).toMatchObject({ stage: 'COLLSCAN' });
    expect(await client.db('plan').collection('users').countDocuments({ phone: null })).toBe(133);
  });

  test('a $or whose every branch has an index is a union of index scans; otherwise a scan', async () => {
    const filter = { $or: [{ owner: 'o3' }, { email: 'u9@x.test' }, { _id: 150 as never }] };
    const r = await plan(filter);
    expect(winning(r)).toMatchObject({
      stage: 'SUBPLAN',
      inputStage: {
        stage: 'FETCH',
        inputStage: {
          stage: 'OR',
          inputStages: [
            { stage: 'IXSCAN', indexName: 'owner_1' },
            { stage: 'IXSCAN', indexName: 'email_1' },
            { stage: 'IXSCAN', indexName: '_id_' },
          ],
        },
      },
    });
    expect((r.executionStats as { totalDocsExamined: number }).totalDocsExamined).toBe(22);
    const ids = await client.db('plan').collection('users').find(filter).map((d) => d._id as unknown as number).toArray();
    expect(ids.sort((a, b) => a - b)).toEqual([...Array(200).keys()].filter((i) => i % 10 === 3 || i === 9 || i === 150));
    expect(winning(await plan({ $or: [{ owner: 'o3' }, { nope: 1 }] }))).toMatchObject({ stage: 'COLLSCAN' });
  });
});

describeEngine('heap ceiling (engine only)', () => {
  test('over the limit, commands that add data are refused with 146 and a clear message; reads and deletes go on', async () => {
    const engine = new Engine(COMMAND_TABLES);
    const run = (cmd: Doc): Promise<Doc> => engine.handle({ ...cmd, $db: 'full' }, { id: 1, remote: 'test' });
    try {
      expect(engine.heap.ratio).toBe(0.85);
      expect((await run({ insert: 'c', documents: [{ _id: 1 }, { _id: 2 }] })).ok).toBe(1);
      engine.heap.measureWith(() => ({ used: 90, limit: 100 }));
      const refused = await run({ insert: 'c', documents: [{ _id: 3 }] });
      expect(refused).toMatchObject({ ok: 0, code: 146, codeName: 'ExceededMemoryLimit' });
      expect(refused.errmsg).toMatch(/embedded-mongo is full.*move it to MongoDB/);
      for (const cmd of [
        { update: 'c', updates: [{ q: { _id: 1 }, u: { $set: { a: 1 } } }] },
        { findAndModify: 'c', query: { _id: 1 }, update: { $set: { a: 1 } } },
        { createIndexes: 'c', indexes: [{ key: { a: 1 }, name: 'a_1' }] },
        { aggregate: 'c', pipeline: [{ $out: 'copy' }], cursor: {} },
      ])
        expect(await run(cmd)).toMatchObject({ ok: 0, code: 146 });
      expect(await run({ count: 'c' })).toMatchObject({ ok: 1, n: 2 });
      expect(await run({ delete: 'c', deletes: [{ q: { _id: 2 }, limit: 1 }] })).toMatchObject({ ok: 1, n: 1 });
      engine.heap.measureWith(() => ({ used: 10, limit: 100 }));
      expect(await run({ insert: 'c', documents: [{ _id: 4 }] })).toMatchObject({ ok: 1, n: 1 });
    } finally {
      engine.close();
    }
  });

  test('the limit is a ratio in (0, 1]', async () => {
    await expect(start({ port: 0, heapWriteLimit: 1.5 })).rejects.toThrow(RangeError);
  });
});
