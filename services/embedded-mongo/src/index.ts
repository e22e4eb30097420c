// Embedded MongoDB-compatible engine: library entry point.
import { COMMAND_TABLES } from './commands';
import { Engine } from './engine';
import { createServer } from './server';
import { acquireDirLock } from './lock';
import type { LockMode } from './lock';
import { Storage } from './storage';
import type { EngineLogger } from './log';

export interface StartOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Data directory; omitted = memory only. */
  dbPath?: string;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Journal size that triggers compaction (bytes). */
  compactBytes?: number;
  /** How the data directory is locked; the default suits the platform (see lock.ts). */
  lockMode?: LockMode;
  /** How often TTL indexes expire documents (MongoDB's TTL monitor: 60 s, the default). */
  ttlMonitorMs?: number;
  /** Told when a start drops a torn journal tail; pino-shaped (`warn(fields, message)`). Default: stderr. */
  logger?: EngineLogger;
  /**
   * Used heap over heap limit at which the commands that add data are refused (code 146,
   * ExceededMemoryLimit) while reads, deletes and drops go on: default 0.85; 1 turns it off.
   */
  heapWriteLimit?: number;
  /**
   * Told while a start loads its files: records applied and the records they hold (an estimate
   * until done), phase `records`; then index entries built and to build, phase `indexes`.
   */
  onProgress?: (done: number, total: number, phase: 'records' | 'indexes') => void;
}

export interface EmbeddedMongo {
  uri: string;
  port: number;
  stop(): Promise<void>;
}

export async function start(opts: StartOptions = {}): Promise<EmbeddedMongo> {
  const engine = new Engine(COMMAND_TABLES);
  if (opts.heapWriteLimit !== undefined) {
    if (!(opts.heapWriteLimit > 0 && opts.heapWriteLimit <= 1)) throw new RangeError(`heapWriteLimit must be in (0, 1], not ${opts.heapWriteLimit}`);
    engine.heap.ratio = opts.heapWriteLimit;
  }
  engine.startTtlMonitor(opts.ttlMonitorMs ?? 60_000);
  let storage: Storage | null = null;
  if (opts.dbPath) {
    // Refuses (DirLockedError) while another live engine holds the directory, and
    // (StorageDamageError) when a file is damaged, changing nothing.
    const lock = await acquireDirLock(opts.dbPath, opts.lockMode);
    try {
      engine.beginLoad();
      storage = Storage.open(opts.dbPath, (op) => engine.applyOp(op), {
        compactBytes: opts.compactBytes,
        lock,
        dump: () => engine.dumpOps(),
        freeze: () => engine.freezeOps(),
        onProgress: opts.onProgress && ((done, total) => opts.onProgress?.(done, total, 'records')),
        logger: opts.logger,
        onLoaded: () => engine.finishLoad(opts.onProgress && ((done, total) => opts.onProgress?.(done, total, 'indexes'))),
      });
    } catch (e) {
      lock.release();
      throw e;
    }
    engine.storage = storage;
  }
  const host = opts.host ?? '127.0.0.1';
  const { server, sockets } = createServer(engine);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    await storage?.close();
    engine.close();
    throw e;
  }
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  engine.port = port;
  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    if (!stopped)
      stopped = (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          for (const s of sockets) s.destroy();
        });
        engine.close();
        await storage?.close();
      })();
    return stopped;
  };
  const uriHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return { uri: `mongodb://${uriHost}:${port}/`, port, stop };
}

export { Engine } from './engine';
export { DirLockedError } from './lock';
export { StorageDamageError } from './storage';
export { repair } from './repair';
export type { RepairReport } from './repair';
export type { EngineLogger } from './log';
