// Engine-only: the data directory's lock dies with the process that held it (SIGKILL, a whole
// process group killed, a pid recycled by another process), while a live engine still blocks a
// second one; and the files are private (directory 0700, files 0600).
import { spawn, ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MongoClient } from 'mongodb';
import { DirLockedError, start, repair } from '../src/index';
import { processStart } from '../src/lock';
import type { LockMode } from '../src/lock';
import { describeEngine, removeTmpDirs, tmpDir } from './helpers';

afterAll(() => removeTmpDirs());

const BIN = path.join(__dirname, '..', 'bin', 'embedded-mongo.cjs');
const LOCK = 'mongod.lock';
const MODES: LockMode[] = ['socket', 'pidfile'];

function waitForUri(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /mongodb:\/\/\S+/.exec(out);
      if (m) resolve(m[0]);
    });
    child.stderr!.on('data', (d) => (err += d));
    child.on('exit', (code) => reject(new Error(`engine exited ${code}: ${err}`)));
  });
}

/** The CLI engine in a child process. */
async function spawnEngine(dir: string, mode: LockMode): Promise<{ child: ChildProcess; uri: string }> {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--dbpath', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, EMBEDDED_MONGO_LOCK: mode },
  });
  return { child, uri: await waitForUri(child) };
}

async function insert(uri: string, doc: { _id: string }): Promise<void> {
  const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5000 });
  await client.db('app').collection<{ _id: string }>('x').insertOne(doc);
  await client.close();
}

async function ids(uri: string): Promise<string[]> {
  const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5000 });
  const docs = await client.db('app').collection<{ _id: string }>('x').find().sort({ _id: 1 }).toArray();
  await client.close();
  return docs.map((d) => d._id);
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));
}

const mode8 = (p: string): number => fs.statSync(p).mode & 0o777;

describeEngine('the data directory lock (engine only)', () => {
  describe.each(MODES)('lock mode %s', (mode) => {
    test('a live engine blocks a second one on the same dbpath, naming it; once it stops, the next one starts', async () => {
      const dir = tmpDir(`live-${mode}`);
      const { child, uri } = await spawnEngine(dir, mode);
      await insert(uri, { _id: 'a' });
      const err = await start({ port: 0, dbPath: dir, lockMode: mode }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DirLockedError);
      expect((err as Error).message).toContain(`dbPath ${dir} is in use by another embedded-mongo (pid ${child.pid}`);
      // repair refuses too: it must never touch files a live engine is writing
      await expect(repair(dir, { lockMode: mode })).rejects.toThrow(`pid ${child.pid}`);
      child.kill('SIGTERM');
      await exited(child);
      expect(fs.existsSync(path.join(dir, LOCK))).toBe(false); // a clean stop removes it
      const s = await start({ port: 0, dbPath: dir, lockMode: mode });
      expect(await ids(s.uri)).toEqual(['a']);
      // in the same process as well
      await expect(start({ port: 0, dbPath: dir, lockMode: mode })).rejects.toThrow(/already open in this process/);
      await s.stop();
    });

    test('the lock of a SIGKILLed engine does not block the next start', async () => {
      const dir = tmpDir(`kill-${mode}`);
      const { child, uri } = await spawnEngine(dir, mode);
      await insert(uri, { _id: 'before-kill' });
      child.kill('SIGKILL');
      await exited(child);
      const left = JSON.parse(fs.readFileSync(path.join(dir, LOCK), 'utf8')) as { pid: number };
      expect(left.pid).toBe(child.pid); // the lock file is still there, naming the dead engine
      const s = await start({ port: 0, dbPath: dir, lockMode: mode });
      expect(await ids(s.uri)).toEqual(['before-kill']);
      expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK), 'utf8')).pid).toBe(process.pid);
      await s.stop();
    });

    test('the lock of an engine whose whole process group was killed does not block the next start', async () => {
      const dir = tmpDir(`group-${mode}`);
      // sh stays the group leader with the engine as its child, as under a process supervisor
      const sh = spawn('sh', ['-c', `"${process.execPath}" "${BIN}" --port 0 --dbpath "${dir}" & wait`], {
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, EMBEDDED_MONGO_LOCK: mode },
      });
      const uri = await waitForUri(sh);
      await insert(uri, { _id: 'group' });
      const holder = (JSON.parse(fs.readFileSync(path.join(dir, LOCK), 'utf8')) as { pid: number }).pid;
      expect(holder).not.toBe(sh.pid);
      process.kill(-sh.pid!, 'SIGKILL');
      await exited(sh);
      // the engine (now an orphan) is gone too, or a zombie nobody reaps yet
      for (let i = 0; i < 100 && processStart(holder) !== null; i++) await new Promise((r) => setTimeout(r, 50));
      expect(processStart(holder)).toBeNull();
      const s = await start({ port: 0, dbPath: dir, lockMode: mode });
      expect(await ids(s.uri)).toEqual(['group']);
      await s.stop();
    });

    test('a lock file naming a live process that is not the engine (this test, pid 1) does not block', async () => {
      const dir = tmpDir(`recycled-${mode}`);
      const s0 = await start({ port: 0, dbPath: dir, lockMode: mode });
      await s0.stop();
      const lock = path.join(dir, LOCK);
      const me = processStart(process.pid);
      const stale = [
        // pid 1 is alive, but it is not the process that took the lock (other start time)
        { pid: 1, started: '1234567', boot: null, host: os.hostname(), since: '2026-01-01T00:00:00.000Z' },
        // this very process, which does not hold the directory (a pid recycled into the test)
        { pid: process.pid, started: me, boot: null, host: os.hostname(), since: '2026-01-01T00:00:00.000Z' },
        // this process's pid, an older start time: an engine that had the same pid before
        { pid: process.pid, started: String(Number(me) - 1), boot: null, host: os.hostname(), since: '' },
        // a lock from before the last reboot
        { pid: 1, started: processStart(1), boot: '00000000-0000-0000-0000-000000000000', host: os.hostname(), since: '' },
      ];
      for (const info of stale) {
        fs.writeFileSync(lock, JSON.stringify(info), { mode: 0o600 });
        const s = await start({ port: 0, dbPath: dir, lockMode: mode });
        await s.stop();
      }
      if (mode === 'socket') {
        // the older engines' bare-pid lock files mean nothing to the socket lock
        for (const text of ['1', String(process.pid)]) {
          fs.writeFileSync(lock, text);
          const s = await start({ port: 0, dbPath: dir, lockMode: mode });
          await s.stop();
        }
      }
    });
  });

  test('engines locking in different modes still exclude each other', async () => {
    for (const [held, asked] of [
      ['pidfile', 'socket'],
      ['socket', 'pidfile'],
    ] as [LockMode, LockMode][]) {
      const dir = tmpDir(`mixed-${held}`);
      const { child } = await spawnEngine(dir, held);
      await expect(start({ port: 0, dbPath: dir, lockMode: asked })).rejects.toThrow(`(pid ${child.pid}`);
      child.kill('SIGTERM');
      await exited(child);
      const s = await start({ port: 0, dbPath: dir, lockMode: asked });
      await s.stop();
    }
  });

  test('pidfile mode: a live process named with its true start time is a holder and blocks', async () => {
    const dir = tmpDir('pidfile-live');
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      fs.mkdirSync(dir, { recursive: true });
      const info = { pid: sleeper.pid, started: processStart(sleeper.pid!), boot: null, host: os.hostname(), since: 'now' };
      fs.writeFileSync(path.join(dir, LOCK), JSON.stringify(info));
      await expect(start({ port: 0, dbPath: dir, lockMode: 'pidfile' })).rejects.toThrow(`(pid ${sleeper.pid}, holding it since now)`);
      sleeper.kill('SIGKILL');
      await exited(sleeper);
      const s = await start({ port: 0, dbPath: dir, lockMode: 'pidfile' });
      await s.stop();
    } finally {
      sleeper.kill('SIGKILL');
    }
  });
});

describeEngine('file permissions (engine only)', () => {
  test('a new data directory is 0700 and its files 0600 (journal, lock, snapshot)', async () => {
    const dir = path.join(tmpDir('perm-new'), 'nested', 'db');
    const s = await start({ port: 0, dbPath: dir, compactBytes: 1_000 });
    const client = await MongoClient.connect(s.uri);
    for (let i = 0; i < 30; i++) await client.db('app').collection('people').insertOne({ email: `p${i}@example.org`, pad: 'x'.repeat(80) });
    await client.close();
    expect(mode8(dir)).toBe(0o700);
    expect(mode8(path.join(dir, LOCK))).toBe(0o600);
    expect(fs.existsSync(path.join(dir, 'snapshot.bson'))).toBe(true);
    for (const f of fs.readdirSync(dir)) expect([f, mode8(path.join(dir, f))]).toEqual([f, 0o600]);
    await s.stop();
  });

  test('an existing world-readable directory and files are tightened at start', async () => {
    const dir = tmpDir('perm-loose');
    let s = await start({ port: 0, dbPath: dir, compactBytes: 1_000 });
    const client = await MongoClient.connect(s.uri);
    for (let i = 0; i < 30; i++) await client.db('app').collection('people').insertOne({ email: `p${i}@example.org`, pad: 'x'.repeat(80) });
    await client.close();
    await s.stop();
    fs.chmodSync(dir, 0o755);
    for (const f of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, f), 0o644);
    fs.writeFileSync(path.join(dir, LOCK), '1', { mode: 0o644 });
    s = await start({ port: 0, dbPath: dir });
    expect(mode8(dir)).toBe(0o700);
    for (const f of fs.readdirSync(dir)) expect([f, mode8(path.join(dir, f))]).toEqual([f, 0o600]);
    await s.stop();
  });
});
