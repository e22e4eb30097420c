// Durable storage: snapshot + append-only journal of logical operations.
//
// Frame = [u32 payloadLength][u32 crc32(payload)][payload]; payload = BSON documents back to back.
// One frame per acknowledged write (a transaction is one frame), so a frame is all-or-nothing.
// The journal is fdatasync'd before writes are acknowledged (writes queued meanwhile share one
// sync). Compaction writes a snapshot to a temp file, fsyncs it, starts a new journal generation,
// renames the snapshot into place, fsyncs the directory and removes the old journal.
// Recovery loads the snapshot, replays its journal and truncates a torn or corrupt tail.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { crc32 } from 'node:zlib';
import { BSON } from 'bson';
import type { Doc } from './values';

const SNAPSHOT = 'snapshot.bson';
const LOCK = 'mongod.lock';
const journalName = (gen: number): string => `journal.${gen}`;
const DESER = { promoteValues: true, promoteBuffers: false, bsonRegExp: false } as const;

export function encodeFrame(ops: Doc[]): Buffer {
  const payload = Buffer.concat(ops.map((o) => BSON.serialize(o)));
  const head = Buffer.allocUnsafe(8);
  head.writeUInt32LE(payload.length, 0);
  head.writeUInt32LE(crc32(payload), 4);
  return Buffer.concat([head, payload]);
}

function decodePayload(p: Buffer): Doc[] {
  const out: Doc[] = [];
  let off = 0;
  while (off < p.length) {
    const size = p.readInt32LE(off);
    if (size < 5 || off + size > p.length) throw new Error('bad document in frame');
    out.push(BSON.deserialize(p.subarray(off, off + size), DESER) as Doc);
    off += size;
  }
  return out;
}

/** Read frames; returns the ops and the byte offset of the end of the last valid frame. */
export function readFrames(buf: Buffer): { frames: Doc[][]; validEnd: number } {
  const frames: Doc[][] = [];
  let off = 0;
  while (off + 8 <= buf.length) {
    const len = buf.readUInt32LE(off);
    const sum = buf.readUInt32LE(off + 4);
    if (off + 8 + len > buf.length) break;
    const payload = buf.subarray(off + 8, off + 8 + len);
    if (crc32(payload) !== sum) break;
    let ops: Doc[];
    try {
      ops = decodePayload(payload);
    } catch {
      break;
    }
    frames.push(ops);
    off += 8 + len;
  }
  return { frames, validEnd: off };
}

function fsyncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    /* some platforms cannot fsync directories */
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function acquireLock(dir: string): string {
  const file = path.join(dir, LOCK);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      return file;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && pidAlive(pid))
        throw new Error(`dbPath ${dir} is in use by another embedded-mongo (pid ${pid})`, { cause: e });
      if (pid === process.pid) throw new Error(`dbPath ${dir} is already open in this process`, { cause: e });
      fs.rmSync(file, { force: true }); // stale lock from a crashed process
    }
  }
  throw new Error(`could not lock ${dir}`);
}

export interface StorageOptions {
  /** Compact when the journal exceeds this many bytes (and twice the last snapshot). */
  compactBytes?: number;
}

export class Storage {
  private fd: number;
  private gen: number;
  private journalBytes: number;
  private snapshotBytes = 0;
  private pending: Buffer[] = [];
  private waiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  private flushing = false;
  private closed = false;
  private failed: Error | null = null;
  private readonly lockFile: string;
  private readonly compactBytes: number;
  /** Called to dump the whole state as ops when compacting. */
  dump: (() => Iterable<Doc>) | null = null;

  private constructor(
    readonly dir: string,
    opts: StorageOptions,
    recovered: { gen: number; journalBytes: number; snapshotBytes: number; lockFile: string },
  ) {
    this.gen = recovered.gen;
    this.journalBytes = recovered.journalBytes;
    this.snapshotBytes = recovered.snapshotBytes;
    this.lockFile = recovered.lockFile;
    this.compactBytes = opts.compactBytes ?? 64 * 1024 * 1024;
    this.fd = fs.openSync(path.join(dir, journalName(this.gen)), 'a');
  }

  /** Open (creating if needed) a data directory; `apply` receives every recovered op in order. */
  static open(dir: string, apply: (op: Doc) => void, opts: StorageOptions = {}): Storage {
    fs.mkdirSync(dir, { recursive: true });
    const lockFile = acquireLock(dir);
    try {
      let gen = 0;
      let snapshotBytes = 0;
      const snapFile = path.join(dir, SNAPSHOT);
      if (fs.existsSync(snapFile)) {
        const buf = fs.readFileSync(snapFile);
        snapshotBytes = buf.length;
        const { frames, validEnd } = readFrames(buf);
        if (validEnd !== buf.length || frames.length === 0) throw new Error(`corrupt snapshot ${snapFile}`);
        gen = Number(frames[0][0].gen);
        for (const f of frames.slice(1)) for (const op of f) apply(op);
      }
      // Remove leftovers from an interrupted compaction.
      for (const f of fs.readdirSync(dir)) {
        const m = /^journal\.(\d+)$/.exec(f);
        if ((m && Number(m[1]) !== gen) || f.endsWith('.tmp')) fs.rmSync(path.join(dir, f), { force: true });
      }
      const jf = path.join(dir, journalName(gen));
      let journalBytes = 0;
      if (fs.existsSync(jf)) {
        const buf = fs.readFileSync(jf);
        const { frames, validEnd } = readFrames(buf);
        for (const f of frames) for (const op of f) apply(op);
        if (validEnd !== buf.length) {
          // Torn or corrupt tail: those writes were never acknowledged. Drop them.
          const fd = fs.openSync(jf, 'r+');
          fs.ftruncateSync(fd, validEnd);
          fs.fsyncSync(fd);
          fs.closeSync(fd);
        }
        journalBytes = validEnd;
      } else {
        fs.writeFileSync(jf, '');
        fsyncDir(dir);
      }
      return new Storage(dir, opts, { gen, journalBytes, snapshotBytes, lockFile });
    } catch (e) {
      fs.rmSync(lockFile, { force: true });
      throw e;
    }
  }

  /** Append ops as one atomic frame; resolves once durable. */
  append(ops: Doc[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('storage closed'));
    if (this.failed) return Promise.reject(this.failed);
    this.pending.push(encodeFrame(ops));
    const p = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (!this.flushing) {
      this.flushing = true;
      setImmediate(() => this.flushLoop());
    }
    return p;
  }

  private flushLoop(): void {
    if (this.pending.length === 0 || this.closed) {
      this.flushing = false;
      return;
    }
    const buf = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    const waiters = this.waiters;
    this.pending = [];
    this.waiters = [];
    const fd = this.fd;
    const done = (err: Error | null): void => {
      if (err) {
        this.failed = err;
        waiters.forEach((w) => w.reject(err));
        this.flushing = false;
        return;
      }
      this.journalBytes += buf.length;
      waiters.forEach((w) => w.resolve());
      try {
        this.maybeCompact();
      } catch (e) {
        this.failed = e as Error;
      }
      this.flushLoop();
    };
    writeAll(fd, buf, 0, (err) => {
      if (err) return done(err);
      fs.fdatasync(fd, (err2) => done(err2));
    });
  }

  private maybeCompact(): void {
    if (!this.dump || this.journalBytes < Math.max(this.compactBytes, 2 * this.snapshotBytes)) return;
    this.compact();
  }

  /** Write a snapshot of the current state and start a fresh journal. Synchronous. */
  compact(): void {
    if (!this.dump) return;
    const newGen = this.gen + 1;
    const tmp = path.join(this.dir, SNAPSHOT + '.tmp');
    const fd = fs.openSync(tmp, 'w');
    let bytes = 0;
    try {
      const write = (ops: Doc[]): void => {
        const f = encodeFrame(ops);
        fs.writeSync(fd, f);
        bytes += f.length;
      };
      write([{ gen: newGen }]);
      let batch: Doc[] = [];
      let batchBytes = 0;
      for (const op of this.dump()) {
        const size = BSON.calculateObjectSize(op);
        if (batch.length && batchBytes + size > 8 * 1024 * 1024) {
          write(batch);
          batch = [];
          batchBytes = 0;
        }
        batch.push(op);
        batchBytes += size;
      }
      if (batch.length) write(batch);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    const newJournal = path.join(this.dir, journalName(newGen));
    const jfd = fs.openSync(newJournal, 'w');
    fs.fsyncSync(jfd);
    fs.renameSync(tmp, path.join(this.dir, SNAPSHOT));
    fsyncDir(this.dir);
    fs.closeSync(this.fd);
    fs.closeSync(jfd);
    this.fd = fs.openSync(newJournal, 'a');
    fs.rmSync(path.join(this.dir, journalName(this.gen)), { force: true });
    this.gen = newGen;
    this.journalBytes = 0;
    this.snapshotBytes = bytes;
  }

  get stats(): { journalBytes: number; snapshotBytes: number; gen: number } {
    return { journalBytes: this.journalBytes, snapshotBytes: this.snapshotBytes, gen: this.gen };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    while (this.flushing) await new Promise((r) => setTimeout(r, 2));
    this.closed = true;
    fs.closeSync(this.fd);
    fs.rmSync(this.lockFile, { force: true });
  }
}

function writeAll(fd: number, buf: Buffer, off: number, cb: (err: Error | null) => void): void {
  fs.write(fd, buf, off, buf.length - off, null, (err, n) => {
    if (err) return cb(err);
    if (off + n < buf.length) return writeAll(fd, buf, off + n, cb);
    cb(null);
  });
}

