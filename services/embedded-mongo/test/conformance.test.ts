/* eslint-disable @typescript-eslint/no-explicit-any -- conformance tests poke at loosely typed results */
// Issue 14: behaviour the engine claims, each case written from the MongoDB manual's statement of
// it (quoted or cited above the test), through the raw driver and through mongoose. With
// MONGODB_URI set the same file runs against a real server.
import { Binary, Collection, Db, DBRef, Decimal128, Double, Int32, Long, MongoClient, ObjectId, Timestamp } from 'mongodb';
import mongoose, { Schema } from 'mongoose';
import { dbName, startTarget, Target } from './helpers';

let target: Target;
let client: MongoClient;
let db: Db;
let conn: mongoose.Connection;
let c: Collection<any>;

beforeAll(async () => {
  target = await startTarget();
  client = await MongoClient.connect(target.uri);
  const name = dbName('conf');
  db = client.db(name);
  conn = await mongoose.createConnection(target.uri, { dbName: name }).asPromise();
});
afterAll(async () => {
  await db.dropDatabase();
  await conn.close();
  await client.close();
  await target.stop();
});
let seq = 0;
beforeEach(() => {
  c = db.collection(`c${seq++}`);
});
const err = (p: Promise<unknown>): Promise<any> => p.then(() => null, (e) => e);
const model = (schema: Schema): mongoose.Model<any> => conn.model(`M${seq++}`, schema);

// Manual, "Update Operators > Behavior": "Starting in MongoDB 5.0 ... update operators process
// document fields with string-based names in lexicographic order"; a conflict is one path being
// the prefix of another ("Updating the path 'x' would create a conflict at 'x'", code 40).
// The positional operators "$", "$[]" and "$[<identifier>]" are path elements: sibling fields
// under one positional element do not conflict.
describe('1. sibling fields under a positional path', () => {
  beforeEach(async () => {
    await c.insertOne({ _id: 1, c: [{ name: 'foo', n: 1 }, { name: 'x', n: 5 }] });
  });
  test('$ (first element matched by the query)', async () => {
    const r = await c.updateOne({ 'c.name': 'foo' }, { $set: { 'c.$.name': 'bar', 'c.$.n': 2 } });
    expect(r.modifiedCount).toBe(1);
    expect((await c.findOne({ _id: 1 }))!.c[0]).toEqual({ name: 'bar', n: 2 });
  });
  test('$[] (every element)', async () => {
    await c.updateOne({ _id: 1 }, { $set: { 'c.$[].a': 1, 'c.$[].b': 2 } });
    expect((await c.findOne({ _id: 1 }))!.c.map((e: any) => [e.a, e.b])).toEqual([[1, 2], [1, 2]]);
  });
  test('$[id] with arrayFilters', async () => {
    await c.updateOne({ _id: 1 }, { $set: { 'c.$[e].a': 1, 'c.$[e].b': 2 } }, { arrayFilters: [{ 'e.n': 5 }] });
    const d = await c.findOne({ _id: 1 });
    expect(d!.c[0].a).toBeUndefined();
    expect(d!.c[1]).toEqual({ name: 'x', n: 5, a: 1, b: 2 });
  });
  test('a real prefix still conflicts (40), also under a positional element', async () => {
    expect((await err(c.updateOne({ _id: 1 }, { $set: { 'c.$[e].a': 1, 'c.$[e]': 2 } }, { arrayFilters: [{ 'e.n': 5 }] })))?.code).toBe(40);
    expect((await err(c.updateOne({ _id: 1 }, { $set: { c: 1 }, $inc: { 'c.0.n': 1 } })))?.code).toBe(40);
  });
  test('"The positional $ operator ... did not find the match needed from the query" (2)', async () => {
    expect((await err(c.updateOne({ _id: 1 }, { $set: { 'c.$.n': 1 } })))?.code).toBe(2);
  });
  test('mongoose timestamps on a subdocument update through $', async () => {
    const child = new Schema({ name: String }, { timestamps: true });
    const M = model(new Schema({ children: [child] }, { timestamps: true }));
    const p = await M.create({ children: [{ name: 'a' }, { name: 'b' }] });
    await M.updateOne({ _id: p._id, 'children.name': 'b' }, { $set: { 'children.$.name': 'B' } });
    const d = await M.findById(p._id).lean<any>();
    expect(d.children.map((x: any) => x.name)).toEqual(['a', 'B']);
    expect(d.children[1].updatedAt).toBeInstanceOf(Date);
  });
});

// Manual, $pull: "If the specified <value> to remove is a document, $pull removes only the
// elements in the array that have the exact same fields and values" for arrays of documents it
// is applied "as though each array element were a document in a collection": a query, $or included.
describe('5. $pull with a query', () => {
  test('$or on the elements', async () => {
    await c.insertOne({ _id: 1, a: [{ x: 1 }, { x: 2, y: 1 }, { x: 3 }] });
    await c.updateOne({ _id: 1 }, { $pull: { a: { $or: [{ x: 1 }, { y: 1 }] } } as any });
    expect((await c.findOne({ _id: 1 }))!.a).toEqual([{ x: 3 }]);
  });
  test('an operator condition on scalars and a field condition on documents', async () => {
    await c.insertOne({ _id: 1, s: [1, 5, 6, 9], d: [{ k: 1, v: 2 }, { k: 2 }] });
    await c.updateOne({ _id: 1 }, { $pull: { s: { $gte: 6 }, d: { k: 1 } } as any });
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, s: [1, 5], d: [{ k: 2 }] });
  });
  test('mongoose arr.pull() on subdocuments without _id', async () => {
    const M = model(new Schema({ a: [new Schema({ name: String, n: Number }, { _id: false })] }));
    const doc = await M.create({ a: [{ name: 'x', n: 1 }, { name: 'y', n: 2 }, { name: 'z', n: 3 }] });
    doc.a.pull({ name: 'y', n: 2 });
    await doc.save();
    expect((await M.findById(doc._id).lean<any>()).a.map((e: any) => e.name)).toEqual(['x', 'z']);
  });
});

// Manual, "Field Names with Periods and Dollar Signs": "An update which creates a new document
// during an upsert is treated as an insert ... Upserts can accept dollar ($) prefixed fields",
// and the same $set on an existing document fails; nested $-prefixed names are data. Field names
// are data: `__proto__` is stored like any other name.
describe('9. names MongoDB accepts', () => {
  test('$-prefixed top-level field in an upsert insert, nested one in an update', async () => {
    await c.updateOne({ _id: 1 }, { $set: { $hotel: 320 } } as any, { upsert: true });
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, $hotel: 320 });
    expect((await err(c.updateOne({ _id: 1 }, { $set: { $hotel: 1 } } as any)))?.code).toBe(52);
    await c.updateOne({ _id: 1 }, { $set: { 'p.$each': 42 } } as any);
    expect((await c.findOne({ _id: 1 }))!.p).toEqual({ $each: 42 });
  });
  test('__proto__ is stored as a field, without polluting prototypes', async () => {
    await c.insertOne({ _id: 1, hello: 'world' });
    await c.updateOne({ _id: 1 }, { $rename: { hello: '__proto__.polluted' } });
    await c.updateOne({ _id: 1 }, { $set: { m: JSON.parse('{"__proto__": "abcd"}') } });
    const d: any = await c.findOne({ _id: 1 });
    expect(({} as any).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(d.m, '__proto__')).toBe(true);
    expect(Object.prototype.hasOwnProperty.call(d, '__proto__')).toBe(true);
    expect(d.__proto__.polluted).toBe('world');
  });
  test('mongoose: top-level $-prefixed path in an upsert', async () => {
    const M = model(new Schema({ $myKey: String }));
    const _id = new mongoose.Types.ObjectId();
    await M.updateOne({ _id }, { $myKey: 'v' }, { upsert: true });
    expect((await M.findById(_id).lean<any>()).$myKey).toBe('v');
  });
});

// Manual, "Update Operators": "$set ... If the field does not exist, $set will add a new field"
// but a path through an array needs an index: MongoDB answers PathNotViable (28),
// "Cannot create field 'body' in element {comments: [...]}".
describe('8. checks MongoDB makes', () => {
  test('$set through an array without an index: PathNotViable (28)', async () => {
    await c.insertOne({ _id: 1, comments: [{ body: 'a' }], s: 'x' });
    expect((await err(c.updateOne({ _id: 1 }, { $set: { 'comments.body': 'b' } })))?.code).toBe(28);
    expect((await err(c.updateOne({ _id: 1 }, { $set: { 's.t': 'b' } })))?.code).toBe(28);
    await c.updateOne({ _id: 1 }, { $set: { 'comments.0.body': 'b' } });
    expect((await c.findOne({ _id: 1 }))!.comments).toEqual([{ body: 'b' }]);
  });
});
