// Snapshot reads: a session started with { snapshot: true } reads every collection of every
// database as of its first read, whatever is written meanwhile (what a live backup relies on).
import { Timestamp } from 'bson';
import { MongoClient } from 'mongodb';
import type { Collection } from '../src/collection';
import { Snapshots } from '../src/snapshots';
import { dbName, startTarget, Target } from './helpers';

let target: Target;
let client: MongoClient;

beforeAll(async () => {
  target = await startTarget();
  client = await MongoClient.connect(target.uri);
});
afterAll(async () => {
  await client.close();
  await target.stop();
});

describe('snapshot sessions', () => {
  it('read every database as of the first read, across later writes', async () => {
    const a = client.db(dbName('snapA'));
    const b = client.db(dbName('snapB'));
    await a.collection('x').insertMany([{ _id: 1 as never, v: 1 }, { _id: 2 as never, v: 2 }]);
    await b.collection('y').insertOne({ _id: 1 as never, v: 'one' });

    const session = client.startSession({ snapshot: true });
    try {
      const first = await a.collection('x').find({}, { session }).sort({ _id: 1 }).toArray();
      expect(first.map((d) => d.v)).toEqual([1, 2]);
      // Written after the snapshot: invisible to it, visible outside it.
      await a.collection('x').updateOne({ _id: 1 as never }, { $set: { v: 100 } });
      await a.collection('x').insertOne({ _id: 3 as never, v: 3 });
      await b.collection('y').deleteOne({ _id: 1 as never });
      await b.collection('z').insertOne({ _id: 1 as never });

      const again = await a.collection('x').find({}, { session }).sort({ _id: 1 }).toArray();
      expect(again.map((d) => d.v)).toEqual([1, 2]);
      expect(await b.collection('y').find({}, { session }).toArray()).toEqual([{ _id: 1, v: 'one' }]);
      expect(await b.collection('z').find({}, { session }).toArray()).toEqual([]);
      expect(await a.collection('x').distinct('v', {}, { session })).toEqual([1, 2]);
      const agg = await a.collection('x').aggregate([{ $group: { _id: null, n: { $sum: 1 } } }], { session }).toArray();
      expect(agg[0].n).toBe(2);
    } finally {
      await session.endSession();
    }
    expect((await a.collection('x').find({}).sort({ _id: 1 }).toArray()).map((d) => d.v)).toEqual([100, 2, 3]);
  });

  it('a large collection is read whole through getMore within the snapshot', async () => {
    const db = client.db(dbName('snapBig'));
    await db.collection('big').insertMany(Array.from({ length: 500 }, (_, i) => ({ _id: i as never, i })));
    const session = client.startSession({ snapshot: true });
    try {
      const cursor = db.collection('big').find({}, { session, batchSize: 50 });
      const firstDoc = await cursor.next();
      await db.collection('big').deleteMany({});
      const rest = await cursor.toArray();
      expect(1 + rest.length).toBe(500);
      expect(firstDoc?._id).toBe(0);
    } finally {
      await session.endSession();
    }
  });
});

describe('Snapshots', () => {
  it('drops what a session took when it ends, and what nobody read for 5 minutes', () => {
    const snapshots = new Snapshots();
    const dbs = new Map<string, Map<string, Collection>>();
    const mine = snapshots.take(dbs, 'session-a');
    const other = snapshots.take(dbs, 'session-b');
    snapshots.release('session-a');
    expect(() => snapshots.find(mine.time)).toThrow(/SnapshotTooOld/);
    expect(snapshots.find(other.time)).toBe(other);
    snapshots.sweep(Date.now() + 5 * 60 * 1000 + 1);
    expect(() => snapshots.find(other.time)).toThrow(/SnapshotTooOld/);
    expect(() => snapshots.find(new Timestamp({ t: 1, i: 1 }))).toThrow(/SnapshotTooOld/);
  });
});
