// The embedded engine's start under `npm start`: how much heap it gets, and how its loading
// progress is read and shown. Pure functions (start.mjs does the I/O), tested in engine-start.test.mjs.
import { readFileSync } from 'node:fs';
import { totalmem } from 'node:os';

const MB = 1024 * 1024;

/**
 * The engine's heap: half of the memory this process may use (the machine's, or the cgroup's
 * limit when a container sets a lower one), at least HEAP_FLOOR_MB, at most HEAP_CAP_MB. Half
 * leaves room for the services, the gateway and the page cache the engine's files live in. Above
 * the cap a self-hosted product belongs on a MongoDB server (README: the engine's ceiling).
 */
export const HEAP_FLOOR_MB = 512;
export const HEAP_CAP_MB = 16_384;
/** Below this an override cannot even open an empty database. */
export const HEAP_MIN_OVERRIDE_MB = 128;

/**
 * The cgroup's memory limit in bytes, or null when there is none (or it is not lower than any
 * real machine: cgroup v1 writes a huge number for "no limit").
 * `read` is injectable for tests; it returns null for a file that does not exist.
 */
export function cgroupMemoryLimit(read = readOrNull) {
  for (const file of ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes']) {
    const raw = read(file)?.trim();
    if (!raw || raw === 'max') continue;
    const bytes = Number(raw);
    if (Number.isFinite(bytes) && bytes > 0 && bytes < 2 ** 60) return bytes;
  }
  return null;
}

function readOrNull(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * `--max-old-space-size` (MB) for the engine's process, and where it came from.
 * ENGINE_MAX_HEAP_MB (a whole number of MB, at least HEAP_MIN_OVERRIDE_MB) wins; a bad value
 * throws a message that names the setting.
 */
export function engineHeapMb({ env = process.env, machineBytes = totalmem(), cgroupBytes = cgroupMemoryLimit() } = {}) {
  const raw = env.ENGINE_MAX_HEAP_MB?.trim();
  if (raw) {
    if (!/^\d+$/.test(raw) || Number(raw) < HEAP_MIN_OVERRIDE_MB)
      throw new Error(`ENGINE_MAX_HEAP_MB must be a whole number of megabytes, at least ${HEAP_MIN_OVERRIDE_MB}, not "${raw}"`);
    return { mb: Number(raw), source: 'ENGINE_MAX_HEAP_MB' };
  }
  const usable = cgroupBytes !== null && cgroupBytes < machineBytes ? cgroupBytes : machineBytes;
  const half = Math.floor(usable / 2 / MB);
  return { mb: Math.min(HEAP_CAP_MB, Math.max(HEAP_FLOOR_MB, half)), source: cgroupBytes !== null && cgroupBytes < machineBytes ? 'container memory limit' : 'machine memory' };
}

/**
 * Node's flags for the engine's process, the heap included. A start allocates every document it
 * loads, and all of them live on: a young generation of 64 MB (Node's default is 16 MB) moves them
 * to the old one in fewer, larger collections, which took about a fifth less CPU to load 100,000
 * products, and spares the requests that follow the same churn.
 */
export function engineNodeFlags(heapMb) {
  return [`--max-old-space-size=${heapMb}`, '--max-semi-space-size=64'];
}

/** How long the engine may go without printing progress (or its address) before start gives up. */
export const ENGINE_SILENCE_LIMIT_MS = 30_000;

const PROGRESS = /embedded-mongo: (loading|indexing) (\d+)\/(\d+) (records|entries)/;

/**
 * `{ done, total, phase }` of an engine progress line (`embedded-mongo: loading <done>/<total>
 * records`, then `embedded-mongo: indexing <done>/<total> entries` while it builds its indexes),
 * else null.
 */
export function parseProgress(line) {
  const m = PROGRESS.exec(line);
  if (!m) return null;
  const done = Number(m[2]);
  const total = Number(m[3]);
  const phase = m[1] === 'loading' ? 'records' : 'indexes';
  return Number.isSafeInteger(done) && Number.isSafeInteger(total) ? { done, total, phase } : null;
}

/** `database: loading 120,000 of 500,000 records (24 %)`, `database: building indexes, 1,200,000 of 2,500,000 entries (48 %)`. */
export function describeProgress({ done, total, phase = 'records' }) {
  const n = (v) => v.toLocaleString('en-US');
  const pct = total > 0 ? ` (${Math.floor((Math.min(done, total) / total) * 100)} %)` : '';
  return phase === 'indexes' ? `database: building indexes, ${n(done)} of ${n(total)} entries${pct}` : `database: loading ${n(done)} of ${n(total)} records${pct}`;
}

/**
 * A watchdog that fails when the engine stays silent too long: `progress()` on each sign of
 * life pushes the deadline back, `stop()` once the engine is up. `onSilent` is called once.
 * `timers` is injectable for tests.
 */
export function silenceWatchdog(limitMs, onSilent, timers = { setTimeout, clearTimeout }) {
  let timer = null;
  let done = false;
  const arm = () => {
    if (done) return;
    if (timer) timers.clearTimeout(timer);
    timer = timers.setTimeout(() => {
      done = true;
      onSilent();
    }, limitMs);
    timer.unref?.();
  };
  arm();
  return {
    progress: arm,
    stop() {
      done = true;
      if (timer) timers.clearTimeout(timer);
    },
  };
}
