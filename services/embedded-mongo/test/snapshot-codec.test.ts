// Engine-only: a snapshot's records carry the ops in V8's serialization (snapshotCodec.ts). What a
// start reads back must be exactly what the BSON form gave: every BSON type, key order, Long and
// Double wrappers kept, and a snapshot it cannot read stops it without anything being dropped.
import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Binary, BSON, BSONRegExp, Code, DBRef, Decimal128, Double, Int32, Long, MaxKey, MinKey, MongoClient, ObjectId, Timestamp } from 'mongodb';
import { start } from '../src/index';
import { encodePayload, readStrict } from '../src/records';
import { repair } from '../src/repair';
import { encodeSnapshotOp, encodeSnapshotOps, UnreadableSnapshotError, V8_MARK } from '../src/snapshotCodec';
import { describeEngine, removeTmpDirs, spawnEngine, tmpDir } from './helpers';

afterAll(() => removeTmpDirs());

/** A document with a value of every kind BSON stores, in nested places too. */
function everyKind(): Record<string, unknown> {
  const doc: Record<string, unknown> = {
    _id: new ObjectId(),
    s: 'text, accents éàü and an emoji 🎁',
    empty: '',
    i32: 7,
    wrappedInt: new Int32(8),
    frac: 1.5,
    integralDouble: new Double(2),
    negZero: new Double(-0),
    nan: NaN,
    inf: -Infinity,
    big: 2 ** 40,
    long: Long.fromString('9007199254740993'),
    dec: Decimal128.fromString('12.345'),
    t: true,
    f: false,
    nil: null,
    date: new Date(Date.UTC(2026, 10, 28, 6, 0, 0, 123)),
    badDate: new Date(NaN),
    bin: new Binary(Buffer.from([0, 1, 2, 255])),
    uuid: new Binary(Buffer.alloc(16, 7), 4),
    ts: new Timestamp({ t: 1700000000, i: 3 }),
    min: new MinKey(),
    max: new MaxKey(),
    re: new BSONRegExp('^a.b$', 'imx'),
    code: new Code('function () { return 1; }', { x: 1 }),
    ref: new DBRef('people', new ObjectId(), 'auth'),
    arr: [1, 'two', new ObjectId(), [new Date(0), { deep: new Long(3) }], {}],
    nested: { a: { b: { c: [new ObjectId(), null] } }, '': 'empty key', 'dot.ted': 1 },
    '10': 'an index-like key',
    undef: undefined,
    plainNegZero: -0,
  };
  Object.defineProperty(doc, '__proto__', { value: { own: true }, enumerable: true, writable: true, configurable: true });
  return doc;
}

/** A document of plain values only: written as it is stored, not copied. */
function plainKinds(): Record<string, unknown> {
  return {
    _id: new ObjectId(),
    name: 'A product',
    price: 12.5,
    n: 3,
    big: 2 ** 40,
    nan: NaN,
    neg: -Infinity,
    ok: true,
    none: null,
    at: new Date(Date.UTC(2026, 10, 28)),
    ids: [new ObjectId(), new ObjectId()],
    holds: [{ offeringId: 'x', units: 1, at: new Date(1) }],
    nested: { owner: new ObjectId(), list: { '': 1, 'dot.ted': [] } },
  };
}

/** The ops a record holds once read back, through the file format's own reader. */
function readBack(payload: Buffer): Record<string, unknown>[] {
  const r = readStrict(encodePayload(payload, 0), { allowTornTail: false });
  expect(r.damage).toBeNull();
  return r.records[0].ops;
}

describeEngine('snapshot records (engine only)', () => {
  test('every BSON value reads back as the BSON form of the same ops gives it, key order included', () => {
    const ops = [
      { o: 'cc', db: 'app', c: 'things', opts: { capped: false, size: new Int32(5) } },
      { o: 'ci', db: 'app', c: 'things', spec: { name: 'k_1', key: { k: new Int32(1) }, unique: true } },
      { o: 'puts', db: 'app', c: 'things', ds: [everyKind(), { _id: 'plain', n: 1 }, everyKind(), plainKinds(), plainKinds()] },
      // A document holding what a stored ObjectId looks like in V8's form, as data of its own.
      { o: 'puts', db: 'app', c: 'things', ds: [{ _id: 'lookalike', v: { i0: 1, i1: 2, i2: 3, i3: 4 } }, plainKinds()] },
      // An op of another shape keeps its other fields, tagged where they need it.
      { o: 'puts', db: 'app', c: 'things', ds: [plainKinds()], at: new Date(5), n: new Long(7) },
    ];
    const viaBson = readBack(Buffer.concat(ops.map((o) => BSON.serialize(o))));
    const viaV8 = readBack(encodeSnapshotOps(ops));
    expect(viaV8).toStrictEqual(viaBson);
    // Same bytes once serialized again: same key order, same BSON type of every number.
    expect(Buffer.concat(viaV8.map((o) => BSON.serialize(o)))).toEqual(Buffer.concat(viaBson.map((o) => BSON.serialize(o))));
    const doc = (viaV8[2].ds as Record<string, unknown>[])[0];
    expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(doc, '__proto__')?.value).toEqual({ own: true });
    expect(doc.long).toBeInstanceOf(Long);
    expect(doc.integralDouble).toBeInstanceOf(Double);
    expect(doc.wrappedInt).toBe(8);
    expect('undef' in doc).toBe(false); // BSON leaves an undefined value out
    expect((viaV8[3].ds as Record<string, unknown>[])[0].v).toEqual({ i0: 1, i1: 2, i2: 3, i3: 4 });
    expect((viaV8[2].ds as Record<string, unknown>[])[3]._id).toBeInstanceOf(ObjectId);
    // Documents of plain values are serialized as they are stored, not copied first.
    const plain = plainKinds();
    const encoded = encodeSnapshotOp({ o: 'puts', db: 'app', c: 'things', ds: [plain] }) as { ds: unknown[] };
    expect(encoded.ds[0]).toBe(plain);
  });

  test('a compaction writes them, and a restart gives back the same documents, answering queries on Long and Double values', async () => {
    const dir = tmpDir('codec');
    let s = await start({ port: 0, dbPath: dir });
    const read = (c: MongoClient) => c.db('app').collection('things').find({}, { promoteValues: false }).sort({ _id: 1 }).toArray();
    const client = await MongoClient.connect(s.uri);
    const col = client.db('app').collection('things');
    await col.createIndex({ n: 1 });
    const { _id, ...rest } = everyKind();
    void _id;
    await col.insertMany([
      { _id: 1 as never, ...rest, n: Long.fromNumber(5) },
      { _id: 2 as never, n: new Double(6) },
      { _id: 3 as never, n: 7.5 },
    ]);
    const before = await read(client);
    expect(await client.db('app').command({ compact: 'things' })).toMatchObject({ ok: 1 });
    await client.close();
    await s.stop();
    const snapshot = fs.readFileSync(path.join(dir, 'snapshot.bson'));
    expect(snapshot.includes(V8_MARK)).toBe(true);

    s = await start({ port: 0, dbPath: dir });
    const again = await MongoClient.connect(s.uri);
    try {
      expect(await read(again)).toStrictEqual(before);
      const ids = async (filter: Record<string, unknown>) => (await again.db('app').collection('things').find(filter).toArray()).map((d) => d._id);
      expect(await ids({ n: { $gte: 5, $lt: 7 } })).toEqual([1, 2]);
      expect(await ids({ n: 7.5 })).toEqual([3]);
      expect(await ids({ date: rest.date, 'arr.2': (rest.arr as unknown[])[2] })).toEqual([1]);
    } finally {
      await again.close();
      await s.stop();
    }
  });

  test('in the engine\'s own process (documents decoded in place, not rebuilt for a test context), a restart reads back the same documents', async () => {
    const dir = tmpDir('process');
    const stop = async (child: ChildProcess): Promise<void> => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    };
    const read = (c: MongoClient) => c.db('app').collection('things').find({}, { promoteValues: false }).sort({ _id: 1 }).toArray();
    let engine = await spawnEngine(dir);
    let client = await MongoClient.connect(engine.uri);
    await client.db('app').collection('things').insertMany([{ ...everyKind(), _id: 1 as never }, { ...everyKind(), _id: 2 as never, n: Long.fromNumber(3) }, { ...plainKinds(), _id: 3 as never }]);
    const before = await read(client);
    await client.db('app').command({ compact: 'things' });
    await client.close();
    await stop(engine.child);
    engine = await spawnEngine(dir);
    client = await MongoClient.connect(engine.uri);
    try {
      expect(await read(client)).toStrictEqual(before);
      expect(await client.db('app').collection('things').countDocuments({ n: { $gt: 2 } })).toBe(2);
    } finally {
      await client.close();
      await stop(engine.child);
    }
  });

  test('a snapshot written by a newer Node.js stops the start and the repair, and nothing is dropped', async () => {
    const dir = tmpDir('newer');
    let s = await start({ port: 0, dbPath: dir });
    const client = await MongoClient.connect(s.uri);
    await client.db('app').collection('things').insertOne({ _id: 1 as never, v: 'kept' });
    await client.db('app').command({ compact: 'things' });
    await client.close();
    await s.stop();
    const file = path.join(dir, 'snapshot.bson');
    const original = fs.readFileSync(file);
    const records = readStrict(original, { allowTornTail: false }).records;
    // The body's second byte is the V8 serializer's format: one it does not know yet.
    const body = records.find((r) => r.payload.subarray(0, V8_MARK.length).equals(V8_MARK))!;
    const newer = Buffer.from(body.payload);
    newer[V8_MARK.length + 1] = 0x7f;
    const rewritten = Buffer.concat([original.subarray(0, body.offset), encodePayload(newer, body.seq!), original.subarray(body.end)]);
    fs.writeFileSync(file, rewritten);
    await expect(start({ port: 0, dbPath: dir })).rejects.toThrow(UnreadableSnapshotError);
    await expect(start({ port: 0, dbPath: dir })).rejects.toThrow(/written by a newer Node\.js/);
    await expect(repair(dir)).rejects.toThrow(UnreadableSnapshotError);
    expect(fs.readFileSync(file)).toEqual(rewritten);
    fs.writeFileSync(file, original);
    s = await start({ port: 0, dbPath: dir });
    const back = await MongoClient.connect(s.uri);
    try {
      expect(await back.db('app').collection('things').findOne({ _id: 1 as never })).toEqual({ _id: 1, v: 'kept' });
    } finally {
      await back.close();
      await s.stop();
    }
  });
});
