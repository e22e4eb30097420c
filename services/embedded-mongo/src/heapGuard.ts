// The engine holds every document in its JavaScript heap. Before the heap fills (when Node would
// stop the process, leaving the supervisor to restart it into the same wall), the commands that add
// data are refused with a MongoDB error telling what to do, while reads, deletes and drops go on.
import * as v8 from 'node:v8';
import { MongoError } from './errors';
import type { Doc } from './values';

/** Used heap over the heap limit at which writes are refused. */
export const DEFAULT_HEAP_RATIO = 0.85;
/** The heap is measured at most this often (v8.getHeapStatistics costs microseconds, not nothing). */
const MEASURE_EVERY_MS = 100;

const ADDING = new Set(['insert', 'update', 'create', 'createIndexes']);

/** Whether a command can make the data bigger (deletes and drops make it smaller). */
export function growsData(name: string, cmd: Doc): boolean {
  if (ADDING.has(name)) return true;
  if (name === 'findAndModify' || name === 'findandmodify') return cmd.remove !== true;
  if (name === 'aggregate' && Array.isArray(cmd.pipeline)) return cmd.pipeline.some((st) => st && typeof st === 'object' && '$out' in st);
  return false;
}

export class HeapGuard {
  ratio = DEFAULT_HEAP_RATIO;
  private measuredAt = 0;
  private used = 0;
  private limit = 1;
  private stats: () => { used: number; limit: number } = () => {
    const h = v8.getHeapStatistics();
    return { used: h.used_heap_size, limit: h.heap_size_limit };
  };

  /** Where the heap figures come from (v8's by default), measured again at the next check. */
  measureWith(stats: () => { used: number; limit: number }): void {
    this.stats = stats;
    this.measuredAt = 0;
  }

  check(now = Date.now()): void {
    if (now - this.measuredAt >= MEASURE_EVERY_MS) {
      const { used, limit } = this.stats();
      this.used = used;
      this.limit = limit;
      this.measuredAt = now;
    }
    if (this.used <= this.ratio * this.limit) return;
    const mb = (n: number): string => `${Math.round(n / 1024 / 1024)} MB`;
    throw new MongoError(
      146,
      `embedded-mongo is full: its memory holds ${mb(this.used)} of ${mb(this.limit)} (${Math.round((100 * this.used) / this.limit)}%, ` +
        `over the ${Math.round(this.ratio * 100)}% at which it refuses writes). Reads, deletes and drops go on. ` +
        'This installation has outgrown the embedded engine: move it to MongoDB (set MONGODB_URI; see the README on moving to MongoDB).',
    );
  }
}
