/* eslint-disable @typescript-eslint/no-explicit-any -- conformance tests poke at loosely typed results */
// Behaviour the engine claims, each case written from the MongoDB manual's statement of
// it (quoted or cited above the test), through the raw driver and through mongoose. With
// MONGODB_URI set the same file runs against a real server.
import { Binary, Collection, Db, DBRef, Decimal128, Double, Int32, Long, MongoClient, ObjectId, Timestamp } from 'mongodb';
import mongoose, { Schema } from 'mongoose';
import { dbName, describeEngine, removeTmpDirs, startTarget, Target, tmpDir } from './helpers';
import { start } from '../src/index';

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
  // Manual, "BSON Document Size": "The maximum BSON document size is 16 mebibytes."
  test('documents over 16 MB are refused (insert, update), mongoose save gets a MongoServerError', async () => {
    const big = 'x'.repeat(16 * 1024 * 1024);
    expect((await err(db.command({ insert: c.collectionName, documents: [{ big }] }).then((r) => (r.writeErrors ? Promise.reject(r.writeErrors[0]) : r))))?.code).toBe(2);
    await c.insertOne({ _id: 1 });
    expect((await err(c.updateOne({ _id: 1 }, { $set: { big } })))?.code).toBe(17419);
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1 });
    const M = model(new Schema({ name: Object }));
    const e = await err(new M({ name: { data: big } }).save());
    expect(e?.name).toBe('MongoServerError');
  });
  // The engine reports MongoDB 7.0; "sort" in an update statement arrived in 8.0, so 7.0 refuses
  // it as an unknown field (40415).
  test('update with sort is refused as on 7.0', async () => {
    await c.insertOne({ _id: 1 });
    const r = await err(db.command({ update: c.collectionName, updates: [{ q: {}, u: { $set: { a: 1 } }, sort: { _id: 1 } }] }).then((x) => (x.writeErrors ? Promise.reject(x.writeErrors[0]) : x)));
    expect(r?.code).toBe(40415);
  });
  // Manual, "Field Names": "_id ... may contain values of any BSON data type, other than an array,
  // regex, or undefined", and its embedded field names may not start with $.
  // MongoDB pads an array with nulls when setting past its end, up to 1,500,000 elements (2).
  test('setting past the end of an array pads with null, within the limit MongoDB sets', async () => {
    await c.insertOne({ _id: 1, a: [1] });
    await c.updateOne({ _id: 1 }, { $set: { 'a.3': 4 } });
    expect((await c.findOne({ _id: 1 }))!.a).toEqual([1, null, null, 4]);
    expect((await err(c.updateOne({ _id: 1 }, { $set: { 'a.1000000000': 1 } })))?.code).toBe(2);
  });
  test('a $-prefixed key inside _id is refused', async () => {
    expect((await err(c.insertOne({ _id: { $a: 1 } } as any)))?.code).toBe(52);
    expect((await err(c.insertOne({ _id: [1] } as any)))?.code).toBe(2);
  });
});

// Manual, explain: "returns information on the query plan" for find, aggregate, count, distinct,
// update, delete and findAndModify, with queryPlanner.winningPlan and, for the executionStats
// verbosity, executionStats.nReturned; a write is not performed.
describe('2. explain', () => {
  test('find, aggregate and a write through the driver', async () => {
    await c.insertMany([{ n: 1 }, { n: 2 }, { n: 2 }]);
    const f: any = await c.find({ n: 2 }).explain('executionStats');
    expect(f.queryPlanner.winningPlan).toBeDefined();
    expect(f.executionStats.nReturned).toBe(2);
    const a: any = await c.aggregate([{ $match: { n: 1 } }]).explain();
    expect(a.queryPlanner ?? a.stages).toBeDefined();
    const u: any = await db.command({ explain: { update: c.collectionName, updates: [{ q: { n: 1 }, u: { $set: { n: 9 } } }] }, verbosity: 'queryPlanner' });
    expect(u.queryPlanner.winningPlan).toBeDefined();
    expect(await c.countDocuments({ n: 9 })).toBe(0);
  });
  test('mongoose Query#explain and Aggregate#explain', async () => {
    const M = model(new Schema({ n: Number }));
    await M.create({ n: 42 });
    expect(((await M.find().explain('queryPlanner')) as any).queryPlanner).toBeDefined();
    const agg: any = await M.aggregate([{ $match: {} }]).explain();
    expect(agg.queryPlanner ?? agg.stages).toBeDefined();
  });
});

// Manual, $type: "$type selects documents where the value of the field is an instance of the
// specified BSON type(s)"; aliases and numbers from the BSON types table ('objectId' 7,
// 'binData' 5, 'decimal' 19, 'timestamp' 17 ...), 'number' matching int, long, double, decimal.
describe('4. $type aliases', () => {
  test('every alias and its number', async () => {
    await c.insertOne({ _id: 1, o: new ObjectId(), b: new Binary(Buffer.from([1])), d: Decimal128.fromString('1.5'), t: new Timestamp({ t: 1, i: 1 }), s: 'x', a: [1] });
    for (const [f, alias, code] of [['o', 'objectId', 7], ['b', 'binData', 5], ['d', 'decimal', 19], ['t', 'timestamp', 17], ['s', 'string', 2], ['a', 'array', 4]] as const) {
      expect(await c.countDocuments({ [f]: { $type: alias } })).toBe(1);
      expect(await c.countDocuments({ [f]: { $type: code } })).toBe(1);
    }
    expect(await c.countDocuments({ d: { $type: 'number' } })).toBe(1);
    expect(await c.countDocuments({ o: { $type: 'string' } })).toBe(0);
    expect((await err(c.countDocuments({ o: { $type: 'nope' } })))?.code).toBe(2);
  });
  test('mongoose: $eq together with $type objectId', async () => {
    const M = model(new Schema({ name: String }));
    const d = await M.create({ name: 'n' });
    expect((await M.findOne({ _id: { $eq: d._id, $type: 'objectId' } }))?.name).toBe('n');
  });
});

// Manual, "Project Fields to Return from Query": "$slice ... does not by itself make the
// projection an inclusion"; "$elemMatch ... returns only the first element that matches";
// positional "<array>.$" returns "the first element that matches the query condition";
// "the _id field is included by default" and returned fields keep the document's order.
describe('6. projections', () => {
  beforeEach(async () => {
    await c.insertOne({ _id: 1, z: 0, tags: ['a', 'b', 'c'], dates: [1, 3, 5], arr: [{ k: 1 }, { k: 2 }], name: 'n' });
  });
  test('$slice alone keeps the other fields; beside an exclusion too', async () => {
    expect(await c.findOne({}, { projection: { tags: { $slice: 1 } } })).toEqual({ _id: 1, z: 0, tags: ['a'], dates: [1, 3, 5], arr: [{ k: 1 }, { k: 2 }], name: 'n' });
    expect(await c.findOne({}, { projection: { tags: { $slice: -1 }, dates: 0 } })).toEqual({ _id: 1, z: 0, tags: ['c'], arr: [{ k: 1 }, { k: 2 }], name: 'n' });
    expect((await c.findOne({}, { projection: { tags: { $slice: [1, 1] }, name: 1 } }))).toEqual({ _id: 1, tags: ['b'], name: 'n' });
  });
  test('$elemMatch with an operator on a scalar array, and on documents', async () => {
    expect(await c.findOne({}, { projection: { dates: { $elemMatch: { $gte: 2 } } } })).toEqual({ _id: 1, dates: [3] });
    expect(await c.findOne({}, { projection: { arr: { $elemMatch: { k: { $in: [2] } } } } })).toEqual({ _id: 1, arr: [{ k: 2 }] });
  });
  test('positional tags.$', async () => {
    expect(await c.findOne({ tags: 'b' }, { projection: { 'tags.$': 1 } })).toEqual({ _id: 1, tags: ['b'] });
  });
  test('inclusion keeps document order with _id first', async () => {
    const d = await c.findOne({}, { projection: { name: 1, z: 1 } });
    expect(Object.keys(d!)).toEqual(['_id', 'z', 'name']);
  });
  test('mixing inclusion and exclusion is refused', async () => {
    expect((await err(c.findOne({}, { projection: { name: 1, z: 0 } })))?.code).toBe(31254);
  });
  test('mongoose select with $slice keeps schema defaults and other fields', async () => {
    const M = model(new Schema({ title: { type: String, default: 'd' }, arr: [Number] }));
    const d = await M.create({ title: 'Hi', arr: [1, 2, 3] });
    const r = await M.findById(d._id).slice('arr', 1);
    expect(r.title).toBe('Hi');
    expect([...r.arr]).toEqual([1]);
  });
});

// Manual, "let" option of find/update/delete/aggregate: "Specifies a document with a list of
// variables ... access the variable value with $$<variable_name>".
describe('7. let variables', () => {
  test('find, update, delete and aggregate', async () => {
    await c.insertMany([{ _id: 1, n: 5 }, { _id: 2, n: 6 }]);
    const byVar = { $expr: { $eq: ['$n', '$$v'] } };
    expect((await c.find(byVar, { let: { v: 5 } }).toArray()).map((d) => d._id)).toEqual([1]);
    await c.updateOne(byVar, [{ $set: { m: '$$v' } }], { let: { v: 6 } });
    expect((await c.findOne({ _id: 2 }))!.m).toBe(6);
    expect((await c.aggregate([{ $match: byVar }, { $project: { x: '$$v' } }], { let: { v: 5 } }).toArray())).toEqual([{ _id: 1, x: 5 }]);
    expect((await c.deleteOne(byVar, { let: { v: 5 } })).deletedCount).toBe(1);
  });
});

describe('10. smaller differences', () => {
  // Manual, $where: needs server-side JavaScript; the engine answers as a server with
  // security.javascriptEnabled: false does (BadValue).
  test('$where answers as a server without JavaScript', async () => {
    await c.insertOne({ n: 1 });
    const e = await err(c.find({ $where: 'this.n === 1' }).toArray());
    expect(e?.code).toBe(2);
  });
  // Manual, $all: "{ tags: { $all: [ "ssl" ] } } ... is equivalent to { tags: "ssl" }".
  test('$all on a scalar field', async () => {
    await c.insertOne({ tags: 'ssl' });
    expect(await c.countDocuments({ tags: { $all: ['ssl'] } })).toBe(1);
    expect(await c.countDocuments({ tags: { $all: ['ssl', 'x'] } })).toBe(0);
  });
  // Manual, "Unrecognized pipeline stage name" is error 40324.
  test('an unknown pipeline stage answers 40324', async () => {
    expect((await err(c.aggregate([{ $fakeStage: {} }]).toArray()))?.code).toBe(40324);
  });
  // Manual, $set: "If the field exists, $set replaces its value" — a Binary with another subtype is another value.
  test('a Binary subtype change through $set is kept', async () => {
    await c.insertOne({ _id: 1, b: new Binary(Buffer.from([1, 2]), 0) });
    await c.updateOne({ _id: 1 }, { $set: { b: new Binary(Buffer.from([1, 2]), 4) } });
    expect((await c.findOne({ _id: 1 }))!.b.sub_type).toBe(4);
  });
  // Manual, collMod: "adds options to a collection or modifies view definitions"; index.hidden.
  test('collMod hides an index and answers NamespaceNotFound (26) on a missing collection', async () => {
    await c.createIndex({ n: 1 }, { name: 'n_1' });
    const r = await db.command({ collMod: c.collectionName, index: { name: 'n_1', hidden: true } });
    expect(r.ok).toBe(1);
    const idx = (await c.listIndexes().toArray()).find((i) => i.name === 'n_1');
    expect(idx!.hidden).toBe(true);
    expect((await err(db.command({ collMod: 'nope_missing' })))?.code).toBe(26);
  });
  // Manual, DBRef: "$ref ... $id ... $db" are fields; $elemMatch on them matches DBRefs in an array.
  test('a DBRef $id inside $elemMatch', async () => {
    const id = new ObjectId();
    await c.insertOne({ refs: [new DBRef('users', id)] });
    expect(await c.countDocuments({ refs: { $elemMatch: { $ref: 'users', $id: id } } })).toBe(1);
  });
  // Manual, $bitsAllSet: "BinData ... bit positions ... little-endian".
  test('$bitsAllSet and $bitsAnyClear on BinData', async () => {
    await c.insertOne({ b: new Binary(Buffer.from([0b00000101])) });
    expect(await c.countDocuments({ b: { $bitsAllSet: [0, 2] } })).toBe(1);
    expect(await c.countDocuments({ b: { $bitsAllSet: [1] } })).toBe(0);
    expect(await c.countDocuments({ b: { $bitsAnyClear: new Binary(Buffer.from([0b11])) } })).toBe(1);
  });
  // Manual, comparison/sort order: BinData compares "first by length, then by subtype, then by the bytes".
  test('BinData range comparison', async () => {
    await c.insertMany([{ b: new Binary(Buffer.from('ab')) }, { b: new Binary(Buffer.from('abc')) }]);
    expect(await c.countDocuments({ b: { $gt: new Binary(Buffer.from('zz')) } })).toBe(1);
  });
});

// Manual, "BSON Types": each value keeps its type (double 1, int 2^31 16, long 18); $type
// "double" does not match an int and "int" not a double; numeric comparison is across types.
// $inc: int overflow gives a long; "arithmetic with a double gives a double".
describe('3. numeric BSON types are kept', () => {
  const raw = { promoteValues: false } as const;
  test('Long, Double and Int32 come back with their type and $type tells them apart', async () => {
    await c.insertOne({ _id: 1, l: Long.fromNumber(37), d: new Double(5), i: new Int32(5), f: 1.5 });
    const d: any = await c.findOne({ _id: 1 }, raw);
    expect([d.l._bsontype, d.d._bsontype, d.i._bsontype, d.f._bsontype]).toEqual(['Long', 'Double', 'Int32', 'Double']);
    expect(await c.countDocuments({ d: { $type: 'double' } })).toBe(1);
    expect(await c.countDocuments({ d: { $type: 'int' } })).toBe(0);
    expect(await c.countDocuments({ i: { $type: 'double' } })).toBe(0);
    expect(await c.countDocuments({ l: { $type: 'long' } })).toBe(1);
    expect(await c.countDocuments({ l: { $type: 18 } })).toBe(1);
    expect(await c.countDocuments({ l: 37, d: { $gt: 4 }, i: 5 })).toBe(1);
  });
  test('updates keep and compute types', async () => {
    await c.insertOne({ _id: 1, l: Long.fromNumber(1), d: new Double(1), i: 2147483647 });
    await c.updateOne({ _id: 1 }, { $inc: { l: 1, d: 1, i: 1 }, $set: { s: new Double(2) } });
    const d: any = await c.findOne({ _id: 1 }, raw);
    expect([d.l._bsontype, String(d.l), d.d._bsontype, d.i._bsontype, String(d.i), d.s._bsontype]).toEqual(['Long', '2', 'Double', 'Long', '2147483648', 'Double']);
  });
  test('mongoose BigInt is stored as a long and Double as a double', async () => {
    const M = model(new Schema({ n: BigInt, x: Schema.Types.Double }));
    const doc = await M.create({ n: 42n, x: 5 });
    expect(await M.countDocuments({ _id: doc._id, n: { $type: 'long' }, x: { $type: 'double' } })).toBe(1);
    // lean() gives a number unless useBigInt64 asks the driver for BigInt (mongoose docs, lean).
    expect(typeof (await M.findById(doc._id).setOptions({ useBigInt64: true }).lean<any>()).n).toBe('bigint');
  });
});

describeEngine('3. numeric types survive a restart', () => {
  afterAll(() => removeTmpDirs());
  test('journal and snapshot keep Long and Double', async () => {
    const dir = tmpDir('numtypes');
    let s = await start({ port: 0, dbPath: dir });
    let cl = await MongoClient.connect(s.uri);
    await cl.db('t').collection<any>('c').insertOne({ _id: 1, l: Long.fromNumber(7), d: new Double(3) });
    await cl.close();
    await s.stop();
    s = await start({ port: 0, dbPath: dir });
    cl = await MongoClient.connect(s.uri);
    const d: any = await cl.db('t').collection<any>('c').findOne({ _id: 1 }, { promoteValues: false });
    expect([d.l._bsontype, d.d._bsontype]).toEqual(['Long', 'Double']);
    await cl.close();
    await s.stop();
  });
});

// Declared unsupported (README "What it does not do"): each answers with MongoDB's own code.
describeEngine('declared exceptions answer with MongoDB codes', () => {
  test('$text 27, $near 291, $geoWithin 2, $geoNear 27, $changeStream 40573, $where 2', async () => {
    await c.insertOne({ loc: [0, 0], s: 'a' });
    expect((await err(c.find({ $text: { $search: 'a' } }).toArray()))?.code).toBe(27);
    expect((await err(c.find({ loc: { $near: [0, 0] } }).toArray()))?.code).toBe(291);
    expect((await err(c.find({ loc: { $geoWithin: { $center: [[0, 0], 1] } } }).toArray()))?.code).toBe(2);
    expect((await err(c.aggregate([{ $geoNear: { near: [0, 0], distanceField: 'd' } }]).toArray()))?.code).toBe(27);
    expect((await err(c.aggregate([{ $changeStream: {} }]).toArray()))?.code).toBe(40573);
    expect((await err(c.find({ $where: 'true' }).toArray()))?.code).toBe(2);
  });
  // A collation or a validator the engine would silently ignore makes results differ from a real
  // server; refusing it (NotImplemented, 238) makes code that depends on it fail here first.
  test('a non-simple collation, a schema validator and a view answer NotImplemented (238); the simple collation works', async () => {
    await c.insertMany([{ _id: 1, s: 'a' }, { _id: 2, s: 'B' }]);
    const fr = { locale: 'fr', strength: 2 };
    expect((await err(c.find({ s: 'A' }, { collation: fr }).toArray()))?.code).toBe(238);
    expect((await err(c.updateOne({ s: 'A' }, { $set: { x: 1 } }, { collation: fr })))?.code).toBe(238);
    expect((await err(c.deleteOne({ s: 'A' }, { collation: fr })))?.code).toBe(238);
    expect((await err(c.aggregate([{ $match: { s: 'A' } }], { collation: fr }).toArray()))?.code).toBe(238);
    expect((await err(c.createIndex({ s: 1 }, { collation: fr })))?.code).toBe(238);
    expect((await err(db.createCollection(`v${seq++}`, { validator: { s: { $type: 'string' } } })))?.code).toBe(238);
    expect((await err(db.createCollection(`v${seq++}`, { viewOn: c.collectionName, pipeline: [] })))?.code).toBe(238);
    expect(await c.find({ s: 'a' }, { collation: { locale: 'simple' } }).toArray()).toEqual([{ _id: 1, s: 'a' }]);
    expect(await c.countDocuments()).toBe(2);
    const M = model(new Schema({ s: String }, { collation: fr }));
    expect((await err(M.find({ s: 'A' }).exec()))?.code).toBe(238);
  });
});
