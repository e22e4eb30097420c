// Engine-only: what a crash or power loss during an append leaves at the end of the journal. The
// write was never acknowledged (the reply waits for fdatasync), so a start drops it with a warning
// and keeps every acknowledged write; damage with an intact record after it still refuses.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BSON } from 'bson';
import { MongoClient } from 'mongodb';
import { start, StorageDamageError } from '../src/index';
import type { EngineLogger } from '../src/index';
import { acquireDirLock } from '../src/lock';
import { encodePayload, HEADER, readStrict } from '../src/records';
import type { IntactRecord } from '../src/records';
import { formatRepairReport, repair } from '../src/repair';
import { Storage } from '../src/storage';
import { idsOf, makeJournal, openIds, reset, tree } from './files';
import { describeEngine, removeTmpDirs, tmpDir } from './helpers';

afterAll(() => removeTmpDirs());

const N = 600;
const ALL = [...Array(N).keys()];
const BIN = path.join(__dirname, '..', 'bin', 'embedded-mongo.cjs');

function capture(): { logger: EngineLogger; warnings: { fields: Record<string, unknown>; message: string }[] } {
  const warnings: { fields: Record<string, unknown>; message: string }[] = [];
  return { logger: { warn: (fields, message) => void warnings.push({ fields, message }) }, warnings };
}

async function count(uri: string): Promise<number> {
  const client = await MongoClient.connect(uri);
  try {
    return await client.db('app').collection('people').countDocuments();
  } finally {
    await client.close();
  }
}

describeEngine('a torn journal tail (engine only)', () => {
  /** The journal of N acknowledged inserts, and the record the engine wrote for the next one. */
  let acked: Buffer;
  let records: IntactRecord[];
  let next: Buffer;
  beforeAll(async () => {
    const made = await makeJournal(N + 1);
    records = made.records.slice(0, N);
    acked = made.journal.subarray(0, made.records[N].offset);
    next = made.journal.subarray(made.records[N].offset);
    expect(next.length).toBeGreaterThan(HEADER + 60);
  }, 120_000);

  /**
   * What a crash can leave of the next append, `len` bytes long (1..its full size): the sectors of
   * one record reach the disk in any order, and the file size may cover sectors never written.
   */
  function tornTails(len: number): [string, Buffer][] {
    const cases: [string, Buffer][] = [];
    if (len < next.length) cases.push(['a prefix', next.subarray(0, len)]);
    else {
      // complete length, last sectors never written: the payload checksum fails
      const t = Buffer.from(next);
      t.fill(0, HEADER + Math.floor((next.length - HEADER) / 2));
      cases.push(['whole length, end zeroed', t]);
    }
    cases.push(['zeros', Buffer.alloc(len)]);
    // the first sector not written, the rest written
    const headless = Buffer.from(next.subarray(0, len));
    headless.fill(0, 0, Math.min(len, 12));
    cases.push(['header never written', headless]);
    return cases;
  }

  test(`torn tails of every length 1..record size after ${N} acknowledged inserts: each start keeps all ${N}`, async () => {
    const dir = tmpDir('every-length');
    let started = 0;
    for (let len = 1; len <= next.length; len++) {
      for (const [kind, tail] of tornTails(len)) {
        reset(dir, { 'journal.0': Buffer.concat([acked, tail]) });
        const warnings: string[] = [];
        const ids = await openIds(dir, warnings);
        // one assertion per case, with the case in it when it fails
        expect({ len, kind, n: ids.length, same: ids.every((id, i) => id === i), size: fs.statSync(path.join(dir, 'journal.0')).size, warnings: warnings.length }).toEqual({
          len,
          kind,
          n: N,
          same: true,
          size: acked.length,
          warnings: 1,
        });
        expect(warnings[0]).toContain(`${path.join(dir, 'journal.0')}: dropped ${len} byte(s) at byte offset ${acked.length}`);
        started++;
      }
    }
    expect(started).toBe(3 * next.length);
  }, 120_000);

  test('a torn tail then new writes and a restart: the new writes survive, nothing is dropped twice', async () => {
    const dir = tmpDir('then-writes');
    for (const tail of [next.subarray(0, Math.floor(next.length / 2)), Buffer.alloc(4096)]) {
      reset(dir, { 'journal.0': Buffer.concat([acked, tail]) });
      const first = capture();
      const s = await start({ port: 0, dbPath: dir, logger: first.logger });
      try {
        expect(first.warnings).toEqual([
          {
            fields: expect.objectContaining({ file: path.join(dir, 'journal.0'), offset: acked.length, bytes: tail.length, intactRecords: N }),
            message: expect.stringContaining(`dropped ${tail.length} byte(s) at byte offset ${acked.length}`),
          },
        ]);
        const client = await MongoClient.connect(s.uri);
        const col = client.db('app').collection<{ _id: number }>('people');
        for (let i = N; i < N + 5; i++) await col.insertOne({ _id: i });
        await client.close();
      } finally {
        await s.stop();
      }
      // the new records follow the last acknowledged one directly: no garbage between them
      const after = readStrict(fs.readFileSync(path.join(dir, 'journal.0')), { allowTornTail: false });
      expect([after.damage, after.records.length]).toEqual([null, N + 5]);
      const second = capture();
      const again = await start({ port: 0, dbPath: dir, logger: second.logger });
      try {
        expect(await count(again.uri)).toBe(N + 5);
        expect(second.warnings).toEqual([]);
      } finally {
        await again.stop();
      }
    }
  });

  test('a flipped byte in the middle still refuses with the same clear error, torn tail or not, and changes nothing', async () => {
    const dir = tmpDir('flipped');
    const k = N / 2;
    for (const tail of [Buffer.alloc(0), next.subarray(0, 30)]) {
      const bad = Buffer.concat([acked, tail]);
      bad[records[k].offset + HEADER + 7] ^= 0x01;
      reset(dir, { 'journal.0': bad });
      const before = tree(dir);
      const { logger, warnings } = capture();
      const err = await start({ port: 0, dbPath: dir, logger }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StorageDamageError);
      expect((err as Error).message).toBe(
        `${path.join(dir, 'journal.0')} is damaged at byte offset ${records[k].offset} (of ${bad.length}): record checksum mismatch. ` +
          `${N - k - 1} intact record(s) follow the damage; starting anyway would lose them. The engine did not start and changed nothing. ` +
          `Keep a copy of ${dir}, then run \`embedded-mongo --repair --dbpath ${dir}\`: it backs the damaged file up and keeps every intact record.`,
      );
      expect(tree(dir)).toEqual(before);
      expect(warnings).toEqual([]);
      // --repair is still the way out; the torn tail goes with it
      await repair(dir);
      expect(await openIds(dir)).toEqual(ALL.filter((id) => !idsOf(records[k]).includes(id)));
    }
  });

  test('garbage or zeros between the last record and an intact next one are damage (they were synced before it)', async () => {
    const dir = tmpDir('gap');
    const later = encodePayload(Buffer.from(BSON.serialize({ o: 'put', db: 'app', c: 'people', d: { _id: 9999 } })), N);
    for (const gap of [Buffer.alloc(512), Buffer.from('garbage-garbage-garbage'), next.subarray(0, 40)]) {
      const bad = Buffer.concat([acked, gap, later]);
      reset(dir, { 'journal.0': bad });
      const before = tree(dir);
      const err = (await openIds(dir).catch((e: unknown) => e)) as StorageDamageError;
      expect(err).toBeInstanceOf(StorageDamageError);
      expect([err.offset, err.message]).toEqual([acked.length, expect.stringContaining('1 intact record(s) follow the damage')]);
      expect(tree(dir)).toEqual(before);
    }
    // a whole record with a bad checksum and more bytes after it: a later append was written
    const bad = Buffer.from(next);
    bad[bad.length - 1] ^= 0xff;
    reset(dir, { 'journal.0': Buffer.concat([acked, bad, Buffer.from([0xc9, 0x57])]) });
    await expect(openIds(dir)).rejects.toThrow(/record checksum mismatch/);
  });

  test('the snapshot is never torn: a short or zero-ended snapshot refuses', async () => {
    const dir = tmpDir('snapshot');
    reset(dir, { 'journal.0': acked });
    const lock = await acquireDirLock(dir);
    const storage = Storage.open(dir, () => {}, { lock, dump: () => ALL.map((i) => ({ o: 'put', db: 'app', c: 'people', d: { _id: i } })) });
    storage.compact();
    await storage.close();
    const snap = fs.readFileSync(path.join(dir, 'snapshot.bson'));
    for (const bad of [snap.subarray(0, snap.length - 5), Buffer.concat([snap, Buffer.alloc(64)])]) {
      fs.writeFileSync(path.join(dir, 'snapshot.bson'), bad);
      const before = tree(dir);
      await expect(openIds(dir)).rejects.toThrow(/snapshot\.bson is damaged at byte offset/);
      expect(tree(dir)).toEqual(before);
    }
  });

  test('--repair leaves a torn tail alone and says the next start drops it', async () => {
    const dir = tmpDir('repair');
    const torn = Buffer.concat([acked, Buffer.alloc(100)]);
    reset(dir, { 'journal.0': torn });
    const report = await repair(dir);
    expect(formatRepairReport(report)).toContain(`journal.0: intact, ${N} record(s) and an incomplete last record`);
    expect(formatRepairReport(report)).toContain('Nothing was damaged; nothing was changed.');
    expect(fs.readFileSync(path.join(dir, 'journal.0')).equals(torn)).toBe(true);
    expect(await openIds(dir)).toEqual(ALL);
  });

  test('writes queued during one sync are appended as one record, so a crash tears at most that record', async () => {
    const dir = tmpDir('one-record');
    reset(dir, {});
    const lock = await acquireDirLock(dir);
    const storage = Storage.open(dir, () => {}, { lock, dump: () => [] });
    const put = (i: number) => [{ o: 'put', db: 'app', c: 'people', d: { _id: i } }];
    await storage.append(put(0));
    // queued together: one sync, one record
    await Promise.all([1, 2, 3, 4, 5].map((i) => storage.append(put(i))));
    await storage.close();
    const journal = fs.readFileSync(path.join(dir, 'journal.0'));
    const r = readStrict(journal, { allowTornTail: false });
    expect(r.records.map(idsOf)).toEqual([[0], [1, 2, 3, 4, 5]]);
    // that record torn anywhere: none of its writes (none was acknowledged), every earlier one
    for (let cut = r.records[1].offset + 1; cut <= journal.length; cut++) {
      const torn = Buffer.from(journal.subarray(0, cut));
      if (cut === journal.length) torn[cut - 1] ^= 0xff;
      reset(dir, { 'journal.0': torn });
      expect(await openIds(dir)).toEqual([0]);
    }
  });

  test('CLI: after a power cut the engine starts, prints the warning and serves every acknowledged write', async () => {
    const dir = tmpDir('cli');
    reset(dir, { 'journal.0': Buffer.concat([acked, next.subarray(0, 50)]) });
    const child = spawn(process.execPath, [BIN, '--port', '0', '--dbpath', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const uri = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /mongodb:\/\/\S+/.exec(out);
          if (m) resolve(m[0]);
        });
        void exited.then((code) => reject(new Error(`engine exited ${code}: ${stderr}`)));
      });
      expect(await count(uri)).toBe(N);
      expect(stderr).toContain(`embedded-mongo: warning: ${path.join(dir, 'journal.0')}: dropped 50 byte(s) at byte offset ${acked.length}`);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 60_000);
});
