/* eslint-disable @typescript-eslint/no-explicit-any -- conformance tests poke at loosely typed results */
// Conformance through mongoose 9: what the services actually do.
import mongoose, { Schema, Types } from 'mongoose';
import { dbName, startTarget, Target } from './helpers';

let target: Target;
let conn: mongoose.Connection;

const userSchema = new Schema(
  {
    email: { type: String, required: true, unique: true },
    name: String,
    age: Number,
    tags: [String],
    friends: [{ type: Schema.Types.ObjectId, ref: 'User' }],
    profile: { city: String, zip: String },
  },
  { timestamps: true },
);
const itemSchema = new Schema(
  {
    owner: { type: Schema.Types.ObjectId, ref: 'User', index: true },
    title: String,
    price: Number,
    reserved: { type: Boolean, default: false },
    list: String,
    slug: { type: String, sparse: true, unique: true },
  },
  { timestamps: true },
);
itemSchema.index({ list: 1, title: 1 }, { unique: true });

let User: mongoose.Model<any>;
let Item: mongoose.Model<any>;

beforeAll(async () => {
  target = await startTarget();
  conn = await mongoose.createConnection(target.uri, { dbName: dbName('mongoose') }).asPromise();
  User = conn.model('User', userSchema);
  Item = conn.model('Item', itemSchema);
  await User.init();
  await Item.init();
});

afterAll(async () => {
  await conn.dropDatabase();
  await conn.close();
  await target.stop();
});

beforeEach(async () => {
  await User.deleteMany({});
  await Item.deleteMany({});
});

describe('mongoose CRUD', () => {
  test('create, findById, timestamps, lean, toObject', async () => {
    const u = await User.create({ email: 'a@x.io', name: 'Ann', age: 30 });
    expect(u._id).toBeInstanceOf(Types.ObjectId);
    expect(u.createdAt).toBeInstanceOf(Date);
    const found = await User.findById(u._id).lean<any>();
    expect(found.email).toBe('a@x.io');
    expect(found.createdAt.getTime()).toBe(u.createdAt.getTime());
    await new Promise((r) => setTimeout(r, 5));
    await User.updateOne({ _id: u._id }, { $set: { name: 'Anna' } });
    const after = await User.findById(u._id).lean<any>();
    expect(after.name).toBe('Anna');
    expect(after.updatedAt.getTime()).toBeGreaterThan(u.updatedAt.getTime());
    expect(after.createdAt.getTime()).toBe(u.createdAt.getTime());
  });

  test('save() of a modified document and __v', async () => {
    const u = await User.create({ email: 'b@x.io', tags: ['a'] });
    u.name = 'Bob';
    u.tags.push('b');
    await u.save();
    const f = await User.findOne({ email: 'b@x.io' }).lean<any>();
    expect(f.name).toBe('Bob');
    expect(f.tags).toEqual(['a', 'b']);
    expect(f.__v).toBe(1);
  });

  test('find with filter, sort, skip, limit, select', async () => {
    await User.insertMany([1, 2, 3, 4, 5].map((i) => ({ email: `u${i}@x.io`, age: i * 10, name: `n${i}` })));
    const r = await User.find({ age: { $gte: 20 } }).sort({ age: -1 }).skip(1).limit(2).select('email age -_id').lean<any[]>();
    expect(r).toEqual([
      { email: 'u4@x.io', age: 40 },
      { email: 'u3@x.io', age: 30 },
    ]);
    expect(await User.countDocuments({ age: { $lt: 30 } })).toBe(2);
    expect(await User.estimatedDocumentCount()).toBe(5);
    expect((await User.distinct('age', { age: { $gt: 30 } })).sort()).toEqual([40, 50]);
    expect(await User.exists({ email: 'u1@x.io' })).toBeTruthy();
    expect(await User.exists({ email: 'nobody' })).toBeNull();
  });

  test('findOneAndUpdate: new, upsert, $setOnInsert with timestamps', async () => {
    const a = await User.findOneAndUpdate(
      { email: 'c@x.io' },
      { $set: { name: 'C' }, $setOnInsert: { age: 7 } },
      { upsert: true, returnDocument: 'after' },
    ).lean<any>();
    expect(a.name).toBe('C');
    expect(a.age).toBe(7);
    expect(a.createdAt).toBeInstanceOf(Date);
    const b = await User.findOneAndUpdate({ email: 'c@x.io' }, { $set: { name: 'C2' }, $setOnInsert: { age: 99 } }, { upsert: true, returnDocument: 'after' }).lean<any>();
    expect(b.age).toBe(7);
    expect(b.name).toBe('C2');
    const before = await User.findOneAndUpdate({ email: 'c@x.io' }, { $inc: { age: 1 } }).lean<any>();
    expect(before.age).toBe(7);
    const gone = await User.findOneAndDelete({ email: 'c@x.io' }).lean<any>();
    expect(gone.age).toBe(8);
    expect(await User.countDocuments()).toBe(0);
  });

  test('updateMany / deleteMany / replaceOne results', async () => {
    await User.insertMany([{ email: 'd1@x.io', age: 1 }, { email: 'd2@x.io', age: 1 }, { email: 'd3@x.io', age: 2 }]);
    const r = await User.updateMany({ age: 1 }, { $set: { name: 'one' } });
    expect(r.matchedCount).toBe(2);
    expect(r.modifiedCount).toBe(2);
    const again = await User.updateMany({ age: 1 }, { $set: { name: 'one' } }, { timestamps: false });
    expect(again.modifiedCount).toBe(0);
    const rep = await User.replaceOne({ email: 'd3@x.io' }, { email: 'd3@x.io', name: 'replaced' });
    expect(rep.modifiedCount).toBe(1);
    const d3 = await User.findOne({ email: 'd3@x.io' }).lean<any>();
    expect(d3.age).toBeUndefined();
    expect(d3.name).toBe('replaced');
    const del = await User.deleteMany({ age: 1 });
    expect(del.deletedCount).toBe(2);
    const up = await User.updateOne({ email: 'new@x.io' }, { $set: { age: 5 } }, { upsert: true });
    expect(up.upsertedCount).toBe(1);
    expect(up.upsertedId).toBeInstanceOf(Types.ObjectId);
  });

  test('populate across collections', async () => {
    const a = await User.create({ email: 'pa@x.io', name: 'A' });
    const b = await User.create({ email: 'pb@x.io', name: 'B', friends: [a._id] });
    await Item.create({ owner: b._id, title: 'Bike', price: 100, list: 'l1' });
    const item = await Item.findOne({ title: 'Bike' }).populate({ path: 'owner', populate: { path: 'friends' } }).lean<any>();
    expect(item.owner.name).toBe('B');
    expect(item.owner.friends[0].name).toBe('A');
  });

  test('aggregate: $match/$group/$sort/$lookup/$unwind/$project', async () => {
    const a = await User.create({ email: 'ga@x.io', name: 'A' });
    const b = await User.create({ email: 'gb@x.io', name: 'B' });
    await Item.insertMany([
      { owner: a._id, title: 't1', price: 10, list: 'x' },
      { owner: a._id, title: 't2', price: 20, list: 'x' },
      { owner: b._id, title: 't3', price: 5, list: 'y' },
    ]);
    const r = await Item.aggregate([
      { $match: { price: { $gt: 1 } } },
      { $group: { _id: '$owner', total: { $sum: '$price' }, n: { $sum: 1 } } },
      { $lookup: { from: 'users', localField: '_id', foreignField: '_id', as: 'user' } },
      { $unwind: '$user' },
      { $project: { _id: 0, name: '$user.name', total: 1, n: 1 } },
      { $sort: { total: -1 } },
    ]);
    expect(r).toEqual([
      { total: 30, n: 2, name: 'A' },
      { total: 5, n: 1, name: 'B' },
    ]);
  });

  test('duplicate key: unique, compound unique, sparse unique', async () => {
    await User.create({ email: 'dup@x.io' });
    const err = await User.create({ email: 'dup@x.io' }).catch((e) => e);
    expect(err.code).toBe(11000);
    expect(err.message).toMatch(/E11000 duplicate key error/);
    expect(err.keyValue).toEqual({ email: 'dup@x.io' });
    expect(err.keyPattern).toEqual({ email: 1 });

    await Item.create({ list: 'L', title: 'T' });
    const e2 = await Item.create({ list: 'L', title: 'T' }).catch((e) => e);
    expect(e2.code).toBe(11000);
    expect(e2.keyPattern).toEqual({ list: 1, title: 1 });
    await Item.create({ list: 'L', title: 'U' }); // differs in the second field: fine

    // sparse: many documents without slug are fine, duplicates of a slug are not
    await Item.create({ list: 'M', title: 'a' });
    await Item.create({ list: 'M', title: 'b' });
    await Item.create({ list: 'M', title: 'c', slug: 's' });
    const e3 = await Item.create({ list: 'M', title: 'd', slug: 's' }).catch((e) => e);
    expect(e3.code).toBe(11000);

    // on update and upsert
    await User.create({ email: 'other@x.io' });
    const e4 = await User.updateOne({ email: 'other@x.io' }, { $set: { email: 'dup@x.io' } }).catch((e) => e);
    expect(e4.code).toBe(11000);
    const e5 = await User.findOneAndUpdate({ email: 'other@x.io' }, { $set: { email: 'dup@x.io' } }).catch((e) => e);
    expect(e5.code).toBe(11000);
    const e6 = await User.updateOne({ name: 'nobody' }, { $set: { email: 'dup@x.io' } }, { upsert: true }).catch((e) => e);
    expect(e6.code).toBe(11000);
    expect(await User.countDocuments({ email: 'dup@x.io' })).toBe(1);
  });

  test('insertMany ordered:false reports the failures and keeps the rest', async () => {
    const err = await User.insertMany(
      [{ email: 'm1@x.io' }, { email: 'm1@x.io' }, { email: 'm2@x.io' }],
      { ordered: false },
    ).catch((e) => e);
    expect(err.code ?? err.writeErrors?.[0]?.code).toBe(11000);
    expect(await User.countDocuments()).toBe(2);
  });

  test('cursor streaming with batchSize over many batches', async () => {
    await User.insertMany(Array.from({ length: 250 }, (_, i) => ({ email: `c${i}@x.io`, age: i })));
    let n = 0;
    let last = -1;
    for await (const doc of User.find().sort({ age: 1 }).batchSize(20).cursor()) {
      expect(doc.age).toBeGreaterThan(last);
      last = doc.age;
      n++;
    }
    expect(n).toBe(250);
  });

  test('transactions through connection.transaction() and withTransaction', async () => {
    await conn.transaction(async (session) => {
      await User.create([{ email: 't1@x.io' }], { session });
      await User.updateOne({ email: 't1@x.io' }, { $set: { name: 'in-txn' } }, { session });
      // visible inside the transaction
      expect((await User.findOne({ email: 't1@x.io' }).session(session).lean<any>()).name).toBe('in-txn');
    });
    expect((await User.findOne({ email: 't1@x.io' }).lean<any>()).name).toBe('in-txn');

    const session = await conn.startSession();
    const err = await session
      .withTransaction(async () => {
        await User.create([{ email: 't2@x.io' }], { session });
        await User.updateOne({ email: 't1@x.io' }, { $set: { name: 'changed' } }, { session });
        // not visible outside while uncommitted
        expect(await User.exists({ email: 't2@x.io' })).toBeNull();
        throw new Error('rollback please');
      })
      .catch((e) => e);
    await session.endSession();
    expect(err.message).toBe('rollback please');
    expect(await User.exists({ email: 't2@x.io' })).toBeNull();
    expect((await User.findOne({ email: 't1@x.io' }).lean<any>()).name).toBe('in-txn');
  });
});
