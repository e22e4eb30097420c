// `embedded-mongo --repair --dbpath <dir>`: recovers every intact record of a damaged snapshot or
// journal. The engine must not be running (the directory lock is taken). Each damaged file is first
// copied to <dir>/repair-backup-<time>/, then rewritten (temp file, fsync, rename, directory fsync)
// with every intact record, the ones after the damage included, renumbered in the current format.
// Undamaged files are left alone; a torn journal tail alone is not damage (the next start drops it).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { acquireDirLock } from './lock';
import type { LockMode } from './lock';
import { encodePayload, encodeRecord, salvage } from './records';
import type { Format, IntactRecord, SkippedRegion } from './records';
import { BACKUP_PREFIX, fsyncDir, JOURNAL_RE, journalName, SNAPSHOT, tightenPermissions } from './storage';

export interface FileRepair {
  file: string;
  format: Format;
  size: number;
  /** Intact records kept (for the snapshot, its header record included). */
  recordsKept: number;
  /** Damaged regions skipped. */
  skipped: SkippedRegion[];
  /** Records known lost (from record numbers); null when some region's count cannot be told. */
  recordsLost: number | null;
  bytesSkipped: number;
  /** A journal ending in an incomplete record (dropped, as a normal start would). */
  tornTail: boolean;
  repaired: boolean;
  backup: string | null;
  /** The file was missing and has been created empty. */
  created?: boolean;
}

export interface RepairReport {
  dir: string;
  files: FileRepair[];
  backupDir: string | null;
}

function writeAtomically(file: string, records: Buffer[]): void {
  const tmp = `${file}.repair.tmp`;
  const fd = fs.openSync(tmp, 'w', 0o600);
  try {
    fs.fchmodSync(fd, 0o600);
    for (const r of records) fs.writeSync(fd, r);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  fsyncDir(path.dirname(file));
}

function copyDurably(from: string, to: string): void {
  fs.copyFileSync(from, to, fs.constants.COPYFILE_EXCL);
  fs.chmodSync(to, 0o600);
  const fd = fs.openSync(to, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** The journal generation when the snapshot's header record is lost: the newest journal's. */
function inferGen(dir: string): number {
  let gen = 0;
  for (const f of fs.readdirSync(dir)) {
    const m = JOURNAL_RE.exec(f);
    if (m) gen = Math.max(gen, Number(m[1]));
  }
  return gen;
}

export async function repair(dir: string, opts: { lockMode?: LockMode } = {}): Promise<RepairReport> {
  if (!fs.existsSync(dir)) throw new Error(`no data directory at ${dir}`);
  const lock = await acquireDirLock(dir, opts.lockMode);
  try {
    lock.publish();
    const report: RepairReport = { dir, files: [], backupDir: null };
    const backup = (file: string): string => {
      if (!report.backupDir) {
        report.backupDir = path.join(dir, `${BACKUP_PREFIX}${new Date().toISOString().replace(/[:.]/g, '-')}`);
        fs.mkdirSync(report.backupDir, { mode: 0o700 });
        fsyncDir(dir);
      }
      const to = path.join(report.backupDir, path.basename(file));
      copyDurably(file, to);
      fsyncDir(report.backupDir);
      return to;
    };
    const examine = (file: string, allowTornTail: boolean): { buf: Buffer; entry: FileRepair; records: IntactRecord[] } => {
      const buf = fs.readFileSync(file);
      const s = salvage(buf, { allowTornTail });
      const lost = s.skipped.some((r) => r.recordsLost === null) ? null : s.skipped.reduce((n, r) => n + (r.recordsLost ?? 0), 0);
      const entry: FileRepair = {
        file,
        format: s.format,
        size: buf.length,
        recordsKept: s.records.length,
        skipped: s.skipped,
        recordsLost: lost,
        bytesSkipped: s.skipped.reduce((n, r) => n + r.length, 0),
        tornTail: s.tornTail,
        repaired: false,
        backup: null,
      };
      report.files.push(entry);
      return { buf, entry, records: s.records };
    };

    let gen: number | null = null;
    const snapFile = path.join(dir, SNAPSHOT);
    if (fs.existsSync(snapFile)) {
      const { entry, records } = examine(snapFile, false);
      const isHead = (rec: IntactRecord | undefined): boolean => rec?.ops.length === 1 && typeof rec.ops[0].gen === 'number';
      const headOk = isHead(records[0]);
      gen = headOk ? (records[0].ops[0].gen as number) : inferGen(dir);
      if (entry.skipped.length || !headOk) {
        const body = records.filter((r) => !isHead(r));
        entry.backup = backup(snapFile);
        let seq = 0;
        writeAtomically(snapFile, [encodeRecord([{ gen }], seq++), ...body.map((r) => encodePayload(r.payload, seq++))]);
        entry.recordsKept = body.length + (headOk ? 1 : 0);
        entry.repaired = true;
      }
    }
    const jf = path.join(dir, journalName(gen ?? 0));
    if (fs.existsSync(jf)) {
      const { entry, records } = examine(jf, true);
      if (entry.skipped.length) {
        entry.backup = backup(jf);
        writeAtomically(jf, records.map((r, i) => encodePayload(r.payload, i)));
        entry.repaired = true;
      }
    } else if (gen !== null) {
      // The snapshot's journal is lost: start again from the snapshot alone.
      writeAtomically(jf, []);
      report.files.push({ file: jf, format: 2, size: 0, recordsKept: 0, skipped: [], recordsLost: null, bytesSkipped: 0, tornTail: false, repaired: true, backup: null, created: true });
    }
    tightenPermissions(dir);
    return report;
  } finally {
    lock.release();
  }
}

/** The report as lines for people. */
export function formatRepairReport(r: RepairReport): string {
  const lines = [`embedded-mongo --repair ${r.dir}`];
  if (!r.files.length) lines.push('  no snapshot or journal: nothing to repair');
  for (const f of r.files) {
    const name = path.basename(f.file);
    if (f.created) {
      lines.push(`  ${name}: missing; created empty (the writes acknowledged after the snapshot, if there were any, are lost)`);
      continue;
    }
    if (!f.skipped.length) {
      lines.push(`  ${name}: intact, ${f.recordsKept} record(s)${f.tornTail ? ' and an incomplete last record (an unacknowledged write), which the next start drops' : ''}`);
      continue;
    }
    const lost = f.recordsLost === null ? 'an unknown number of records' : `${f.recordsLost} record(s)`;
    lines.push(
      `  ${name}: damaged; kept ${f.recordsKept} intact record(s), skipped ${f.skipped.length} damaged region(s) of ${f.bytesSkipped} byte(s) in all (${lost} lost)` +
        (f.tornTail ? ', dropped an incomplete last record' : ''),
    );
    for (const s of f.skipped)
      lines.push(`    at byte ${s.offset}: ${s.length} byte(s), ${s.reason}${s.recordsLost === null ? '' : `, ${s.recordsLost} record(s) lost`}`);
    lines.push(`    original kept in ${f.backup}`);
  }
  lines.push(r.files.some((f) => f.repaired) ? 'Repaired: the engine can start.' : 'Nothing was damaged; nothing was changed.');
  return lines.join('\n') + '\n';
}
