// Engine-only: a sort on an indexed field with a limit reads the index in order and stops (a
// claim of the next due job reads one document, not every due one), with the same answers as a
// sort of every match; and `{ $exists: false }` is answered by an index's null entries.
import { MongoClient, type Document } from 'mongodb';
import { start } from '../src/index';
import type { EmbeddedMongo } from '../src/index';
import { describeEngine } from './helpers';

const T0 = Date.UTC(2030, 0, 1);
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

describeEngine('sorted scans and missing fields (engine only)', () => {
  let server: EmbeddedMongo;
  let client: MongoClient;
  const jobs = () => client.db('sorted').collection<Document>('jobs');
  const explain = async (inner: Document): Promise<Document> => client.db('sorted').command({ explain: inner, verbosity: 'executionStats' });

  beforeAll(async () => {
    server = await start({ port: 0 });
    client = await MongoClient.connect(server.uri);
    await jobs().createIndex({ due: 1 });
    await jobs().createIndex({ shop: 1 });
    await jobs().createIndex({ checked: 1 }, { sparse: true });
    // 2,000 jobs, 10 to a minute (ties), due over 200 minutes; every 50th has no due date, every
    // 70th a null one; each 4th of a shop; every 3rd checked.
    await jobs().insertMany(
      Array.from({ length: 2000 }, (_, i) => ({
        _id: i as never,
        ...(i % 50 === 0 ? {} : { due: i % 70 === 0 ? null : at(Math.floor(i / 10)) }),
        shop: `s${i % 4}`,
        ...(i % 3 === 0 ? { checked: at(i) } : {}),
        n: 2000 - i,
      })),
    );
  });
  afterAll(async () => {
    await client.close();
    await server.stop();
  });

  /** What a sort of every match gives, in JavaScript (the `due` order, then `n`). */
  const expected = async (filter: Document, dir: 1 | -1, skip: number, limit: number): Promise<number[]> => {
    const all = await jobs().find(filter).toArray();
    all.sort((a, b) => dir * ((a.due as Date).getTime() - (b.due as Date).getTime()) || (a.n as number) - (b.n as number));
    return all.slice(skip, skip + limit).map((d) => d._id as unknown as number);
  };

  test('claiming the next due job reads one document, and takes the earliest', async () => {
    const filter = { due: { $lte: at(150) } };
    const r = await explain({ findAndModify: 'jobs', query: filter, sort: { due: 1 }, update: { $set: { due: at(500) } } });
    expect(r.queryPlanner.winningPlan).toMatchObject({ stage: 'LIMIT', inputStage: { stage: 'FETCH', inputStage: { stage: 'IXSCAN', indexName: 'due_1' } } });
    expect(r.executionStats).toMatchObject({ nReturned: 1, totalDocsExamined: 1 });
    const first = await jobs().findOneAndUpdate(filter, { $set: { due: at(500) } }, { sort: { due: 1 }, returnDocument: 'before' });
    expect(first?._id).toBe(1);
    const second = await jobs().findOneAndUpdate(filter, { $set: { due: at(500) } }, { sort: { due: 1 }, returnDocument: 'before' });
    expect(second?._id).toBe(2);
    await jobs().updateMany({ _id: { $in: [1, 2] as never[] } }, { $set: { due: at(0) } });
  });

  test('either direction, with skip, ties ordered by the next sort key, and a filter beyond the range: as a sort of every match', async () => {
    const cases: [Document, 1 | -1, number, number][] = [
      [{ due: { $gte: at(20), $lt: at(120) } }, 1, 0, 15],
      [{ due: { $gte: at(20), $lt: at(120) } }, -1, 5, 12],
      [{ due: { $gt: at(3) }, shop: 's2' }, -1, 0, 7],
      [{ due: { $lte: at(90) }, shop: { $in: ['s1', 's3'] } }, 1, 3, 25],
    ];
    for (const [filter, dir, skip, limit] of cases) {
      const found = await jobs().find(filter).sort({ due: dir, n: 1 }).skip(skip).limit(limit).toArray();
      expect(found.map((d) => d._id)).toEqual(await expected(filter, dir, skip, limit));
    }
    const r = await explain({ find: 'jobs', filter: { due: { $gte: at(20), $lt: at(120) } }, sort: { due: -1, n: 1 }, limit: 15 });
    expect(r.queryPlanner.winningPlan).toMatchObject({ stage: 'LIMIT', inputStage: { inputStage: { direction: 'backward' } } });
    // The 15 first and the others of the 15th's minute (n orders those), of the 1,000 in the range.
    expect(r.executionStats.totalDocsExamined).toBe(19);
    // Without a limit every match is read and sorted.
    expect((await explain({ find: 'jobs', filter: { due: { $gte: at(20) } }, sort: { due: 1 }, skip: 5 })).queryPlanner.winningPlan.stage).toBe('FETCH');
  });

  test('a filter the index barely narrows, or an array in the sorted field, still gives every match in order', async () => {
    // 30 matches, all at the end of the range: the in-order read gives up, the usual sort answers.
    const few = { due: { $gte: at(0) }, n: { $lte: 30 } };
    expect((await jobs().find(few).sort({ due: 1, n: 1 }).limit(2).toArray()).map((d) => d._id)).toEqual(await expected(few, 1, 0, 2));
    expect((await explain({ find: 'jobs', filter: few, sort: { due: 1 }, limit: 2 })).queryPlanner.winningPlan.stage).not.toBe('LIMIT');
    // An array sorts by its least element (ascending), which is not where the index reaches it first.
    await jobs().insertOne({ _id: 5000 as never, due: [at(199), at(0.5)], shop: 's9', n: 0 });
    try {
      const top = await jobs().find({ due: { $gte: at(0.2) } }).sort({ due: 1, n: 1 }).limit(3).toArray();
      expect(top.map((d) => d._id)).toEqual([5000, 19, 18]);
    } finally {
      await jobs().deleteOne({ _id: 5000 as never });
    }
  });

  test('{ $exists: false } is read from a full index\'s null entries; a sparse index has none', async () => {
    const r = await explain({ find: 'jobs', filter: { due: { $exists: false } } });
    expect(r.queryPlanner.winningPlan).toMatchObject({ stage: 'FETCH', inputStage: { stage: 'IXSCAN', indexName: 'due_1' } });
    // The null entries hold the 40 missing and the 23 null ones.
    expect(r.executionStats).toMatchObject({ nReturned: 40, totalDocsExamined: 63 });
    expect((await jobs().find({ due: { $exists: false } }).toArray()).map((d) => d._id)).toEqual(Array.from({ length: 40 }, (_, i) => i * 50));
    expect((await explain({ find: 'jobs', filter: { checked: { $exists: false } } })).queryPlanner.winningPlan.stage).toBe('COLLSCAN');
    expect(await jobs().countDocuments({ checked: { $exists: false } })).toBe(1333);
  });
});
