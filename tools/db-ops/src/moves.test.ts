// Backup, restore and migrate between two engines (no MongoDB server on these machines: a second
// embedded engine stands for the target), each result checked document by document.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Binary, Decimal128, Double, Int32, Long, ObjectId, Timestamp, type Document } from 'bson';
import { start, type EmbeddedMongo } from '@wishlist/embedded-mongo';
import { MongoClient } from 'mongodb';
import { backup, migrate, restore } from './commands';
import { canonicalLines, EXACT_READ } from './checksum';
import { userDatabases } from './dump';
import { ENGINE_DIR, ENGINE_URI_FILE } from './locate';

const dirs: string[] = [];
const tmp = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), `db-ops-${prefix}-`));
  dirs.push(d);
  return d;
};
const engines: EmbeddedMongo[] = [];
const clients: MongoClient[] = [];
async function engine(dbPath?: string): Promise<{ uri: string; client: MongoClient; stop(): Promise<void> }> {
  const e = await start({ port: 0, dbPath });
  engines.push(e);
  const client = await MongoClient.connect(e.uri);
  clients.push(client);
  return {
    uri: e.uri,
    client,
    async stop() {
      await client.close();
      await e.stop();
    },
  };
}
afterAll(async () => {
  for (const c of clients) await c.close();
  for (const e of engines) await e.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Every document of every collection of every database, canonical, in a stable order. */
async function everything(client: MongoClient): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const db of await userDatabases(client))
    for (const c of await client.db(db).listCollections({}, { nameOnly: true }).toArray())
      out[`${db}.${c.name}`] = canonicalLines(await client.db(db).collection(c.name).find({}, EXACT_READ).toArray());
  return out;
}
async function indexes(client: MongoClient, db: string, coll: string): Promise<Document[]> {
  return (await client.db(db).collection(coll).listIndexes().toArray()).map(({ v: _v, ns: _ns, ...rest }) => rest).sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The three services' databases, with every BSON type the product stores and its kinds of index. */
async function fill(client: MongoClient): Promise<void> {
  const auth = client.db('auth');
  await auth.collection('users').createIndex({ email: 1 }, { unique: true });
  await auth.collection('tokens').createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
  await auth.collection('users').insertMany(
    Array.from({ length: 250 }, (_, i) => ({ _id: new ObjectId(), email: `user${i}@example.com`, createdAt: new Date(1_700_000_000_000 + i), locale: i % 2 ? 'fr' : 'en' })),
  );
  await auth.collection('tokens').insertOne({ _id: new ObjectId(), hash: new Binary(Buffer.from('0123456789abcdef')), expiresAt: new Date(Date.now() + 3_600_000) });
  const lists = client.db('lists');
  await lists.collection('products').createIndex({ listId: 1, position: 1 });
  await lists.collection('products').createIndex({ sku: 1 }, { unique: true, partialFilterExpression: { sku: { $type: 'string' } } });
  await lists.collection('products').insertMany([
    { _id: new ObjectId(), listId: 'a', position: new Int32(1), price: new Decimal128('19.99'), weight: new Double(2), views: Long.fromString('9007199254740993'), sku: 'x1', tags: ['é', '€'], nested: { deep: [{ at: new Timestamp({ t: 1, i: 2 }) }] } },
    { _id: new ObjectId(), listId: 'a', position: new Int32(2), price: null, weight: new Double(2.5), note: '' },
  ]);
  await client.db('offers').collection('offerings').insertOne({ _id: 'string-id' as never, state: 'pending', amount: new Double(0) });
}

describe('data moves between two engines', () => {
  jest.setTimeout(60_000);

  it('backup while the product writes, then restore into another engine: every document, index and type', async () => {
    const source = await engine();
    await fill(source.client);
    // A writer keeps committing pairs (one document in each of two databases, one transaction):
    // a consistent backup holds as many of one as of the other.
    let writing = true;
    let pairs = 0;
    const writer = (async () => {
      while (writing) {
        const session = source.client.startSession();
        await session.withTransaction(async () => {
          await source.client.db('lists').collection('pairs').insertOne({ n: pairs }, { session });
          await source.client.db('offers').collection('pairs').insertOne({ n: pairs }, { session });
        });
        await session.endSession();
        pairs++;
      }
    })();
    while (pairs < 5) await new Promise((r) => setTimeout(r, 5));
    const file = join(tmp('backup'), 'wishlist.backup.gz');
    const summary = await backup(file, { from: source.uri });
    writing = false;
    await writer;
    expect(summary.collections).toBe(6);

    const target = await engine();
    await restore(file, { to: target.uri });
    const restored = await everything(target.client);
    expect(restored['lists.pairs'].length).toBe(restored['offers.pairs'].length);
    expect(restored['lists.pairs'].length).toBeGreaterThanOrEqual(5);
    // Everything but the pairs written after the snapshot is the source, document by document.
    const now = await everything(source.client);
    for (const ns of Object.keys(now)) {
      if (ns.endsWith('.pairs')) expect(now[ns].slice(0, restored[ns].length)).toEqual(restored[ns]);
      else expect(restored[ns]).toEqual(now[ns]);
    }
    for (const type of ['$numberDecimal', '$numberInt', '$numberDouble', '$numberLong', '$timestamp', '$oid']) expect(restored['lists.products'].join()).toContain(type);
    expect(restored['auth.tokens'].join()).toContain('$binary');
    expect(restored['auth.users'].join()).toContain('$date');
    for (const [db, coll] of [['auth', 'users'], ['auth', 'tokens'], ['lists', 'products']])
      expect(await indexes(target.client, db, coll)).toEqual(await indexes(source.client, db, coll));
    expect((await indexes(target.client, 'auth', 'tokens')).find((i) => i.name === 'expiresAt_1')).toMatchObject({ expireAfterSeconds: 0 });
    await expect(target.client.db('auth').collection('users').insertOne({ email: 'user1@example.com' })).rejects.toThrow(/E11000/);

    // A file cut short is refused before anything is written.
    const cut = join(tmp('cut'), 'cut.gz');
    const whole = readFileSync(file);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const empty = await engine();
    await expect(restore(cut, { to: empty.uri })).rejects.toThrow(/not a Wishlist backup or is damaged|cut short/);
    expect(await userDatabases(empty.client)).toEqual([]);

    // Restoring again is a no-op; into a target holding something else, refused with nothing written.
    const again = await restore(file, { to: target.uri });
    expect(again.every((o) => o.action === 'unchanged')).toBe(true);
    const other = await engine();
    await other.client.db('lists').collection('products').insertOne({ _id: new ObjectId(), listId: 'mine' });
    await expect(restore(file, { to: other.uri })).rejects.toThrow(/different data; nothing was written[\s\S]*lists\.products/);
    expect(await userDatabases(other.client)).toEqual(['lists']);
    await Promise.all([source.stop(), target.stop(), other.stop(), empty.stop()]);
  });

  it('restore without --to fills an empty data directory, and refuses one that holds data', async () => {
    const source = await engine();
    await fill(source.client);
    const file = join(tmp('backup'), 'b.gz');
    await backup(file, { from: source.uri });
    const dataDir = tmp('data');
    await restore(file, { env: { DATA_DIR: dataDir } });
    const reopened = await engine(join(dataDir, ENGINE_DIR));
    expect(await everything(reopened.client)).toEqual(await everything(source.client));
    await reopened.stop();
    await expect(restore(file, { env: { DATA_DIR: dataDir } })).rejects.toThrow(/already holds data/);
    await source.stop();
  });

  it('migrate copies every collection with its indexes, verifies, re-runs as a no-op, refuses different data', async () => {
    // The source as npm start leaves it: an engine on DATA_DIR/db, its address in DATA_DIR/engine.uri.
    const dataDir = tmp('npmstart');
    const source = await engine(join(dataDir, ENGINE_DIR));
    writeFileSync(join(dataDir, ENGINE_URI_FILE), `${source.uri}\n`);
    await fill(source.client);
    const env = { DATA_DIR: dataDir };
    const target = await engine();
    const lines: string[] = [];
    const first = await migrate({ to: target.uri, env, log: (l) => lines.push(l) });
    expect(first.every((o) => o.action === 'copied')).toBe(true);
    expect(lines.join('\n')).toMatch(/lists\.products: 2 document\(s\), 2 index\(es\), sha256 [0-9a-f]{16}: copied, verified/);
    expect(await everything(target.client)).toEqual(await everything(source.client));
    for (const [db, coll] of [['auth', 'users'], ['auth', 'tokens'], ['lists', 'products']])
      expect(await indexes(target.client, db, coll)).toEqual(await indexes(source.client, db, coll));

    const second = await migrate({ to: target.uri, env });
    expect(second.every((o) => o.action === 'unchanged' && o.written === 0)).toBe(true);

    // A copy cut short (documents missing) is completed by the next run.
    await target.client.db('auth').collection('users').deleteMany({ locale: 'fr' });
    const resumed = await migrate({ to: target.uri, env });
    expect(resumed.find((o) => o.ns === 'auth.users')).toMatchObject({ action: 'completed', written: 125 });
    expect(await everything(target.client)).toEqual(await everything(source.client));

    // The product stopped: migrate reads the files directly (engine.uri left behind, stale).
    await source.stop();
    await target.client.db('offers').collection('offerings').updateOne({ _id: 'string-id' as never }, { $set: { state: 'confirmed' } });
    await expect(migrate({ to: target.uri, env })).rejects.toThrow(/offers\.offerings: 1 document\(s\) differ/);
    await target.stop();
  });
});
