import { existsSync } from 'node:fs';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { PageMetadata } from './metadata';
import type { ReadTask } from './page-reader.worker';

export interface PageReaderOptions {
  /** Worker threads reading pages at once. */
  threads: number;
  /** One read, from the moment a thread takes it: past it the thread is terminated. */
  timeoutMs: number;
  /** Reads waiting for a thread; more are refused at once (PageReaderBusy). */
  maxQueue: number;
  /** Old-generation heap of each thread: a page that needs more ends its thread, not the service. */
  maxHeapMb: number;
  /** A thread that failed outside a read (its read, if any, is refused as unreadable). */
  onThreadError?: (err: unknown) => void;
}

export interface PageReader {
  read(html: string, url: string): Promise<PageMetadata>;
  /** Terminates the threads; reads in flight or waiting are refused. */
  close(): Promise<void>;
}

export type UnreadableReason = 'deadline' | 'memory' | 'failed';

/** The page could not be read in its thread: too slow, too large in memory, or the reader threw. */
export class PageUnreadable extends Error {
  constructor(
    readonly reason: UnreadableReason,
    options?: { cause?: unknown },
  ) {
    super(`page unreadable: ${reason}`, options);
    this.name = 'PageUnreadable';
  }
}

/** Every thread busy and the queue full, or no thread freed up within the deadline. */
export class PageReaderBusy extends Error {
  constructor() {
    super('page reader busy');
    this.name = 'PageReaderBusy';
  }
}

/**
 * The thread's module: the build beside dist/main.js in the image, else the TypeScript source
 * through its tsx bootstrap (`npm start`, Jest).
 */
export function readerWorkerFile(dir = __dirname): string {
  const built = path.join(dir, 'page-reader.worker.js');
  return existsSync(built) ? built : path.join(dir, 'page-reader.dev.cjs');
}

/**
 * Time a thread may take to start (loading the parser), on top of the deadline of a read that
 * may need a new thread: the deadline measures the reading, not the start.
 */
export const THREAD_START_MS = 2000;

function unreadable(err: unknown): PageUnreadable {
  const e = err as { name?: string; code?: string } | null;
  if (e?.name === 'AbortError') return new PageUnreadable('deadline', { cause: err });
  if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') return new PageUnreadable('memory', { cause: err });
  return new PageUnreadable('failed', { cause: err });
}

/**
 * Reads pages in a small pool of worker threads (piscina), so that no page, however crafted, can
 * hold the thread that answers everyone else: a read past its deadline has its thread terminated
 * (a new one starts for the next read). At most `threads` reads run; up to `maxQueue` wait, each
 * for at most one read's time (`timeoutMs` + THREAD_START_MS) before it is refused as busy, so a
 * flood costs bounded memory. Threads start on the first read and stop after a minute unused.
 */
export function createPageReader(options: PageReaderOptions): PageReader {
  let pool: Piscina | undefined;
  let closed = false;
  let running = 0;
  const waiting: Array<{ start: () => void; refuse: () => void }> = [];

  const poolOf = () => {
    if (pool) return pool;
    pool = new Piscina({
      filename: readerWorkerFile(),
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
    });
    // A thread ended by its heap limit or its deadline is reported here too: without a listener
    // the pool's 'error' event would end the whole process.
    pool.on('error', (err: unknown) => options.onThreadError?.(err));
    return pool;
  };

  function acquire(): Promise<void> {
    if (closed) return Promise.reject(new PageReaderBusy());
    if (running < options.threads) {
      running += 1;
      return Promise.resolve();
    }
    if (waiting.length >= options.maxQueue) return Promise.reject(new PageReaderBusy());
    return new Promise<void>((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(timer);
          running += 1;
          resolve();
        },
        refuse: () => {
          clearTimeout(timer);
          reject(new PageReaderBusy());
        },
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(entry), 1);
        reject(new PageReaderBusy());
      }, options.timeoutMs + THREAD_START_MS);
      waiting.push(entry);
    });
  }

  function release(): void {
    running -= 1;
    waiting.shift()?.start();
  }

  return {
    async read(html, url) {
      await acquire();
      try {
        const task: ReadTask = { html, url };
        const threads = poolOf();
        const mayStartThread = threads.threads.length < options.threads;
        const deadline = AbortSignal.timeout(options.timeoutMs + (mayStartThread ? THREAD_START_MS : 0));
        return (await threads.run(task, { signal: deadline })) as PageMetadata;
      } catch (err) {
        throw unreadable(err);
      } finally {
        release();
      }
    },
    async close() {
      closed = true;
      for (const entry of waiting.splice(0)) entry.refuse();
      await pool?.destroy();
    },
  };
}
