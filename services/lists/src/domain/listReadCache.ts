import { createHash } from 'node:crypto';
import type { ProductListData } from '@wishlist/contracts';
import { forVisitors, seesPrivate } from './visibility';

/** A serialized JSON answer and its entity tag, both computed once and served as they are. */
export interface JsonBody {
  bytes: Buffer;
  /**
   * Weak (`W/"…"`): the gateway may gzip the answer for a browser, and a strong tag would then name
   * two different byte sequences. Weak comparison is what If-None-Match uses, so 304s still work.
   */
  etag: string;
}

export function jsonBody(value: unknown): JsonBody {
  const bytes = Buffer.from(JSON.stringify(value));
  return { bytes, etag: `W/"${bytes.length.toString(16)}-${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"` };
}

/**
 * A short-lived cache of shared-list reads (GET /api/product-lists/{id}, the most frequent call:
 * everyone who opens a shared link), holding the serialized answers with the list's read version
 * (data/models: bumped in the database by every write that changes the answer, on whichever copy
 * of the service makes it). An answer is served only for the version the caller read from the
 * database just before (one indexed read of one field instead of the list and its products), so
 * no copy ever serves a list older than the last write that answered. `ttlMs` only bounds memory.
 *
 * A read that raced with a write of this process must not store what it read before the write:
 * each list has a generation, bumped by invalidation, and a read stores its answer only when the
 * generation it saw before querying is still current.
 */
interface Entry {
  ownerId: string;
  version: number;
  expires: number;
  list: ProductListData;
  bodies: { owner?: JsonBody; keeper?: JsonBody; other?: JsonBody };
}

export interface Snapshot {
  global: number;
  list: number;
}

const MAX_ENTRIES = 2000;
const MAX_GENERATIONS = 20_000;

export class ListReadCache {
  private entries = new Map<string, Entry>();
  private generations = new Map<string, number>();
  private global = 0;

  constructor(
    private ttlMs: number,
    private now: () => number = Date.now,
  ) {}

  setTtl(ttlMs: number): void {
    this.ttlMs = ttlMs;
    if (ttlMs <= 0) this.clear();
  }

  /** Whether an answer is held for this list (then its version is worth checking). */
  has(id: string): boolean {
    const entry = this.entries.get(id);
    if (entry && entry.expires <= this.now()) this.entries.delete(id);
    return this.entries.has(id);
  }

  /** The serialized `{ data: list }` for this viewer with its ETag, or undefined unless held for `version`. */
  read(id: string, viewerId: string | undefined, version: number): JsonBody | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.expires <= this.now() || entry.version !== version) {
      this.entries.delete(id);
      return undefined;
    }
    const owner = viewerId !== undefined && viewerId === entry.ownerId;
    const keeper = seesPrivate(viewerId, entry);
    // One body per view: the owner's, another keeper's (private products, isOwner false), a visitor's.
    const key = owner ? 'owner' : keeper ? 'keeper' : 'other';
    return (entry.bodies[key] ??= jsonBody({ data: { ...entry.list, isOwner: owner, products: keeper ? entry.list.products : forVisitors(entry.list.products) } }));
  }

  snapshot(id: string): Snapshot {
    return { global: this.global, list: this.generations.get(id) ?? 0 };
  }

  /** Stores what a read found (the list at `version`), unless this process changed it since `seen` was taken. */
  store(id: string, ownerId: string, list: ProductListData, seen: Snapshot, version: number): void {
    if (this.ttlMs <= 0 || seen.global !== this.global || seen.list !== (this.generations.get(id) ?? 0)) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(id, { ownerId, version, expires: this.now() + this.ttlMs, list: { ...list, isOwner: false }, bodies: {} });
  }

  invalidate(...ids: (string | undefined)[]): void {
    for (const id of ids) {
      if (!id) continue;
      this.entries.delete(id);
      this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
    }
    if (this.generations.size > MAX_GENERATIONS) this.clear();
  }

  /** Forgets everything (claims, releases, erasures: writes that touch many lists). */
  clear(): void {
    this.global++;
    this.entries.clear();
    this.generations.clear();
  }
}

/** The process's cache (one per process, like the database connection). */
export const listReadCache = new ListReadCache(2000);
