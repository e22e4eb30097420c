// The data directory's files: their names, permissions, durable directory updates, and the
// error a start raises on damage.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LOCK_FILE } from './lock';
import type { Damage } from './records';

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

export function shellQuote(s: string): string {
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

export function damageError(dir: string, file: string, size: number, d: Damage, intactAfter: number): StorageDamageError {
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

