// Engine-only: raw frames over a socket, and the planner's use of indexes.
import * as net from 'node:net';
import { BSON } from 'bson';
import { MongoClient } from 'mongodb';
import { start, EmbeddedMongo } from '../src/index';
import { Collection } from '../src/collection';
import { describeEngine } from './helpers';

let s: EmbeddedMongo;
let client: MongoClient;

function msg(doc: object, requestId = 1): Buffer {
  const body = Buffer.from(BSON.serialize(doc));
  const h = Buffer.alloc(21);
  h.writeInt32LE(21 + body.length, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(2013, 12);
  return Buffer.concat([h, body]);
}

/** Send raw bytes; resolve with the reply document, or 'closed'. */
function exchange(bytes: Buffer, timeoutMs = 3000): Promise<Record<string, unknown> | 'closed'> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(s.port, '127.0.0.1');
    let buf = Buffer.alloc(0);
    const timer = setTimeout(() => {
      sock.destroy();
      reject(new Error('no answer: hang'));
    }, timeoutMs);
    sock.on('connect', () => sock.write(bytes));
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (buf.length >= 4 && buf.length >= buf.readInt32LE(0)) {
        clearTimeout(timer);
        const opCode = buf.readInt32LE(12);
        const off = opCode === 1 ? 36 : 21;
        resolve(BSON.deserialize(buf.subarray(off, buf.readInt32LE(0))));
        sock.destroy();
      }
    });
    sock.on('close', () => {
      clearTimeout(timer);
      resolve('closed');
    });
    sock.on('error', () => {});
  });
}

describeEngine('wire protocol robustness (engine only)', () => {
  beforeAll(async () => {
    s = await start({ port: 0 });
    client = await MongoClient.connect(s.uri);
    await client.db('w').collection('c').insertOne({ ok: true });
  });
  afterAll(async () => {
    await client.close();
    await s.stop();
  });

  const stillWorks = async (): Promise<void> => {
    expect(await client.db('w').collection('c').countDocuments()).toBe(1);
  };

  test('a valid OP_MSG over a raw socket works', async () => {
    const r = await exchange(msg({ ping: 1, $db: 'admin' }));
    expect(r).toEqual({ ok: 1 });
  });

  test('legacy OP_QUERY isMaster gets an OP_REPLY', async () => {
    const body = Buffer.from(BSON.serialize({ isMaster: 1 }));
    const name = Buffer.from('admin.$cmd\0');
    const h = Buffer.alloc(20);
    h.writeInt32LE(20 + name.length + 8 + body.length, 0);
    h.writeInt32LE(7, 4);
    h.writeInt32LE(2004, 12);
    const skipRet = Buffer.alloc(8);
    skipRet.writeInt32LE(-1, 4);
    const r = await exchange(Buffer.concat([h, name, skipRet, body]));
    expect(r).toMatchObject({ ismaster: true, ok: 1 });
  });

  test('oversized frame (> 48 MB) closes that connection only', async () => {
    const h = Buffer.alloc(16);
    h.writeInt32LE(60 * 1024 * 1024, 0);
    h.writeInt32LE(2013, 12);
    expect(await exchange(h)).toBe('closed');
    await stillWorks();
  });

  test('negative / tiny length closes that connection only', async () => {
    const h = Buffer.alloc(16);
    h.writeInt32LE(3, 0);
    expect(await exchange(h)).toBe('closed');
    await stillWorks();
  });

  test('malformed BSON body gets an error answer', async () => {
    const good = msg({ ping: 1, $db: 'admin' });
    good.writeInt32LE(9999, 21); // document length lies
    const r = await exchange(good);
    expect(r).not.toBe('closed');
    expect((r as { ok: number }).ok).toBe(0);
    const garbage = Buffer.concat([good.subarray(0, 21), Buffer.from('this is not bson at all')]);
    garbage.writeInt32LE(garbage.length, 0);
    const r2 = await exchange(garbage);
    expect(r2 === 'closed' || (r2 as { ok: number }).ok === 0).toBe(true);
    await stillWorks();
  });

  test('unknown section kind and unknown opcode get an error answer', async () => {
    const m = msg({ ping: 1, $db: 'admin' });
    m[20] = 7;
    expect(((await exchange(m)) as { ok: number }).ok).toBe(0);
    const u = msg({ ping: 1, $db: 'admin' });
    u.writeInt32LE(2012, 12);
    expect(((await exchange(u)) as { ok: number }).ok).toBe(0);
    await stillWorks();
  });

  test('many concurrent clients', async () => {
    const clients = await Promise.all(Array.from({ length: 8 }, () => MongoClient.connect(s.uri)));
    await Promise.all(
      clients.map((c, k) =>
        Promise.all(Array.from({ length: 50 }, (_, i) => c.db('w').collection('conc').updateOne({ _id: i as never }, { $inc: { n: 1 }, $push: { by: k } } as never, { upsert: true }))),
      ),
    );
    const docs = await client.db('w').collection('conc').find().toArray();
    expect(docs).toHaveLength(50);
    expect(docs.every((d) => d.n === 8 && d.by.length === 8)).toBe(true);
    await Promise.all(clients.map((c) => c.close()));
  });
});

describeEngine('planner (engine only)', () => {
  test('equality and range on an indexed field only visit matching candidates', () => {
    const c = new Collection('d', 'c');
    c.addIndex({ name: 'n_1', key: { n: 1 } });
    for (let i = 0; i < 5000; i++) c.insert({ _id: i, n: i % 100, s: `x${i}` });
    const count = (f: Record<string, unknown>): number => [...c.candidates(f)].length;
    expect(count({ n: 5 })).toBe(50);
    expect(count({ n: { $gte: 10, $lt: 12 } })).toBe(100);
    expect(count({ _id: 42 })).toBe(1);
    expect(count({ n: { $in: [1, 2] }, s: 'x1' })).toBe(100);
    expect(count({ s: 'x1' })).toBe(5000); // unindexed: full scan
  });
});
