// One engine per data directory, with a lock that dies with the process that holds it.
//
// On Linux (mode 'socket', the default there) the lock is a listening Unix socket in the abstract
// namespace, named after the directory's device and inode. Only one process can bind a name, and
// the kernel releases it when the process dies, however it dies (SIGKILL, a whole process group
// killed, a container stopped): there is no stale state to clean up and no pid to misread. The
// file `mongod.lock` then only tells people who holds the directory (pid, start time, host); it
// is written once the directory has opened, and a leftover one is simply overwritten. A second engine asks the holder over the socket who it is
// and refuses to start, naming it.
//
// Elsewhere, or where abstract sockets are refused (mode 'pidfile'), `mongod.lock` is the lock, created exclusively and holding the
// holder's pid and that process's start time (from /proc, or `ps` on macOS) and boot id. A lock
// whose pid is gone, belongs to a process that started at another time (a recycled pid), or was
// written before the last reboot is stale and taken over; only a live holder blocks a start.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

export const LOCK_FILE = 'mongod.lock';
export type LockMode = 'socket' | 'pidfile';

export interface HolderInfo {
  pid: number;
  /** Start time of the process as the OS reports it (jiffies since boot on Linux); null if unknown. */
  started: string | null;
  /** Linux boot id; null if unknown. */
  boot: string | null;
  host: string;
  /** When the lock was taken (ISO). */
  since: string;
  /** How the holder locks; absent in older lock files. */
  mode?: LockMode;
}

export class DirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: HolderInfo | null,
    message: string,
  ) {
    super(message);
    this.name = 'DirLockedError';
  }
}

export interface DirLock {
  readonly dir: string;
  readonly file: string;
  readonly mode: LockMode;
  /** Writes who holds the directory into the lock file (socket mode; the pid file already says it). */
  publish(): void;
  release(): void;
}

/** EMBEDDED_MONGO_LOCK=socket|pidfile overrides the platform's default (tests, unusual systems). */
export function defaultLockMode(): LockMode {
  const env = process.env.EMBEDDED_MONGO_LOCK;
  if (env === 'socket' || env === 'pidfile') return env;
  return process.platform === 'linux' ? 'socket' : 'pidfile';
}

/** State and start time of a process from /proc (Linux), or null if it cannot be read. */
function procStat(pid: number): { state: string; start: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command start at field 3 (state); field 22 is starttime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], start: fields[19] };
  } catch {
    return null;
  }
}

/** The start time of a live process, or null if it does not exist or cannot be read. */
export function processStart(pid: number): string | null {
  if (process.platform === 'linux') {
    const st = procStat(pid);
    return st && st.state !== 'Z' && st.state !== 'X' ? st.start : null;
  }
  if (process.platform === 'darwin' || process.platform === 'freebsd') {
    try {
      const out = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      return out || null;
    } catch {
      /* no such process */
    }
  }
  return null;
}

function bootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function myInfo(mode: LockMode): HolderInfo {
  return { pid: process.pid, started: processStart(process.pid), boot: bootId(), host: os.hostname(), since: new Date().toISOString(), mode };
}

/** Parses a lock file: this version's JSON, or an older engine's bare pid. */
export function parseHolder(text: string): HolderInfo | null {
  const t = text.trim();
  if (/^\d+$/.test(t)) return { pid: Number(t), started: null, boot: null, host: '', since: '' };
  try {
    const j = JSON.parse(t) as Partial<HolderInfo>;
    if (typeof j.pid === 'number' && j.pid > 0)
      return {
        pid: j.pid,
        started: j.started ?? null,
        boot: j.boot ?? null,
        host: j.host ?? '',
        since: j.since ?? '',
        ...(j.mode === 'socket' || j.mode === 'pidfile' ? { mode: j.mode } : {}),
      };
  } catch {
    /* unreadable lock file */
  }
  return null;
}

/** Is the process named by a pidfile lock still the one that wrote it? */
export function holderAlive(h: HolderInfo): boolean {
  const boot = bootId();
  if (h.boot && boot && h.boot !== boot) return false; // written before a reboot
  if (!pidExists(h.pid)) return false;
  const st = process.platform === 'linux' ? procStat(h.pid) : null;
  if (st && (st.state === 'Z' || st.state === 'X')) return false; // dead, not yet reaped
  const now = processStart(h.pid);
  if (h.started !== null && now !== null) return now === h.started; // else the pid was recycled
  return true; // a bare pid that exists: cannot tell, so assume it is the holder
}

function describe(h: HolderInfo | null): string {
  if (!h) return 'another embedded-mongo';
  const where = h.host && h.host !== os.hostname() ? ` on host ${h.host}` : '';
  const since = h.since ? `, holding it since ${h.since}` : '';
  return `another embedded-mongo (pid ${h.pid}${where}${since})`;
}

function lockedError(dir: string, h: HolderInfo | null): DirLockedError {
  if (h && h.pid === process.pid && (!h.host || h.host === os.hostname()))
    return new DirLockedError(dir, h, `dbPath ${dir} is already open in this process (pid ${h.pid}); stop that engine first`);
  return new DirLockedError(dir, h, `dbPath ${dir} is in use by ${describe(h)}; stop it first or use another dbPath`);
}

function writeLockFile(file: string, info: HolderInfo, flags: string, sync: boolean): void {
  const fd = fs.openSync(file, flags, 0o600);
  try {
    fs.fchmodSync(fd, 0o600);
    fs.ftruncateSync(fd, 0);
    fs.writeSync(fd, JSON.stringify(info) + '\n', 0);
    if (sync) fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

function socketName(dir: string): string {
  const st = fs.statSync(dir);
  return `\0wishlist-embedded-mongo/${st.dev}/${st.ino}`;
}

/** Asks the holder of an abstract socket who it is. */
function askHolder(name: string): Promise<HolderInfo | null> {
  return new Promise((resolve) => {
    let text = '';
    const c = net.connect(name);
    const timer = setTimeout(() => c.destroy(), 2000);
    c.setEncoding('utf8');
    c.on('data', (d) => (text += d));
    c.on('close', () => {
      clearTimeout(timer);
      resolve(parseHolder(text));
    });
    c.on('error', () => {});
  });
}

function listenOn(name: string, info: HolderInfo): Promise<net.Server> {
  const server = net.createServer((c) => {
    c.on('error', () => {});
    c.end(JSON.stringify(info));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(name, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** How long a holder that does not answer (dying: its threads are still exiting) is waited for. */
const DYING_HOLDER_MS = 3000;

async function acquireSocket(dir: string, file: string): Promise<DirLock | null> {
  const name = socketName(dir);
  const info = myInfo('socket');
  const deadline = Date.now() + DYING_HOLDER_MS;
  let server: net.Server;
  for (;;) {
    try {
      server = await listenOn(name, info);
      break;
    } catch (e) {
      // Abstract sockets refused (a sandbox, an unusual kernel): the caller falls back to the pid file.
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') return null;
      // A live holder answers with who it is. One that does not may be dying (a killed process
      // keeps its socket until its last thread is gone): try again for a moment.
      const holder = await askHolder(name);
      if (holder || Date.now() > deadline) throw lockedError(dir, holder ?? parseHolder(readText(file) ?? ''));
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  server.unref();
  // An engine that had to fall back to the pid file may hold the directory: honour its lock.
  const pidfileHolder = (): HolderInfo | null => {
    const h = parseHolder(readText(file) ?? '');
    return h?.mode === 'pidfile' && h.pid !== process.pid && holderAlive(h) ? h : null;
  };
  const other = pidfileHolder();
  if (other) {
    server.close();
    throw lockedError(dir, other);
  }
  let released = false;
  let published = false;
  return {
    dir,
    file,
    mode: 'socket',
    publish() {
      // Whatever an earlier holder left is stale: we hold the socket. Written only once the
      // directory opened (a start that refuses leaves the directory as it was); the file only
      // informs people, so it is not fsynced. Unless a pid-file engine took it meanwhile.
      const h = pidfileHolder();
      if (h) throw lockedError(dir, h);
      writeLockFile(file, info, 'w', false);
      published = true;
    },
    release() {
      if (released) return;
      released = true;
      if (published) fs.rmSync(file, { force: true });
      server.close();
    },
  };
}

const heldHere = new Set<string>();

function acquirePidfile(dir: string, file: string): DirLock {
  const key = fs.realpathSync(dir);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeLockFile(file, myInfo('pidfile'), 'wx', true);
      heldHere.add(key);
      let released = false;
      return {
        dir,
        file,
        mode: 'pidfile',
        publish() {},
        release() {
          if (released) return;
          released = true;
          heldHere.delete(key);
          fs.rmSync(file, { force: true });
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const text = readText(file);
    if (text === null) continue;
    const holder = parseHolder(text);
    if (holder && holder.pid === process.pid) {
      if (heldHere.has(key)) throw lockedError(dir, holder);
      // our own pid but not held by us: left by an earlier process that had this pid
    } else if (holder && holderAlive(holder)) throw lockedError(dir, holder);
    // Stale: claim it by renaming (only one contender can), and make sure it is the one judged.
    const claimed = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      fs.renameSync(file, claimed);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw e;
    }
    if (readText(claimed) !== text) {
      // Someone took the lock in between: give it back (link fails if yet another one exists).
      try {
        fs.linkSync(claimed, file);
      } catch {
        /* keep going: the next round sees whoever holds it */
      }
    }
    fs.rmSync(claimed, { force: true });
  }
  throw new Error(`could not lock ${dir}: the lock file ${file} keeps changing`);
}

/** Creates the directory (0700) if needed and locks it for this process. */
export async function acquireDirLock(dir: string, mode: LockMode = defaultLockMode()): Promise<DirLock> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, LOCK_FILE);
  return (mode === 'socket' && (await acquireSocket(dir, file))) || acquirePidfile(dir, file);
}
