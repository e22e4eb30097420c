/* eslint-disable @typescript-eslint/no-explicit-any -- conformance tests poke at loosely typed results */
// Conformance through the raw mongodb driver: operators, cursors, indexes, errors, transactions.
import { Binary, Decimal128, Long, MongoClient, ObjectId, Db, Collection } from 'mongodb';
import { dbName, startTarget, Target } from './helpers';

let target: Target;
let client: MongoClient;
let db: Db;
let c: Collection<any>;

beforeAll(async () => {
  target = await startTarget();
  client = await MongoClient.connect(target.uri);
  db = client.db(dbName('driver'));
});
afterAll(async () => {
  await db.dropDatabase();
  await client.close();
  await target.stop();
});
beforeEach(async () => {
  c = db.collection(`c_${expect.getState().currentTestName!.replace(/\W+/g, '_').slice(0, 40)}`);
  await c.deleteMany({});
});

async function one(update: any, doc: any = {}, opts: any = {}): Promise<any> {
  const _id = new ObjectId();
  await c.insertOne({ _id, ...doc });
  await c.updateOne({ _id, ...(opts.filter ?? {}) }, update, opts);
  const { _id: _, ...rest } = (await c.findOne({ _id }))!;
  return rest;
}

describe('admin and handshake', () => {
  test('ping, buildInfo, hello, listDatabases, listCollections, create, drop', async () => {
    expect((await db.command({ ping: 1 })).ok).toBe(1);
    const bi = await db.admin().buildInfo();
    expect(typeof bi.version).toBe('string');
    const hello = await db.admin().command({ hello: 1 });
    expect(hello.isWritablePrimary).toBe(true);
    expect(hello.maxWireVersion).toBeGreaterThanOrEqual(17);
    await db.createCollection('made');
    const err = await db.createCollection('made').catch((e) => e);
    expect(err.code).toBe(48);
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((x) => x.name);
    expect(names).toContain('made');
    const filtered = await db.listCollections({ name: 'made' }).toArray();
    expect(filtered).toHaveLength(1);
    const dbs = await client.db().admin().listDatabases();
    expect(dbs.databases.map((d) => d.name)).toContain(db.databaseName);
    expect(await db.collection('made').drop()).toBe(true);
    expect((await db.listCollections({ name: 'made' }).toArray()).length).toBe(0);
  });

  test('BSON types round-trip', async () => {
    const doc = {
      oid: new ObjectId(),
      date: new Date('2024-01-02T03:04:05.678Z'),
      dec: Decimal128.fromString('12.345'),
      bin: new Binary(Buffer.from([1, 2, 3])),
      long: Long.fromString('9007199254740993'),
      nested: { arr: [1, 'two', null, { three: 3 }] },
      re: /ab+c/i,
    };
    const { insertedId } = await c.insertOne(doc);
    const back: any = await c.findOne({ _id: insertedId }, { promoteLongs: false });
    expect(back.oid.equals(doc.oid)).toBe(true);
    expect(back.date.toISOString()).toBe(doc.date.toISOString());
    expect(back.dec.toString()).toBe('12.345');
    expect(Buffer.from(back.bin.buffer).equals(Buffer.from([1, 2, 3]))).toBe(true);
    expect(back.long.toString()).toBe('9007199254740993');
    expect(back.nested).toEqual(doc.nested);
    expect(back.re.source).toBe('ab+c');
    expect(await c.countDocuments({ date: { $gt: new Date('2024-01-01') } })).toBe(1);
    expect(await c.countDocuments({ oid: doc.oid })).toBe(1);
  });
});

describe('update operators', () => {
  test('$set $unset $inc $mul $min $max $rename', async () => {
    expect(await one({ $set: { a: 1, 'b.c': 2 } })).toEqual({ a: 1, b: { c: 2 } });
    expect(await one({ $unset: { a: '' } }, { a: 1, b: 2 })).toEqual({ b: 2 });
    expect(await one({ $inc: { n: 2, m: -1 } }, { n: 1 })).toEqual({ n: 3, m: -1 });
    expect(await one({ $mul: { n: 3 } }, { n: 2 })).toEqual({ n: 6 });
    expect(await one({ $min: { n: 1 }, $max: { m: 10 } }, { n: 5, m: 5 })).toEqual({ n: 1, m: 10 });
    expect(await one({ $min: { n: 9 }, $max: { m: 1 } }, { n: 5, m: 5 })).toEqual({ n: 5, m: 5 });
    expect(await one({ $rename: { a: 'z' } }, { a: 1 })).toEqual({ z: 1 });
  });

  test('$push with $each/$position/$slice/$sort, $addToSet, $pull, $pullAll, $pop', async () => {
    expect(await one({ $push: { t: 'c' } }, { t: ['a'] })).toEqual({ t: ['a', 'c'] });
    expect(await one({ $push: { t: { $each: ['x', 'y'], $position: 0 } } }, { t: ['a'] })).toEqual({ t: ['x', 'y', 'a'] });
    expect(await one({ $push: { t: { $each: [4, 5], $slice: -3 } } }, { t: [1, 2, 3] })).toEqual({ t: [3, 4, 5] });
    expect(await one({ $push: { t: { $each: [{ s: 2 }, { s: 0 }], $sort: { s: 1 } } } }, { t: [{ s: 1 }] })).toEqual({
      t: [{ s: 0 }, { s: 1 }, { s: 2 }],
    });
    expect(await one({ $push: { t: 'new' } })).toEqual({ t: ['new'] });
    expect(await one({ $addToSet: { t: 'a' } }, { t: ['a'] })).toEqual({ t: ['a'] });
    expect(await one({ $addToSet: { t: { $each: ['a', 'b', 'b'] } } }, { t: ['a'] })).toEqual({ t: ['a', 'b'] });
    expect(await one({ $pull: { t: 'a' } }, { t: ['a', 'b', 'a'] })).toEqual({ t: ['b'] });
    expect(await one({ $pull: { t: { n: { $gt: 1 } } } }, { t: [{ n: 1 }, { n: 2 }] })).toEqual({ t: [{ n: 1 }] });
    expect(await one({ $pullAll: { t: ['a', 'b'] } }, { t: ['a', 'b', 'c'] })).toEqual({ t: ['c'] });
    expect(await one({ $pop: { t: 1 } }, { t: [1, 2, 3] })).toEqual({ t: [1, 2] });
    expect(await one({ $pop: { t: -1 } }, { t: [1, 2, 3] })).toEqual({ t: [2, 3] });
  });

  test('$currentDate and $setOnInsert', async () => {
    const r = await one({ $currentDate: { at: true } });
    expect(r.at).toBeInstanceOf(Date);
    // $setOnInsert is ignored when the document exists
    expect(await one({ $set: { a: 1 }, $setOnInsert: { b: 2 } }, { a: 0 })).toEqual({ a: 1 });
    await c.updateOne({ k: 'up' }, { $set: { a: 1 }, $setOnInsert: { b: 2 } }, { upsert: true });
    const { _id, ...rest } = (await c.findOne({ k: 'up' }))!;
    expect(_id).toBeInstanceOf(ObjectId);
    expect(rest).toEqual({ k: 'up', a: 1, b: 2 });
  });

  test('positional $, $[] and $[id] with arrayFilters', async () => {
    expect(await one({ $set: { 'items.$.v': 9 } }, { items: [{ k: 1, v: 0 }, { k: 2, v: 0 }] }, { filter: { 'items.k': 2 } })).toEqual({
      items: [{ k: 1, v: 0 }, { k: 2, v: 9 }],
    });
    expect(await one({ $inc: { 'items.$[].v': 1 } }, { items: [{ v: 1 }, { v: 2 }] })).toEqual({ items: [{ v: 2 }, { v: 3 }] });
    expect(
      await one({ $set: { 'items.$[e].v': 'hit' } }, { items: [{ k: 1 }, { k: 5 }, { k: 7 }] }, { arrayFilters: [{ 'e.k': { $gte: 5 } }] }),
    ).toEqual({ items: [{ k: 1 }, { k: 5, v: 'hit' }, { k: 7, v: 'hit' }] });
  });

  test('pipeline updates and replacement documents', async () => {
    expect(await one([{ $set: { total: { $add: ['$a', '$b'] } } }, { $unset: 'a' }], { a: 1, b: 2 })).toEqual({ b: 2, total: 3 });
    const _id = new ObjectId();
    await c.insertOne({ _id, a: 1, b: 2 });
    await c.replaceOne({ _id }, { z: 26 });
    expect(await c.findOne({ _id })).toEqual({ _id, z: 26 });
    await c.replaceOne({ k: 'nope' }, { k: 'nope', v: 1 }, { upsert: true });
    expect(await c.countDocuments({ k: 'nope', v: 1 })).toBe(1);
  });

  test('upsert seeds equality fields of the query, multi updates', async () => {
    const r = await c.updateOne({ 'a.b': 1, c: { $eq: 2 }, d: { $gt: 3 } }, { $set: { e: 5 } }, { upsert: true });
    expect(r.upsertedCount).toBe(1);
    const { _id, ...rest } = (await c.findOne({ _id: r.upsertedId! }))!;
    expect(rest).toEqual({ a: { b: 1 }, c: 2, e: 5 });
    await c.insertMany([{ g: 1 }, { g: 1 }, { g: 2 }]);
    const m = await c.updateMany({ g: 1 }, { $inc: { g: 10 } });
    expect([m.matchedCount, m.modifiedCount]).toEqual([2, 2]);
    expect(await c.countDocuments({ g: 11 })).toBe(2);
  });
});

describe('errors', () => {
  test('immutable _id (66)', async () => {
    const { insertedId } = await c.insertOne({ a: 1 });
    const e1 = await c.updateOne({ _id: insertedId }, { $set: { _id: new ObjectId() } }).catch((e) => e);
    expect(e1.code).toBe(66);
    const e2 = await c.replaceOne({ _id: insertedId }, { _id: new ObjectId(), a: 2 }).catch((e) => e);
    expect(e2.code).toBe(66);
  });

  test('type errors on $inc / $push / $pop of the wrong type', async () => {
    const { insertedId: _id } = await c.insertOne({ s: 'str', n: 1 });
    expect((await c.updateOne({ _id }, { $inc: { s: 1 } }).catch((e) => e)).code).toBe(14);
    expect((await c.updateOne({ _id }, { $inc: { n: 'x' } as any }).catch((e) => e)).code).toBe(14);
    expect((await c.updateOne({ _id }, { $push: { s: 1 } } as any).catch((e) => e)).code).toBe(2);
    expect((await c.updateOne({ _id }, { $addToSet: { n: 1 } } as any).catch((e) => e)).code).toBe(2);
    expect((await c.updateOne({ _id }, { $pop: { s: 1 } } as any).catch((e) => e)).code).toBe(14);
    expect((await c.updateOne({ _id }, { $set: { n: 1 }, $inc: { n: 1 } }).catch((e) => e)).code).toBe(40);
    expect((await c.updateOne({ _id }, { $bogus: { n: 1 } } as any).catch((e) => e)).code).toBe(9);
    expect(await c.findOne({ _id })).toEqual({ _id, s: 'str', n: 1 });
  });

  test('unsupported command -> 59 CommandNotFound, bad query operator -> error, never a hang', async () => {
    const e = await db.command({ frobnicate: 1 }).catch((x) => x);
    expect(e.code).toBe(59);
    expect(e.codeName).toBe('CommandNotFound');
    const q = await c.find({ a: { $frob: 1 } }).toArray().catch((x) => x);
    expect(q.code).toBe(2);
    const agg = await c.aggregate([{ $frob: {} }]).toArray().catch((x) => x);
    expect(typeof agg.code).toBe('number');
    const killed = await db.command({ getMore: Long.fromNumber(123456789), collection: c.collectionName }).catch((x) => x);
    expect(killed.code).toBe(43);
  });
});

describe('find, cursors, aggregation', () => {
  test('batchSize over several batches, getMore, killCursors, limit, projection', async () => {
    await c.insertMany(Array.from({ length: 230 }, (_, i) => ({ i, sq: i * i, tag: i % 3 })));
    const cur = c.find({}, { batchSize: 50 }).sort({ i: 1 });
    const all = await cur.toArray();
    expect(all.map((d) => d.i)).toEqual(Array.from({ length: 230 }, (_, i) => i));
    const limited = await c.find({ tag: 1 }).sort({ i: -1 }).limit(3).project({ _id: 0, i: 1 }).toArray();
    expect(limited).toEqual([{ i: 229 }, { i: 226 }, { i: 223 }]);
    const partial = c.find({}, { batchSize: 10 });
    await partial.next();
    await partial.close(); // killCursors
    const sk = await c.find({ i: { $lt: 10 } }).sort({ i: 1 }).skip(7).toArray();
    expect(sk.map((d) => d.i)).toEqual([7, 8, 9]);
    const agg = c.aggregate([{ $match: { tag: 0 } }, { $project: { i: 1 } }], { batchSize: 7 });
    expect((await agg.toArray()).length).toBe(77);
  });

  test('findOneAndUpdate/Delete with sort, projection, upsert, remove', async () => {
    await c.insertMany([{ q: 1, v: 'a' }, { q: 2, v: 'b' }, { q: 3, v: 'c' }]);
    const r = await c.findOneAndUpdate({}, { $set: { v: 'top' } }, { sort: { q: -1 }, returnDocument: 'after', projection: { _id: 0 } });
    expect(r).toEqual({ q: 3, v: 'top' });
    const before = await c.findOneAndUpdate({ q: 1 }, { $set: { v: 'z' } });
    expect(before!.v).toBe('a');
    const up = await c.findOneAndUpdate({ q: 9 }, { $set: { v: 'new' } }, { upsert: true, returnDocument: 'after' });
    expect(up!.q).toBe(9);
    const none = await c.findOneAndUpdate({ q: 100 }, { $set: { v: 'x' } });
    expect(none).toBeNull();
    const del = await c.findOneAndDelete({}, { sort: { q: 1 } });
    expect(del!.q).toBe(1);
    const rep = await c.findOneAndReplace({ q: 2 }, { q: 2, replaced: true }, { returnDocument: 'after' });
    expect(rep!.replaced).toBe(true);
  });

  test('count, distinct over arrays, $in, $regex, $elemMatch, $exists, $or', async () => {
    await c.insertMany([
      { n: 'ann', tags: ['a', 'b'], items: [{ k: 1 }], age: 20 },
      { n: 'bob', tags: ['b', 'c'], items: [{ k: 2 }] },
      { n: 'cid', tags: [], age: 40 },
    ]);
    expect((await db.command({ count: c.collectionName, query: { tags: 'b' } })).n).toBe(2);
    expect((await c.distinct('tags')).sort()).toEqual(['a', 'b', 'c']);
    expect(await c.countDocuments({ n: { $in: ['ann', 'cid'] } })).toBe(2);
    expect(await c.countDocuments({ n: { $regex: '^b' } })).toBe(1);
    expect(await c.countDocuments({ items: { $elemMatch: { k: { $gt: 1 } } } })).toBe(1);
    expect(await c.countDocuments({ age: { $exists: false } })).toBe(1);
    expect(await c.countDocuments({ $or: [{ n: 'ann' }, { age: 40 }] })).toBe(2);
    expect(await c.countDocuments({ age: null })).toBe(1);
  });

  test('aggregate with $lookup (pipeline form), $group, $count, $facet, $out', async () => {
    const other = db.collection('agg_other');
    await other.deleteMany({});
    await other.insertMany([{ k: 1, name: 'one' }, { k: 2, name: 'two' }]);
    await c.insertMany([{ k: 1, v: 10 }, { k: 1, v: 20 }, { k: 2, v: 5 }]);
    const r = await c
      .aggregate([
        { $group: { _id: '$k', sum: { $sum: '$v' } } },
        { $lookup: { from: 'agg_other', let: { kk: '$_id' }, pipeline: [{ $match: { $expr: { $eq: ['$k', '$$kk'] } } }], as: 'o' } },
        { $sort: { _id: 1 } },
        { $project: { sum: 1, name: { $first: '$o.name' } } },
      ])
      .toArray();
    expect(r).toEqual([
      { _id: 1, sum: 30, name: 'one' },
      { _id: 2, sum: 5, name: 'two' },
    ]);
    expect(await c.aggregate([{ $match: { k: 1 } }, { $count: 'n' }]).toArray()).toEqual([{ n: 2 }]);
    await c.aggregate([{ $match: { k: 2 } }, { $out: 'agg_out' }]).toArray();
    expect(await db.collection('agg_out').countDocuments()).toBe(1);
  });
});

describe('indexes', () => {
  test('createIndexes, listIndexes, dropIndexes and conflicts', async () => {
    await c.insertOne({ a: 1 });
    expect(await c.createIndex({ a: 1 }, { unique: true })).toBe('a_1');
    expect(await c.createIndex({ b: 1, c: -1 }, { name: 'bc' })).toBe('bc');
    expect(await c.createIndex({ a: 1 }, { unique: true })).toBe('a_1'); // idempotent
    const list = await c.listIndexes().toArray();
    expect(list.map((i) => i.name).sort()).toEqual(['_id_', 'a_1', 'bc']);
    expect(list.find((i) => i.name === 'a_1')!.unique).toBe(true);
    const conflict = await c.createIndex({ a: 1 }, { name: 'a_1', sparse: true }).catch((e) => e);
    expect([85, 86]).toContain(conflict.code);
    await c.dropIndex('bc');
    expect((await c.listIndexes().toArray()).length).toBe(2);
    const nf = await c.dropIndex('nope').catch((e) => e);
    expect(nf.code).toBe(27);
    await c.dropIndexes();
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
    const ns = await db.collection('never_created').listIndexes().toArray().catch((e) => e);
    expect(ns.code).toBe(26);
  });

  test('unique index creation fails on existing duplicates; _id duplicate', async () => {
    await c.insertMany([{ a: 1 }, { a: 1 }]);
    const e = await c.createIndex({ a: 1 }, { unique: true }).catch((x) => x);
    expect(e.code).toBe(11000);
    const _id = new ObjectId();
    await c.insertOne({ _id });
    const d = await c.insertOne({ _id }).catch((x) => x);
    expect(d.code).toBe(11000);
    expect(d.keyValue).toEqual({ _id });
  });

  test('indexed range and equality queries give the same answers as a scan', async () => {
    await c.createIndex({ n: 1 });
    await c.createIndex({ s: 1, n: 1 });
    const docs = Array.from({ length: 300 }, (_, i) => ({ n: i % 50, s: `k${i % 7}`, arr: [i, i + 1] }));
    await c.insertMany(docs);
    await c.createIndex({ arr: 1 });
    expect(await c.countDocuments({ n: 7 })).toBe(6);
    expect(await c.countDocuments({ n: { $gte: 10, $lt: 20 } })).toBe(60);
    expect(await c.countDocuments({ n: { $gt: 45 } })).toBe(24);
    expect(await c.countDocuments({ n: { $lte: 1 } })).toBe(12);
    expect(await c.countDocuments({ n: { $in: [1, 2, 99] } })).toBe(12);
    expect(await c.countDocuments({ s: 'k3', n: { $lt: 10 } })).toBe(docs.filter((d) => d.s === 'k3' && d.n < 10).length);
    expect(await c.countDocuments({ arr: 5 })).toBe(2);
    expect(await c.countDocuments({ n: { $gt: 'a' } })).toBe(0);
    await c.updateMany({ n: 7 }, { $set: { n: 1007 } });
    expect(await c.countDocuments({ n: 7 })).toBe(0);
    expect(await c.countDocuments({ n: { $gt: 1000 } })).toBe(6);
    await c.deleteMany({ n: { $gte: 40 } });
    expect(await c.countDocuments({ n: { $gte: 40 } })).toBe(0);
    expect(await c.countDocuments()).toBe(300 - 60 - 6 + 0);
  });

  test('partial unique index only covers matching documents', async () => {
    await c.createIndex({ code: 1 }, { unique: true, partialFilterExpression: { code: { $type: 'string' } } });
    await c.insertMany([{ x: 1 }, { x: 2 }, { code: 'a' }]);
    expect((await c.insertOne({ code: 'a' }).catch((e) => e)).code).toBe(11000);
  });
});

describe('transactions (raw driver)', () => {
  test('commit is all-or-nothing, abort leaves no trace', async () => {
    await c.insertOne({ _id: 'acct1', bal: 100 } as any);
    await c.insertOne({ _id: 'acct2', bal: 0 } as any);
    const s = client.startSession();
    await s.withTransaction(async () => {
      await c.updateOne({ _id: 'acct1' } as any, { $inc: { bal: -30 } }, { session: s });
      await c.updateOne({ _id: 'acct2' } as any, { $inc: { bal: 30 } }, { session: s });
      await c.insertOne({ _id: 'log1', moved: 30 } as any, { session: s });
    });
    expect((await c.find({}).sort({ _id: 1 }).toArray()).map((d) => [d._id, d.bal ?? d.moved])).toEqual([
      ['acct1', 70],
      ['acct2', 30],
      ['log1', 30],
    ]);
    s.startTransaction();
    await c.updateOne({ _id: 'acct1' } as any, { $inc: { bal: -70 } }, { session: s });
    await c.deleteOne({ _id: 'acct2' } as any, { session: s });
    await c.insertOne({ _id: 'log2' } as any, { session: s });
    expect((await c.findOne({ _id: 'acct1' } as any, { session: s }))!.bal).toBe(0);
    expect((await c.findOne({ _id: 'acct1' } as any))!.bal).toBe(70); // isolation
    await s.abortTransaction();
    await s.endSession();
    expect(await c.countDocuments()).toBe(3);
    expect((await c.findOne({ _id: 'acct1' } as any))!.bal).toBe(70);
  });

  test('a duplicate key inside a transaction aborts it', async () => {
    await c.createIndex({ u: 1 }, { unique: true });
    await c.insertOne({ u: 1 });
    const s = client.startSession();
    const err = await s
      .withTransaction(async () => {
        await c.insertOne({ u: 2 }, { session: s });
        await c.insertOne({ u: 1 }, { session: s });
      })
      .catch((e) => e);
    await s.endSession();
    expect(err.code).toBe(11000);
    expect(await c.countDocuments({ u: 2 })).toBe(0);
  });
});
