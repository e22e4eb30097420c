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
import { LOCK_FILE } from './lock';
import { encodePayload, encodeRecord, readStrict } from './records';
import type { Damage } from './records';
import { stderrLogger } from './log';
import type { EngineLogger } from './log';
import type { Doc } from './values';

export const SNAPSHOT = 'snapshot.bson';
export const journalName = (gen: number): string => `journal.${gen}`;
export const JOURNAL_RE = /^journal\.(\d+)$/;
export const BACKUP_PREFIX = 'repair-backup-';

export function fsyncDir(dir: string): void {
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

/** Directory 0700, our files 0600: they hold e-mail addresses, messages and postal addresses. */
export function tightenPermissions(dir: string): void {
  const tighten = (p: string, mode: number): void => {
    const st = fs.statSync(p);
    if ((st.mode & 0o777) !== mode) fs.chmodSync(p, mode);
  };
  tighten(dir, 0o700);
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isFile() && (e.name === SNAPSHOT || e.name === LOCK_FILE || JOURNAL_RE.test(e.name))) tighten(p, 0o600);
    else if (e.isDirectory() && e.name.startsWith(BACKUP_PREFIX)) {
      tighten(p, 0o700);
      for (const f of fs.readdirSync(p, { withFileTypes: true })) if (f.isFile()) tighten(path.join(p, f.name), 0o600);
    }
  }
}

function shellQuote(s: string): string {
  return /^[\w./:@%+=-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

export class StorageDamageError extends Error {
  constructor(
    readonly dir: string,
    readonly file: string,
    readonly offset: number | null,
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'StorageDamageError';
  }
}

function damageError(dir: string, file: string, size: number, d: Damage, intactAfter: number): StorageDamageError {
  const after = intactAfter ? ` ${intactAfter} intact record(s) follow the damage; starting anyway would lose them.` : '';
  return new StorageDamageError(
    dir,
    file,
    d.offset,
    d.reason,
    `${file} is damaged at byte offset ${d.offset} (of ${size}): ${d.reason}.${after} ` +
      `The engine did not start and changed nothing. Keep a copy of ${dir}, then run ` +
      `\`embedded-mongo --repair --dbpath ${shellQuote(dir)}\`: it backs the damaged file up and keeps every intact record.`,
  );
}

export interface StorageOptions {
  /** Compact when the journal exceeds this many bytes (and twice the last snapshot). */
  compactBytes?: number;
  /** The directory's lock (acquireDirLock); released by close(). */
  lock: DirLock;
  /** Dumps the whole state as ops, for snapshots. */
  dump: () => Iterable<Doc>;
  /** Told when a start drops a torn journal tail (default: stderr). */
  logger?: EngineLogger;
  /** Called once every recovered op is applied, before anything is written. */
  onLoaded?: () => void;
}

/**
 * The most bytes of writes appended as one record: a burst of large writes is split over several
 * syncs rather than building one record near the 4 GB a record length and a Buffer can hold.
 */
const MAX_SYNC_BYTES = 64 * 1024 * 1024;

export class Storage {
  private fd: number;
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
  /** Called to dump the whole state as ops when compacting. */
  dump: () => Iterable<Doc>;

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
    this.compactBytes = opts.compactBytes ?? 64 * 1024 * 1024;
    this.fd = fs.openSync(path.join(dir, journalName(this.gen)), 'a', 0o600);
  }

  /**
   * Open a locked data directory; `apply` receives every recovered op in order. Throws
   * StorageDamageError, having changed nothing, if any file is damaged.
   */
  static open(dir: string, apply: (op: Doc) => void, opts: StorageOptions): Storage {
    // Phase 1: read and check everything; change nothing.
    let gen = 0;
    let snapshotBytes = 0;
    let legacy = false;
    const recovered: Doc[][] = [];
    const snapFile = path.join(dir, SNAPSHOT);
    if (fs.existsSync(snapFile)) {
      const buf = fs.readFileSync(snapFile);
      snapshotBytes = buf.length;
      // A snapshot is renamed into place whole: any flaw, even at its end, is damage.
      const r = readStrict(buf, { allowTornTail: false });
      if (r.damage) throw damageError(dir, snapFile, buf.length, r.damage, r.intactAfterDamage);
      const head = r.records[0]?.ops[0];
      if (!head || typeof head.gen !== 'number')
        throw damageError(dir, snapFile, buf.length, { offset: 0, reason: 'the snapshot does not begin with its header record' }, Math.max(0, r.records.length - 1));
      gen = head.gen;
      legacy ||= r.format === 1;
      for (const rec of r.records.slice(1)) recovered.push(rec.ops);
    }
    const leftovers: string[] = [];
    for (const f of fs.readdirSync(dir)) {
      const m = JOURNAL_RE.exec(f);
      if (f.endsWith('.tmp')) leftovers.push(f);
      else if (m && Number(m[1]) < gen) leftovers.push(f); // its writes are in the snapshot
      else if (m && Number(m[1]) > gen) {
        // Compaction creates the next journal empty and writes to it only after the snapshot is in
        // place: a newer journal with data means the snapshot is missing or older than it should be.
        if (fs.statSync(path.join(dir, f)).size > 0)
          throw new StorageDamageError(
            dir,
            path.join(dir, f),
            null,
            'journal newer than the snapshot',
            `${path.join(dir, f)} holds writes newer than ${fs.existsSync(snapFile) ? `the snapshot ${snapFile} (generation ${gen})` : `a snapshot, but ${snapFile} is missing`}. ` +
              `The engine did not start and changed nothing. Restore the snapshot that goes with it, or move that journal away if you know its writes are not wanted.`,
          );
        leftovers.push(f);
      }
    }
    const jf = path.join(dir, journalName(gen));
    let journalBytes = 0;
    let nextSeq = 0;
    let torn: { offset: number; bytes: number; reason: string; records: number } | null = null;
    if (fs.existsSync(jf)) {
      const buf = fs.readFileSync(jf);
      const r = readStrict(buf, { allowTornTail: true });
      if (r.damage) throw damageError(dir, jf, buf.length, r.damage, r.intactAfterDamage);
      // an append cut short: never acknowledged
      if (r.tornTail) torn = { offset: r.validEnd, bytes: buf.length - r.validEnd, reason: r.tornReason ?? '', records: r.records.length };
      legacy ||= r.format === 1 && buf.length > 0;
      for (const rec of r.records) recovered.push(rec.ops);
      journalBytes = r.validEnd;
      nextSeq = r.records.length;
    } else if (fs.existsSync(snapFile)) {
      // Compaction creates the snapshot's journal before renaming the snapshot into place.
      throw new StorageDamageError(
        dir,
        jf,
        null,
        'journal missing',
        `${jf} is missing: it holds the writes acknowledged after the snapshot ${snapFile} (generation ${gen}) was taken. ` +
          `The engine did not start and changed nothing. Put it back if you can; if it is lost, ` +
          `\`embedded-mongo --repair --dbpath ${shellQuote(dir)}\` starts again from the snapshot alone (an empty journal is created).`,
      );
    }
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
    for (const ops of recovered) for (const op of ops) apply(op);
    opts.onLoaded?.();
    const storage = new Storage(dir, opts, { gen, journalBytes, snapshotBytes, nextSeq });
    if (created || leftovers.length) fsyncDir(dir);
    // Files of the previous format are rewritten in this one at once (never appended to).
    if (legacy) {
      try {
        storage.compact();
      } catch (e) {
        fs.closeSync(storage.fd);
        throw e;
      }
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
      return;
    }
    // The queued writes become one record (see the top of this file), up to MAX_SYNC_BYTES; the
    // rest waits for the next sync. Numbered here, not in append(): a compaction may have started
    // a new journal.
    const docs: Uint8Array[] = [];
    let size = 0;
    let n = 0;
    while (n < this.pending.length && (n === 0 || size < MAX_SYNC_BYTES)) {
      for (const op of this.pending[n]) {
        const d = BSON.serialize(op);
        docs.push(d);
        size += d.length;
      }
      n++;
    }
    const buf = encodePayload(Buffer.concat(docs, size), this.nextSeq++);
    const waiters = this.waiters.splice(0, n);
    this.pending.splice(0, n);
    const fd = this.fd;
    const done = (err: Error | null): void => {
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
    if (this.journalBytes < Math.max(this.compactBytes, 2 * this.snapshotBytes)) return;
    this.compact();
  }

  /** Write a snapshot of the current state and start a fresh journal. Synchronous. */
  compact(): void {
    const newGen = this.gen + 1;
    const tmp = path.join(this.dir, SNAPSHOT + '.tmp');
    const fd = fs.openSync(tmp, 'w', 0o600);
    let bytes = 0;
    let seq = 0;
    try {
      fs.fchmodSync(fd, 0o600);
      const write = (ops: Doc[]): void => {
        const f = encodeRecord(ops, seq++);
        // A short write (a full disk) must fail the compaction, not leave a short snapshot.
        for (let off = 0; off < f.length; ) {
          const n = fs.writeSync(fd, f, off);
          if (n <= 0) throw new Error(`short write to ${tmp}`);
          off += n;
        }
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
    const jfd = fs.openSync(newJournal, 'w', 0o600);
    fs.fchmodSync(jfd, 0o600);
    fs.fsyncSync(jfd);
    fs.renameSync(tmp, path.join(this.dir, SNAPSHOT));
    fsyncDir(this.dir);
    fs.closeSync(this.fd);
    fs.closeSync(jfd);
    this.fd = fs.openSync(newJournal, 'a', 0o600);
    fs.rmSync(path.join(this.dir, journalName(this.gen)), { force: true });
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
    while (this.flushing) await new Promise((r) => setTimeout(r, 2));
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

