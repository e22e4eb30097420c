// Durable storage: snapshot + append-only journal of logical operations.
//
// Both files are sequences of records (see records.ts), each all-or-nothing. The journal gets one
// record per sync: the writes queued while the previous sync ran are appended together as one
// record, fdatasync'd, then acknowledged (a transaction is one write, so never split). One append
// being one record is what lets a start tell an interrupted append from damage. Compaction writes
// a snapshot to a temp file, fsyncs it, starts a new journal generation, renames the snapshot into
// place, fsyncs the directory and removes the old journal.
//
// Opening is two phases. First everything is read and checked and nothing is changed: damage (a bad
// checksum, bad magic, a missing record, garbage with an intact record after it) stops the start with a
// StorageDamageError naming the file, the byte offset and the repair command, leaving every byte
// as it was. Only what an interrupted append leaves at the end of the journal (records.ts:
// tornTailAt; never acknowledged) is dropped. Then permissions are tightened (directory 0700,
// files 0600), leftovers of an interrupted compaction are removed, and the torn tail is truncated
// (and fsync'd, so the next append follows the last whole record) with a warning.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BSON } from 'bson';
import type { DirLock } from './lock';
import { encodePayload, encodeRecord } from './records';
import { encodeSnapshotOps } from './snapshotCodec';
import { recover } from './recovery';
import { writeSnapshotFile } from './snapshotWriter';
import { fsyncDir, JOURNAL_RE, journalName, SNAPSHOT, tightenPermissions } from './storageFiles';
import { stderrLogger } from './log';
import type { EngineLogger } from './log';
import type { Doc } from './values';

export { BACKUP_PREFIX, fsyncDir, JOURNAL_RE, journalName, SNAPSHOT, StorageDamageError, tightenPermissions } from './storageFiles';

export interface StorageOptions {
  /** Compact when the journal exceeds this many bytes (and twice the last snapshot). */
  compactBytes?: number;
  /** The directory's lock (acquireDirLock); released by close(). */
  lock: DirLock;
  /** Dumps the whole state as ops, for snapshots written at once (compact()). */
  dump: () => Iterable<Doc>;
  /**
   * Captures the whole state as it is now and gives it as ops, read later while writes go on
   * (background compaction). Without it, compactions are done at once with `dump`.
   */
  freeze?: () => Iterable<Doc>;
  /** Told when a start drops a torn journal tail, or a background compaction fails (default: stderr). */
  logger?: EngineLogger;
  /** Called once every recovered op is applied, before anything is written. */
  onLoaded?: () => void;
  /** Told as a start reads its files: records applied, and the records the files hold (an estimate until the end). */
  onProgress?: (done: number, total: number) => void;
}

interface Rotation {
  gen: number;
  /** Queued writes (batches) still to append to the current journal: the snapshot holds them. */
  boundary: number;
  /** The next journal exists (created and synced). */
  ready: boolean;
  switched: () => void;
}

async function fsyncDirAsync(dir: string): Promise<void> {
  try {
    const fh = await fs.promises.open(dir, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
    /* some platforms cannot fsync directories */
  }
}

/**
 * The most bytes of writes appended as one record: a burst of large writes is split over several
 * syncs rather than building one record near the 4 GB a record length and a Buffer can hold.
 */
const MAX_SYNC_BYTES = 64 * 1024 * 1024;

export class Storage {
  private fd: number;
  /** Generation of the journal appended to. */
  private gen: number;
  private journalBytes: number;
  private snapshotBytes = 0;
  /** Record number of the next journal record. */
  private nextSeq: number;
  private pending: Doc[][] = [];
  private waiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  private flushing = false;
  private closed = false;
  private failed: Error | null = null;
  private readonly lock: DirLock;
  private readonly compactBytes: number;
  private readonly logger: EngineLogger;
  /** The snapshot being written in the background, if any. */
  private compacting: Promise<void> | null = null;
  /** A compaction's switch to the next journal, while it waits (maybeRotate). */
  private rotation: Rotation | null = null;
  /** A record is being written and synced. */
  private inFlight = false;
  /** Called to dump the whole state as ops when compacting. */
  dump: () => Iterable<Doc>;
  freeze: (() => Iterable<Doc>) | undefined;

  private constructor(
    readonly dir: string,
    opts: StorageOptions,
    recovered: { gen: number; journalBytes: number; snapshotBytes: number; nextSeq: number },
  ) {
    this.gen = recovered.gen;
    this.journalBytes = recovered.journalBytes;
    this.snapshotBytes = recovered.snapshotBytes;
    this.nextSeq = recovered.nextSeq;
    this.lock = opts.lock;
    this.dump = opts.dump;
    this.freeze = opts.freeze;
    this.logger = opts.logger ?? stderrLogger;
    this.compactBytes = opts.compactBytes ?? 64 * 1024 * 1024;
    this.fd = fs.openSync(path.join(dir, journalName(this.gen)), 'a', 0o600);
  }

  /**
   * Open a locked data directory; `apply` receives every recovered op in order. Throws
   * StorageDamageError, having changed nothing on disk, if any file is damaged.
   *
   * The snapshot of generation g goes with journal.g and the journals after it: a background
   * compaction starts journal.g+1 when it freezes the state, then writes snapshot g+1, so a stop
   * in between leaves snapshot g, journal.g and journal.g+1, all replayed in turn.
   */
  static open(dir: string, apply: (op: Doc) => void, opts: StorageOptions): Storage {
    // Phase 1: read and check everything; change nothing on disk.
    const { gen, chain, jf, journalBytes, snapshotBytes, nextSeq, torn, leftovers, legacy } = recover(dir, apply, opts.onProgress);
    // Phase 2: the files are sound.
    opts.lock.publish();
    tightenPermissions(dir);
    for (const f of leftovers) fs.rmSync(path.join(dir, f), { force: true });
    if (torn) {
      const fd = fs.openSync(jf, 'r+');
      try {
        fs.ftruncateSync(fd, torn.offset);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      (opts.logger ?? stderrLogger).warn(
        { file: jf, offset: torn.offset, bytes: torn.bytes, reason: torn.reason, intactRecords: torn.records },
        `${jf}: dropped ${torn.bytes} byte(s) at byte offset ${torn.offset}, the end of the journal after ${torn.records} intact record(s): ` +
          `${torn.reason}. That is what a crash or power loss during an append leaves; the write was never acknowledged (the reply waits for the sync).`,
      );
    }
    const created = !fs.existsSync(jf);
    opts.onLoaded?.();
    const storage = new Storage(dir, opts, { gen: chain.length ? chain[chain.length - 1] : gen, journalBytes, snapshotBytes, nextSeq });
    if (created || leftovers.length) fsyncDir(dir);
    // Files of the previous format are rewritten in this one at once (never appended to).
    if (legacy) {
      try {
        storage.compact();
      } catch (e) {
        fs.closeSync(storage.fd);
        throw e;
      }
    } else if (chain.length > 1) {
      // The journals an interrupted compaction left are folded into a snapshot again.
      void storage.compactInBackground().catch(() => undefined);
    }
    return storage;
  }

  /** Append ops as one atomic frame; resolves once durable. */
  append(ops: Doc[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('storage closed'));
    if (this.failed) return Promise.reject(this.failed);
    this.pending.push(ops);
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
      this.maybeRotate();
      return;
    }
    const rot = this.rotation;
    if (rot && rot.boundary === 0) {
      // These writes are not in the snapshot being written: they wait for the next journal.
      if (!rot.ready) {
        this.flushing = false;
        return;
      }
      this.maybeRotate();
    }
    // The queued writes become one record (see the top of this file), up to MAX_SYNC_BYTES; the
    // rest waits for the next sync. Numbered here, not in append(): a compaction may have started
    // a new journal. While a compaction starts, the writes its snapshot holds go to the journal
    // it replaces, and only they.
    const limit = this.rotation ? this.rotation.boundary : this.pending.length;
    const docs: Uint8Array[] = [];
    let size = 0;
    let n = 0;
    while (n < limit && (n === 0 || size < MAX_SYNC_BYTES)) {
      for (const op of this.pending[n]) {
        const d = BSON.serialize(op);
        docs.push(d);
        size += d.length;
      }
      n++;
    }
    if (this.rotation) this.rotation.boundary -= n;
    const buf = encodePayload(Buffer.concat(docs, size), this.nextSeq++);
    const waiters = this.waiters.splice(0, n);
    this.pending.splice(0, n);
    const fd = this.fd;
    this.inFlight = true;
    const done = (err: Error | null): void => {
      this.inFlight = false;
      if (err) {
        this.failed = err;
        // The writes queued behind this sync will never be written either.
        this.pending = [];
        [...waiters, ...this.waiters.splice(0)].forEach((w) => w.reject(err));
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
    if (this.compacting || this.closed) return;
    if (this.journalBytes < Math.max(this.compactBytes, 2 * this.snapshotBytes)) return;
    if (this.freeze) void this.compactInBackground().catch(() => undefined);
    // A snapshot written at once must not hold writes queued for this journal.
    else if (!this.pending.length) this.compact();
  }

  /** The journals of generations before `gen` among the directory's `names`, as paths. */
  private journalsBefore(names: string[], gen: number): string[] {
    return names.filter((f) => Number(JOURNAL_RE.exec(f)?.[1] ?? gen) < gen).map((f) => path.join(this.dir, f));
  }

  private async removeJournalsBeforeAsync(gen: number): Promise<void> {
    for (const f of this.journalsBefore(await fs.promises.readdir(this.dir), gen)) await fs.promises.rm(f, { force: true });
  }

  private removeJournalsBefore(gen: number): void {
    for (const f of this.journalsBefore(fs.readdirSync(this.dir), gen)) fs.rmSync(f, { force: true });
  }

  /**
   * Appends go to the next journal once the writes the snapshot holds are all in the current one
   * and the next journal exists: only between appends.
   */
  private maybeRotate(): void {
    const rot = this.rotation;
    if (!rot || !rot.ready || rot.boundary > 0 || this.inFlight || this.closed) return;
    fs.closeSync(this.fd);
    this.fd = fs.openSync(path.join(this.dir, journalName(rot.gen)), 'a', 0o600);
    this.gen = rot.gen;
    this.journalBytes = 0;
    this.nextSeq = 0;
    this.rotation = null;
    rot.switched();
    if (this.pending.length && !this.flushing) {
      this.flushing = true;
      setImmediate(() => this.flushLoop());
    }
  }

  /**
   * Captures the state now (`freeze`) and writes it as the next generation's snapshot in the
   * background, while the next journal is created; the writes the capture holds are appended to
   * the current journal, every later one to the next. Then the snapshot is renamed into place and
   * the older journals removed. A stop at any point leaves files a start replays exactly once
   * (recovery.ts). A failure keeps the journals and is logged; the next compaction tries again.
   * Called between appends (none in flight).
   */
  compactInBackground(): Promise<void> {
    if (this.compacting) return this.compacting;
    const ops = (this.freeze ?? this.dump)();
    const newGen = this.gen + 1;
    let switched = (): void => {};
    const isSwitched = new Promise<void>((resolve) => (switched = resolve));
    const rot: Rotation = { gen: newGen, boundary: this.pending.length, ready: false, switched };
    this.rotation = rot;
    const newJournal = path.join(this.dir, journalName(newGen));
    const tmp = path.join(this.dir, SNAPSHOT + '.tmp');
    const run = (async (): Promise<void> => {
      try {
        const fh = await fs.promises.open(newJournal, 'w', 0o600);
        try {
          await fh.chmod(0o600);
          await fh.sync();
        } finally {
          await fh.close();
        }
        await fsyncDirAsync(this.dir);
        rot.ready = true;
        this.maybeRotate();
        if (this.rotation === rot && !this.flushing && this.pending.length) {
          this.flushing = true;
          setImmediate(() => this.flushLoop());
        }
        const bytes = await writeSnapshotFile(tmp, newGen, ops);
        await isSwitched;
        await fs.promises.rename(tmp, path.join(this.dir, SNAPSHOT));
        await fsyncDirAsync(this.dir);
        // Unlinking a large journal can take tens of milliseconds: off the engine's thread.
        await this.removeJournalsBeforeAsync(newGen);
        this.snapshotBytes = bytes;
      } catch (e) {
        fs.rmSync(tmp, { force: true });
        if (this.rotation === rot) {
          // Not switched: every write stays in the current journal.
          this.rotation = null;
          if (this.pending.length && !this.flushing) {
            this.flushing = true;
            setImmediate(() => this.flushLoop());
          }
        }
        this.logger.warn(
          { dir: this.dir, err: String(e) },
          `${this.dir}: compaction failed (${String(e)}); the journals are kept, and replayed by the next start`,
        );
        throw e;
      } finally {
        this.compacting = null;
      }
    })();
    this.compacting = run;
    return run;
  }

  /**
   * A compaction asked for (the `compact` command): the background one when the state can be
   * frozen, else one at once once no write is queued. Resolves with the bytes the files shrank by.
   */
  async compactNow(): Promise<number> {
    if (this.closed) throw new Error('storage closed');
    const before = this.journalBytes + this.snapshotBytes;
    if (this.compacting) await this.compacting;
    if (this.freeze) await this.compactInBackground();
    else {
      while (this.pending.length || this.inFlight) await new Promise((r) => setTimeout(r, 2));
      this.compact();
    }
    return Math.max(0, before - this.snapshotBytes);
  }

  /** Write a snapshot of the current state and start a fresh journal, at once (synchronously). */
  compact(): void {
    if (this.compacting) throw new Error('a compaction is already running');
    if (this.pending.length || this.inFlight) throw new Error('compact() runs between writes');
    const newGen = this.gen + 1;
    const tmp = path.join(this.dir, SNAPSHOT + '.tmp');
    const fd = fs.openSync(tmp, 'w', 0o600);
    let bytes = 0;
    let seq = 0;
    try {
      fs.fchmodSync(fd, 0o600);
      const write = (f: Buffer): void => {
        // A short write (a full disk) must fail the compaction, not leave a short snapshot.
        for (let off = 0; off < f.length; ) {
          const n = fs.writeSync(fd, f, off);
          if (n <= 0) throw new Error(`short write to ${tmp}`);
          off += n;
        }
        bytes += f.length;
      };
      write(encodeRecord([{ gen: newGen }], seq++));
      let batch: Doc[] = [];
      let batchBytes = 0;
      for (const op of this.dump()) {
        const size = BSON.calculateObjectSize(op);
        if (batch.length && batchBytes + size > 8 * 1024 * 1024) {
          write(encodePayload(encodeSnapshotOps(batch), seq++));
          batch = [];
          batchBytes = 0;
        }
        batch.push(op);
        batchBytes += size;
      }
      if (batch.length) write(encodePayload(encodeSnapshotOps(batch), seq++));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    const newJournal = path.join(this.dir, journalName(newGen));
    const jfd = fs.openSync(newJournal, 'w', 0o600);
    fs.fchmodSync(jfd, 0o600);
    fs.fsyncSync(jfd);
    fs.renameSync(tmp, path.join(this.dir, SNAPSHOT));
    fsyncDir(this.dir);
    fs.closeSync(this.fd);
    fs.closeSync(jfd);
    this.fd = fs.openSync(newJournal, 'a', 0o600);
    this.removeJournalsBefore(newGen);
    this.gen = newGen;
    this.journalBytes = 0;
    this.nextSeq = 0;
    this.snapshotBytes = bytes;
  }

  get stats(): { journalBytes: number; snapshotBytes: number; gen: number } {
    return { journalBytes: this.journalBytes, snapshotBytes: this.snapshotBytes, gen: this.gen };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    for (;;) {
      if (this.compacting) await this.compacting.catch(() => undefined);
      else if (this.flushing || this.inFlight) await new Promise((r) => setTimeout(r, 2));
      else break;
    }
    this.closed = true;
    fs.closeSync(this.fd);
    this.lock.release();
  }
}

function writeAll(fd: number, buf: Buffer, off: number, cb: (err: Error | null) => void): void {
  fs.write(fd, buf, off, buf.length - off, null, (err, n) => {
    if (err) return cb(err);
    if (off + n < buf.length) return writeAll(fd, buf, off + n, cb);
    cb(null);
  });
}

