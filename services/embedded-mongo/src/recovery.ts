// A start's first phase: every file of a data directory is read and checked, and every record
// applied (through `apply`) as it is read, while nothing on disk changes. Damage throws a
// StorageDamageError; what the second phase (Storage.open) must do is returned.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BSON } from 'bson';
import { readStrict } from './records';
import { damageError, JOURNAL_RE, journalName, shellQuote, SNAPSHOT, StorageDamageError } from './storageFiles';
import type { Doc } from './values';

export interface Recovered {
  /** Generation of the snapshot (0 without one). */
  gen: number;
  /** The journals replayed after it, in order (gen, gen+1 ...). */
  chain: number[];
  /** The journal appended to from now on. */
  jf: string;
  journalBytes: number;
  snapshotBytes: number;
  /** Record number of the next record of `jf`. */
  nextSeq: number;
  /** What an interrupted append left at the end of `jf`, to truncate. */
  torn: { offset: number; bytes: number; reason: string; records: number } | null;
  /** Files an interrupted compaction left, to remove. */
  leftovers: string[];
  /** Files of the previous format were read. */
  legacy: boolean;
}

/** The generation a snapshot's first record names, or null when it is not such a record. */
function headGen(payload: Buffer): number | null {
  try {
    const d = BSON.deserialize(payload);
    return Object.keys(d).length === 1 && typeof d.gen === 'number' ? d.gen : null;
  } catch {
    return null;
  }
}

export function recover(dir: string, apply: (op: Doc) => void, onProgress?: (done: number, total: number) => void): Recovered {
  // Phase 1: read and check everything; change nothing on disk.
  let gen = 0;
  let snapshotBytes = 0;
  let legacy = false;
  const snapFile = path.join(dir, SNAPSHOT);
  const journals = new Map<number, string>();
  for (const f of fs.readdirSync(dir)) {
    const m = JOURNAL_RE.exec(f);
    if (m) journals.set(Number(m[1]), f);
  }
  if (fs.existsSync(snapFile)) {
    const st = fs.statSync(snapFile);
    snapshotBytes = st.size;
    // The header record is small and first: its generation names the journals to read.
    const head = Buffer.alloc(Math.min(4096, st.size));
    const fd = fs.openSync(snapFile, 'r');
    try {
      fs.readSync(fd, head, 0, head.length, 0);
    } finally {
      fs.closeSync(fd);
    }
    const r0 = readStrict(head, { allowTornTail: true });
    gen = (r0.records[0] && headGen(r0.records[0].payload)) ?? 0;
  }
  // The journals that go with the snapshot: gen, gen+1 ... without a gap; empty ones at the end
  // were created by a compaction that wrote nothing to them (removed below).
  const chain: number[] = [];
  for (let g = gen; journals.has(g); g++) chain.push(g);
  while (chain.length > 1 && fs.statSync(path.join(dir, journalName(chain[chain.length - 1]))).size === 0) chain.pop();
  // Records are applied as they are read (the engine's memory is discarded if damage stops the
  // start); progress is told by records, the total estimated from the bytes read so far.
  const files = [...(fs.existsSync(snapFile) ? [snapFile] : []), ...chain.map((g) => path.join(dir, journalName(g)))];
  const totalBytes = files.reduce((n, f) => n + fs.statSync(f).size, 0);
  let doneRecords = 0;
  let doneBytes = 0;
  const progress = (recEnd: number, base: number): void => {
    doneRecords++;
    const read = base + recEnd;
    const total = read >= totalBytes ? doneRecords : Math.max(doneRecords + 1, Math.round((doneRecords * totalBytes) / Math.max(1, read)));
    onProgress?.(doneRecords, total);
  };
  if (fs.existsSync(snapFile)) {
    const buf = fs.readFileSync(snapFile);
    // A snapshot is renamed into place whole: any flaw, even at its end, is damage.
    const r = readStrict(buf, {
      allowTornTail: false,
      onRecord: (rec, i) => {
        if (i === 0) return; // the header: a few bytes, no estimate of the rest to draw from them
        for (const op of rec.ops) apply(op);
        progress(rec.end, doneBytes);
      },
    });
    if (r.damage) throw damageError(dir, snapFile, buf.length, r.damage, r.intactAfterDamage);
    if (!r.records.length || headGen(r.records[0].payload) !== gen)
      throw damageError(dir, snapFile, buf.length, { offset: 0, reason: 'the snapshot does not begin with its header record' }, Math.max(0, r.records.length - 1));
    legacy ||= r.format === 1;
    doneBytes += buf.length;
  }
  const leftovers: string[] = [];
  for (const f of fs.readdirSync(dir)) {
    const m = JOURNAL_RE.exec(f);
    if (f.endsWith('.tmp')) leftovers.push(f);
    else if (m && Number(m[1]) < gen) leftovers.push(f); // its writes are in the snapshot
    else if (m && !chain.includes(Number(m[1]))) {
      // A journal after a gap: the snapshot or a journal between them is missing.
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
  if (!chain.length && fs.existsSync(snapFile)) {
    const missing = path.join(dir, journalName(gen));
    // Compaction creates the snapshot's journal before renaming the snapshot into place.
    throw new StorageDamageError(
      dir,
      missing,
      null,
      'journal missing',
      `${missing} is missing: it holds the writes acknowledged after the snapshot ${snapFile} (generation ${gen}) was taken. ` +
        `The engine did not start and changed nothing. Put it back if you can; if it is lost, ` +
        `\`embedded-mongo --repair --dbpath ${shellQuote(dir)}\` starts again from the snapshot alone (an empty journal is created).`,
    );
  }
  const jf = path.join(dir, journalName(chain.length ? chain[chain.length - 1] : gen));
  let journalBytes = 0;
  let nextSeq = 0;
  let torn: { offset: number; bytes: number; reason: string; records: number } | null = null;
  for (const g of chain) {
    const file = path.join(dir, journalName(g));
    const last = file === jf;
    const buf = fs.readFileSync(file);
    // Only the journal appended to last can end in an interrupted append.
    const r = readStrict(buf, {
      allowTornTail: last,
      onRecord: (rec) => {
        for (const op of rec.ops) apply(op);
        progress(rec.end, doneBytes);
      },
    });
    if (r.damage) throw damageError(dir, file, buf.length, r.damage, r.intactAfterDamage);
    // an append cut short: never acknowledged
    if (r.tornTail) torn = { offset: r.validEnd, bytes: buf.length - r.validEnd, reason: r.tornReason ?? '', records: r.records.length };
    legacy ||= r.format === 1 && buf.length > 0;
    journalBytes += r.validEnd;
    if (last) nextSeq = r.records.length;
    doneBytes += buf.length;
  }
  onProgress?.(doneRecords, doneRecords);
  return { gen, chain, jf, journalBytes, snapshotBytes, nextSeq, torn, leftovers, legacy };
}
