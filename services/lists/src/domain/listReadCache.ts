import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ProductListData } from '@wishlist/contracts';
import { giftsHidden } from '@wishlist/contracts';
import { listViewFor } from './present';

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
 * no copy ever serves a list older than the last write that answered. `ttlMs` and the byte budget
 * only bound memory: the least recently read answers go first, so a list opened often stays (a
 * miss of a list of 500 products costs its read and serialization, 30-40 ms, on every visit).
 *
 * A read that raced with a write of this process must not store what it read before the write:
 * each list has a generation, bumped by invalidation, and a read stores its answer only when the
 * generation it saw before querying is still current.
 */
/** Who keeps a cached list: the owner reads the owner's view of it; a manager is answered from the database. */
export interface CachedKeepers {
  ownerId: string;
  managerIds: readonly string[];
}

interface Entry {
  ownerId: string;
  managerIds: readonly string[];
  version: number;
  expires: number;
  list: ProductListData;
  bodies: { owner?: JsonBody; ownerHidden?: JsonBody; other?: JsonBody };
  /** Memory held, estimated from the answers serialized so far (the list's objects included). */
  bytes: number;
}

export interface Snapshot {
  global: number;
  list: number;
}

const MAX_ENTRIES = 2000;
/** Memory the held answers may take (estimated), whatever their number. */
export const MAX_CACHE_BYTES = 64 * 1024 * 1024;
/** A held answer's memory per byte of its JSON: the buffer, and the list's objects it was made from. */
const BYTES_PER_JSON_BYTE = 3;
const MAX_GENERATIONS = 20_000;

export class ListReadCache {
  /** The least recently read answer goes first when their number or their memory is over the bound. */
  private entries: LRUCache<string, Entry>;
  private generations = new Map<string, number>();
  private global = 0;

  constructor(
    private ttlMs: number,
    private now: () => number = Date.now,
    maxBytes = MAX_CACHE_BYTES,
  ) {
    this.entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES, maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, entry.bytes) });
  }

  /** Estimated memory of the answers held. */
  get heldBytes(): number {
    return this.entries.size === 0 ? 0 : this.entries.calculatedSize;
  }

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
    if (viewerId !== undefined && entry.managerIds.includes(viewerId)) return undefined;
    const owner = viewerId !== undefined && viewerId === entry.ownerId;
    const now = new Date(this.now());
    // The owner's view changes at the reveal: each side of it is its own body.
    const key = !owner ? 'other' : giftsHidden(entry.list, now) ? 'ownerHidden' : 'owner';
    const held = entry.bodies[key];
    if (held) return held;
    const body = (entry.bodies[key] = jsonBody({ data: listViewFor(entry.list, owner ? 'owner' : null, now) }));
    // Set again as a new entry, so that its size is counted anew (the cache keeps the size of a value
    // set twice); the least recently read answers are dropped if memory is over.
    this.entries.set(id, { ...entry, bytes: entry.bytes + body.bytes.length * BYTES_PER_JSON_BYTE });
    return body;
  }

  snapshot(id: string): Snapshot {
    return { global: this.global, list: this.generations.get(id) ?? 0 };
  }

  /** Stores what a read found (the list at `version`), unless this process changed it since `seen` was taken. */
  store(id: string, keepers: string | CachedKeepers, list: ProductListData, seen: Snapshot, version: number): void {
    const { ownerId, managerIds } = typeof keepers === 'string' ? { ownerId: keepers, managerIds: [] } : keepers;
    if (this.ttlMs <= 0 || seen.global !== this.global || seen.list !== (this.generations.get(id) ?? 0)) return;
    this.entries.set(id, { ownerId, managerIds, version, expires: this.now() + this.ttlMs, list: { ...list, isOwner: false }, bodies: {}, bytes: 0 });
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
export const listReadCache = new ListReadCache(60_000);
