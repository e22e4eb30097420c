// Writes a snapshot file without holding the engine's thread: the ops are encoded a slice of a
// few milliseconds at a time, each slice becomes one record (snapshotCodec.ts) written
// asynchronously, and requests are answered between slices. The ops must describe a frozen state
// (Engine.freezeOps), since writes go on meanwhile.
import * as fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { encodePayload, encodeRecord } from './records';
import { encodeSnapshotOp, snapshotPayload } from './snapshotCodec';
import type { Doc } from './values';

/**
 * Encoding time per slice. A request that arrives meanwhile waits for the slice to end, and a
 * service's request makes several queries in a row (a list read: the person, the list, its
 * products), each waiting for one: with 100k products, a list read takes about 2.5x its usual
 * time while a compaction runs in slices of 5 ms, about 2x in slices of 1 ms, for a compaction
 * about a third longer.
 */
const SLICE_MS = 1;

/**
 * The snapshot is flushed to disk each time this much more of it is written, as it goes: a
 * journal append's sync waits for the file system's commit, which (ext4's ordered mode) first
 * writes every file's pending data. With the whole snapshot left for one sync at the end (400 MB
 * at 500k products), the writes acknowledged meanwhile waited 150-190 ms for it.
 */
const SYNC_EVERY_BYTES = 8 * 1024 * 1024;

async function writeFully(fh: fs.promises.FileHandle, buf: Buffer): Promise<void> {
  // A short write (a full disk) must fail the snapshot, not leave a short one.
  for (let off = 0; off < buf.length; ) {
    const { bytesWritten } = await fh.write(buf, off, buf.length - off);
    if (bytesWritten <= 0) throw new Error('short write to the snapshot');
    off += bytesWritten;
  }
}

/** Writes `{ gen }` then the ops as records to `file` (created 0600) and fsyncs it; its size. */
export async function writeSnapshotFile(file: string, gen: number, ops: Iterable<Doc>): Promise<number> {
  const fh = await fs.promises.open(file, 'w', 0o600);
  let bytes = 0;
  let seq = 0;
  let synced = 0;
  const record = async (rec: Buffer): Promise<void> => {
    await writeFully(fh, rec);
    bytes += rec.length;
    if (bytes - synced >= SYNC_EVERY_BYTES) {
      await fh.datasync();
      synced = bytes;
    }
  };
  try {
    await fh.chmod(0o600);
    await record(encodeRecord([{ gen }], seq++));
    const it = ops[Symbol.iterator]();
    // Serializing a slice's ops (native code) takes some multiple of encoding them: the encoding
    // stops when both together would pass SLICE_MS, the multiple learnt as slices go.
    let serializePerEncode = 1;
    for (let done = false; !done; ) {
      const t0 = performance.now();
      const slice: unknown[] = [];
      while ((performance.now() - t0) * (1 + serializePerEncode) < SLICE_MS) {
        const r = it.next();
        if (r.done) {
          done = true;
          break;
        }
        slice.push(encodeSnapshotOp(r.value));
      }
      if (slice.length) {
        const t1 = performance.now();
        const payload = snapshotPayload(slice);
        serializePerEncode = 0.8 * serializePerEncode + 0.2 * ((performance.now() - t1) / Math.max(t1 - t0, 0.05));
        await record(encodePayload(payload, seq++));
      } else if (!done) await new Promise((resolve) => setImmediate(resolve));
    }
    await fh.sync();
  } finally {
    await fh.close();
  }
  return bytes;
}
