// Engine-only: the engine's files under faults. Damage anywhere stops the start, names the file and
// the offset, and changes nothing; only what an interrupted append leaves at the end of the journal
// is dropped (torn-tail.test.ts covers that in depth); --repair keeps a backup and recovers every
// intact record, including those after the damage.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { crc32 } from 'node:zlib';
import { BSON } from 'bson';
import { MongoClient } from 'mongodb';
import { COMMAND_TABLES } from '../src/commands';
import { Engine } from '../src/engine';
import { start, StorageDamageError } from '../src/index';
import { acquireDirLock } from '../src/lock';
import { readStrict, salvage } from '../src/records';
import type { IntactRecord } from '../src/records';
import { repair, formatRepairReport } from '../src/repair';
import { Storage } from '../src/storage';
import type { Doc } from '../src/values';
import { idsOf, makeJournal, openIds, reset, tree } from './files';
import { describeEngine, removeTmpDirs, tmpDir } from './helpers';

afterAll(() => removeTmpDirs());

const BIN = path.join(__dirname, '..', 'bin', 'embedded-mongo.cjs');
const N_DOCS = 12;

const ALL = [...Array(N_DOCS).keys()];

describeEngine('the engine files under faults (engine only)', () => {
  let journal: Buffer;
  let records: IntactRecord[];
  beforeAll(async () => {
    ({ journal, records } = await makeJournal(N_DOCS));
  });
  const recordAt = (off: number): number => records.findIndex((r) => off >= r.offset && off < r.end);

  /** Refused start: the right error, nothing changed. Then repair: every other record back. */
  async function expectRefusedThenRepaired(
    dir: string,
    damaged: Buffer,
    opts: { file?: string; offset?: number; keep: number[]; lost?: number | null },
  ): Promise<void> {
    const file = opts.file ?? 'journal.0';
    const before = tree(dir);
    const err = await openIds(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageDamageError);
    const d = err as StorageDamageError;
    expect(d.file).toBe(path.join(dir, file));
    if (opts.offset !== undefined) expect(d.offset).toBe(opts.offset);
    expect(d.message).toContain(`${path.join(dir, file)} is damaged at byte offset ${d.offset}`);
    expect(d.message).toContain(`embedded-mongo --repair --dbpath ${dir}`);
    expect(d.message).toContain('changed nothing');
    expect(tree(dir)).toEqual(before); // same files, same bytes, same modes; no lock file left
    const report = await repair(dir);
    const entry = report.files.find((f) => f.file === path.join(dir, file))!;
    expect(entry.repaired).toBe(true);
    if (opts.lost !== undefined) expect(entry.recordsLost).toBe(opts.lost);
    expect(fs.readFileSync(entry.backup!).equals(damaged)).toBe(true);
    expect(fs.statSync(entry.backup!).mode & 0o777).toBe(0o600);
    expect(fs.statSync(report.backupDir!).mode & 0o777).toBe(0o700);
    expect(formatRepairReport(report)).toMatch(/kept \d+ intact record/);
    expect(await openIds(dir)).toEqual(opts.keep);
  }

  test('one corrupted byte at every offset of the journal: damage at the right record, every other record salvageable', () => {
    // The reading layer alone (no I/O), so every single offset can be tried.
    let refused = 0;
    let salvagedExactly = 0;
    const lastAt = records[records.length - 1].offset;
    for (let off = 0; off < journal.length; off++) {
      const bad = Buffer.from(journal);
      bad[off] ^= 0x5a;
      const k = recordAt(off);
      const strict = readStrict(bad, { allowTornTail: true });
      if (off >= lastAt) {
        // nothing follows the last record: indistinguishable from its append cut short
        expect([off, strict.tornTail, strict.validEnd, strict.damage]).toEqual([off, true, lastAt, null]);
        expect(salvage(bad, { allowTornTail: true })).toMatchObject({ tornTail: true, skipped: [] });
        expect(readStrict(bad, { allowTornTail: false }).damage?.offset).toBe(lastAt); // a snapshot never is
        continue;
      }
      expect(strict.tornTail).toBe(false);
      expect(strict.damage?.offset).toBe(records[k].offset);
      expect(strict.intactAfterDamage).toBe(records.length - 1 - k);
      refused++;
      const s = salvage(bad, { allowTornTail: true });
      expect(s.records.flatMap(idsOf)).toEqual(ALL.filter((id) => !idsOf(records[k]).includes(id)));
      expect(s.skipped.map((r) => r.recordsLost)).toEqual([1]);
      salvagedExactly++;
    }
    expect(refused).toBe(lastAt);
    expect(salvagedExactly).toBe(lastAt);
  });

  test('a journal of one or two records: a bad byte before the last record is damage, in the last one a torn tail', () => {
    for (const n of [1, 2]) {
      const short = journal.subarray(0, records[n - 1].end);
      for (let off = 0; off < short.length; off++) {
        const bad = Buffer.from(short);
        bad[off] ^= 0xff;
        const k = recordAt(off);
        const strict = readStrict(bad, { allowTornTail: true });
        const torn = k === n - 1;
        expect([off, strict.tornTail, strict.damage?.offset]).toEqual([off, torn, torn ? undefined : records[k].offset]);
        expect(salvage(bad, { allowTornTail: true }).records.flatMap(idsOf)).toEqual(ALL.slice(0, n).filter((id) => !idsOf(records[k]).includes(id)));
      }
    }
    // one stray byte is the first append cut short
    expect(readStrict(Buffer.from([0]), { allowTornTail: true })).toMatchObject({ tornTail: true, validEnd: 0, damage: null });
    expect(readStrict(Buffer.from([0]), { allowTornTail: false }).damage?.offset).toBe(0);
  });

  test('one corrupted byte at ~80 offsets through the engine: refused, nothing changed; --repair keeps every other record', async () => {
    const dir = tmpDir('bytes');
    const offsets = new Set<number>(records.flatMap((r) => [r.offset, r.offset + 9, r.end - 1]));
    for (let off = 0; off < journal.length; off += Math.ceil(journal.length / 40)) offsets.add(off);
    const last = records.length - 1;
    for (const off of offsets) {
      const bad = Buffer.from(journal);
      bad[off] ^= 0x5a;
      reset(dir, { 'journal.0': bad });
      const k = recordAt(off);
      const keep = ALL.filter((id) => !idsOf(records[k]).includes(id));
      if (k === last) {
        // the last record: a torn tail, dropped with a warning
        const warnings: string[] = [];
        expect(await openIds(dir, warnings)).toEqual(keep);
        expect(warnings).toHaveLength(1);
        expect(fs.statSync(path.join(dir, 'journal.0')).size).toBe(records[last].offset);
        continue;
      }
      // the damaged record's number is known from its neighbours
      await expectRefusedThenRepaired(dir, bad, { offset: records[k].offset, keep, lost: 1 });
    }
    expect(offsets.size).toBeGreaterThan(70);
  }, 60_000);

  test('named places: first byte, middle, a record boundary — an explicit check of each', async () => {
    const dir = tmpDir('named');
    const middle = Math.floor(journal.length / 2);
    const boundary = records[6].offset;
    for (const off of [0, middle, boundary]) {
      const bad = Buffer.from(journal);
      bad[off] = ~bad[off] & 0xff;
      // as after a crash: the dead engine's lock file is still there, and stays as it was
      reset(dir, { 'journal.0': bad, 'mongod.lock': Buffer.from('{"pid":999999,"started":"1","boot":null,"host":"x","since":""}') });
      const k = recordAt(off);
      await expectRefusedThenRepaired(dir, bad, { offset: records[k].offset, keep: ALL.filter((id) => !idsOf(records[k]).includes(id)) });
      // writes after the damage are back
      expect(await openIds(dir)).toContain(N_DOCS - 1);
    }
  });

  test('a truncated record in the middle (the rest of the file still there) is damage, not a torn tail', async () => {
    const dir = tmpDir('cut-middle');
    const k = 4;
    const bad = Buffer.concat([journal.subarray(0, records[k].offset + 10), journal.subarray(records[k + 1].offset)]);
    reset(dir, { 'journal.0': bad });
    await expectRefusedThenRepaired(dir, bad, { offset: records[k].offset, keep: ALL.filter((id) => !idsOf(records[k]).includes(id)), lost: 1 });
  });

  test('a whole record cut out on record boundaries is damage (missing record number)', async () => {
    const dir = tmpDir('cut-record');
    const k = 7;
    const bad = Buffer.concat([journal.subarray(0, records[k].offset), journal.subarray(records[k].end)]);
    reset(dir, { 'journal.0': bad });
    await expectRefusedThenRepaired(dir, bad, { offset: records[k].offset, keep: ALL.filter((id) => !idsOf(records[k]).includes(id)), lost: 1 });
  });

  test('a zeroed block (a lost sector) in the middle or across a record boundary is damage; at the end, a torn tail', async () => {
    const dir = tmpDir('zeroed');
    const cases: [number, number][] = [
      [Math.floor(journal.length / 3), 64],
      [records[5].end - 20, 40], // straddles the boundary between records 5 and 6
      [0, 512],
    ];
    for (const [from, len] of cases) {
      const bad = Buffer.from(journal);
      bad.fill(0, from, Math.min(from + len, bad.length));
      reset(dir, { 'journal.0': bad });
      const hit = records.filter((r) => r.offset < from + len && r.end > from);
      const keep = ALL.filter((id) => !hit.some((r) => idsOf(r).includes(id)));
      await expectRefusedThenRepaired(dir, bad, { offset: hit[0].offset, keep });
    }
    // the last record's sectors never written (from inside its header, or after it)
    const last = records[records.length - 1];
    for (const from of [last.offset, last.offset + 8, last.offset + 30]) {
      const bad = Buffer.from(journal);
      bad.fill(0, from);
      reset(dir, { 'journal.0': bad });
      expect(await openIds(dir)).toEqual(ALL.filter((id) => !idsOf(last).includes(id)));
      expect(fs.statSync(path.join(dir, 'journal.0')).size).toBe(last.offset);
    }
  });

  test('the snapshot: one bad byte anywhere, or a truncated snapshot, refuses; repair keeps the rest', async () => {
    const src = tmpDir('snap-src');
    const s = await start({ port: 0, dbPath: src, compactBytes: 2_000 });
    const client = await MongoClient.connect(s.uri);
    const col = client.db('app').collection<{ _id: number; pad: string }>('people');
    // batches of inserts, so that the snapshot holds several records
    for (let i = 0; i < 40; i++) await col.insertOne({ _id: i, pad: 'p'.repeat(60) });
    await client.close();
    await s.stop();
    const files = Object.fromEntries(fs.readdirSync(src).filter((f) => f !== 'mongod.lock').map((f) => [f, fs.readFileSync(path.join(src, f))]));
    const snap = files['snapshot.bson'];
    expect(snap).toBeDefined();
    const snapRecords = readStrict(snap, { allowTornTail: false }).records;
    const dir = tmpDir('snap');
    reset(dir, files);
    const everything = await openIds(dir);
    expect(everything).toEqual([...Array(40).keys()]);
    const step = Math.max(1, Math.floor(snap.length / 25));
    let cases = 0;
    for (let off = 0; off < snap.length; off += step) {
      const bad = Buffer.from(snap);
      bad[off] ^= 0xff;
      reset(dir, { ...files, 'snapshot.bson': bad });
      const k = snapRecords.findIndex((r) => off >= r.offset && off < r.end);
      const lostIds = snapRecords[k].ops.filter((o) => o.o === 'puts').flatMap((o) => (o.ds as Doc[]).map((d) => d._id as number));
      await expectRefusedThenRepaired(dir, bad, { file: 'snapshot.bson', offset: snapRecords[k].offset, keep: everything.filter((id) => !lostIds.includes(id)) });
      cases++;
    }
    expect(cases).toBeGreaterThan(20);
    // a snapshot is renamed into place whole: a short one is damage, never a torn tail
    const short = snap.subarray(0, snap.length - 3);
    reset(dir, { ...files, 'snapshot.bson': short });
    const last = snapRecords[snapRecords.length - 1];
    const lostIds = last.ops.filter((o) => o.o === 'puts').flatMap((o) => (o.ds as Doc[]).map((d) => d._id as number));
    await expectRefusedThenRepaired(dir, short, { file: 'snapshot.bson', offset: last.offset, keep: everything.filter((id) => !lostIds.includes(id)) });
  });

  test('a journal newer than the snapshot, or without its snapshot, refuses instead of being deleted', async () => {
    const dir = tmpDir('orphan');
    reset(dir, { 'journal.3': journal });
    const before = tree(dir);
    await expect(openIds(dir)).rejects.toThrow(/journal\.3 holds writes newer than a snapshot, but .*snapshot\.bson is missing/);
    expect(tree(dir)).toEqual(before);
  });

  /** A directory holding `journal`'s writes compacted into a snapshot (and the next, empty journal). */
  async function compacted(name: string): Promise<string> {
    const src = tmpDir(name);
    reset(src, { 'journal.0': journal });
    const engine = new Engine(COMMAND_TABLES);
    const lock = await acquireDirLock(src);
    const storage = Storage.open(src, (op) => engine.applyOp(op), { lock, dump: () => engine.dumpOps() });
    storage.compact();
    await storage.close();
    engine.close();
    return src;
  }

  test("a snapshot whose journal is missing refuses; --repair starts again from the snapshot alone", async () => {
    const src = await compacted('nojournal-src');
    const dir = tmpDir('nojournal');
    reset(dir, { 'snapshot.bson': fs.readFileSync(path.join(src, 'snapshot.bson')) });
    const before = tree(dir);
    await expect(openIds(dir)).rejects.toThrow(/journal\.1 is missing: it holds the writes acknowledged after the snapshot/);
    expect(tree(dir)).toEqual(before);
    const report = await repair(dir);
    expect(formatRepairReport(report)).toContain('journal.1: missing; created empty');
    expect(await openIds(dir)).toEqual(ALL);
  });

  test('a compaction interrupted at any step leaves a directory that starts with every write', async () => {
    // The files of each step: snapshot.bson.tmp being written, then complete with the next (empty)
    // journal created, then renamed into place with the old journal not yet removed.
    const src = await compacted('compaction-src');
    const snapshot = fs.readFileSync(path.join(src, 'snapshot.bson'));
    expect(fs.readdirSync(src).sort()).toEqual(['journal.1', 'snapshot.bson']);
    const steps: [string, Record<string, Buffer>, string[]][] = [
      ['temp snapshot half written', { 'journal.0': journal, 'snapshot.bson.tmp': snapshot.subarray(0, 40) }, ['journal.0']],
      ['temp snapshot complete, next journal created', { 'journal.0': journal, 'snapshot.bson.tmp': snapshot, 'journal.1': Buffer.alloc(0) }, ['journal.0']],
      ['renamed, old journal still there', { 'journal.0': journal, 'snapshot.bson': snapshot, 'journal.1': Buffer.alloc(0) }, ['journal.1', 'snapshot.bson']],
    ];
    const dir = tmpDir('compaction');
    for (const [, files, left] of steps) {
      reset(dir, files);
      expect(await openIds(dir)).toEqual(ALL);
      expect(fs.readdirSync(dir).sort()).toEqual(left);
    }
  });

  test('files of the previous format (no magic, no record number) are read, checked and rewritten', async () => {
    const v1 = (ops: Doc[]): Buffer => {
      const payload = Buffer.concat(ops.map((o) => BSON.serialize(o)));
      const head = Buffer.alloc(8);
      head.writeUInt32LE(payload.length, 0);
      head.writeUInt32LE(crc32(payload), 4);
      return Buffer.concat([head, payload]);
    };
    const frames = [v1([{ o: 'cc', db: 'app', c: 'people', opts: {} }]), ...ALL.map((i) => v1([{ o: 'put', db: 'app', c: 'people', d: { _id: i } }]))];
    const old = Buffer.concat(frames);
    const dir = tmpDir('legacy');
    // intact: read, then migrated to the current format at once
    reset(dir, { 'journal.0': old });
    expect(await openIds(dir)).toEqual(ALL);
    expect(fs.existsSync(path.join(dir, 'snapshot.bson'))).toBe(true);
    expect(readStrict(fs.readFileSync(path.join(dir, 'snapshot.bson')), { allowTornTail: false }).format).toBe(2);
    expect(await openIds(dir)).toEqual(ALL);
    // torn tail: dropped
    reset(dir, { 'journal.0': old.subarray(0, old.length - 4) });
    expect(await openIds(dir)).toEqual(ALL.slice(0, -1));
    // a damaged length in the middle must not pass for a torn tail
    const badLen = Buffer.from(old);
    const at = frames.slice(0, 5).reduce((n, f) => n + f.length, 0);
    badLen.writeUInt32LE(0x00ffffff, at);
    reset(dir, { 'journal.0': badLen });
    await expectRefusedThenRepaired(dir, badLen, { offset: at, keep: ALL.filter((i) => i !== 4) });
    // a bad byte in a payload
    const badByte = Buffer.from(old);
    badByte[at + 12] ^= 0xff;
    reset(dir, { 'journal.0': badByte });
    await expectRefusedThenRepaired(dir, badByte, { offset: at, keep: ALL.filter((i) => i !== 4) });
  });

  test('CLI: a damaged journal stops the start (exit 1, file, offset, what to do); --repair recovers', async () => {
    const dir = tmpDir('cli');
    const bad = Buffer.from(journal);
    const off = records[3].offset + 30;
    bad[off] ^= 0xff;
    reset(dir, { 'journal.0': bad });
    const run = (args: string[]): { status: number | null; stdout: string; stderr: string } => {
      const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    const refused = run(['--port', '0', '--dbpath', dir]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`${path.join(dir, 'journal.0')} is damaged at byte offset ${records[3].offset}`);
    expect(refused.stderr).toContain(`embedded-mongo --repair --dbpath ${dir}`);
    expect(fs.readFileSync(path.join(dir, 'journal.0')).equals(bad)).toBe(true);
    const repaired = run(['--repair', '--dbpath', dir]);
    expect(repaired.status).toBe(0);
    expect(repaired.stdout).toMatch(/journal\.0: damaged; kept \d+ intact record\(s\), skipped 1 damaged region/);
    expect(repaired.stdout).toContain('(1 record(s) lost)');
    expect(repaired.stdout).toContain('Repaired: the engine can start.');
    expect(await openIds(dir)).toEqual(ALL.filter((id) => !idsOf(records[3]).includes(id)));
    const again = run(['--repair', '--dbpath', dir]);
    expect(again.stdout).toContain('Nothing was damaged; nothing was changed.');
  }, 60_000);
});
