import { ListReadCache } from './listReadCache';

const list = (name: string) => ({ id: 'l1', name, isOwner: true, products: [] });

describe('ListReadCache', () => {
  it('answers per viewer (isOwner only for the owner) until it expires', () => {
    let t = 0;
    const cache = new ListReadCache(1000, () => t);
    cache.store('l1', 'owner', list('A'), cache.snapshot('l1'), 0);
    expect(JSON.parse(cache.read('l1', 'owner', 0)!.bytes.toString()).data).toEqual({ ...list('A'), isOwner: true });
    expect(JSON.parse(cache.read('l1', 'someone', 0)!.bytes.toString()).data.isOwner).toBe(false);
    expect(JSON.parse(cache.read('l1', undefined, 0)!.bytes.toString()).data.isOwner).toBe(false);
    t = 1000;
    expect(cache.read('l1', 'owner', 0)?.bytes).toBeUndefined();
  });

  it('never stores a read that raced with a write to the list, or with a clear', () => {
    const cache = new ListReadCache(1000);
    const seen = cache.snapshot('l1');
    cache.invalidate('l1'); // a write finished while the read was querying
    cache.store('l1', 'owner', list('stale'), seen, 0);
    expect(cache.read('l1', 'owner', 0)?.bytes).toBeUndefined();
    const seen2 = cache.snapshot('l1');
    cache.clear();
    cache.store('l1', 'owner', list('stale'), seen2, 0);
    expect(cache.read('l1', 'owner', 0)?.bytes).toBeUndefined();
    const fresh = cache.snapshot('l1');
    cache.invalidate('other');
    cache.store('l1', 'owner', list('fresh'), fresh, 0);
    expect(cache.read('l1', 'owner', 0)?.bytes).toBeDefined();
    cache.invalidate('l1');
    expect(cache.read('l1', 'owner', 0)?.bytes).toBeUndefined();
  });

  it('answers only for the version it stored (another copy wrote since: read again)', () => {
    const cache = new ListReadCache(60_000);
    cache.store('l1', 'owner', list('v3'), cache.snapshot('l1'), 3);
    expect(cache.has('l1')).toBe(true);
    expect(cache.read('l1', 'owner', 3)).toBeDefined();
    expect(cache.read('l1', 'owner', 4)).toBeUndefined();
    expect(cache.has('l1')).toBe(false);
  });

  it('holds what fits in its memory, dropping the least recently read list first', () => {
    const big = (id: string) => ({ id, name: id, isOwner: true, products: [{ id: 'p', name: 'x'.repeat(1000) }] }) as never;
    // Room for about two such answers (each ~1 kB of JSON, ~3 kB held).
    const cache = new ListReadCache(60_000, Date.now, 7_000);
    for (const id of ['a', 'b']) {
      cache.store(id, 'owner', big(id), cache.snapshot(id), 0);
      expect(cache.read(id, undefined, 0)).toBeDefined();
    }
    expect(cache.read('a', undefined, 0)).toBeDefined(); // read again: b is now the oldest read
    cache.store('c', 'owner', big('c'), cache.snapshot('c'), 0);
    expect(cache.read('c', undefined, 0)).toBeDefined();
    expect(cache.has('b')).toBe(false);
    expect(cache.has('a')).toBe(true);
    expect(cache.heldBytes).toBeLessThanOrEqual(7_000);
    // Dropped answers give their memory back.
    cache.invalidate('a', 'c');
    expect(cache.heldBytes).toBe(0);
  });

  it('is off with a zero ttl', () => {
    const cache = new ListReadCache(0);
    cache.store('l1', 'owner', list('A'), cache.snapshot('l1'), 0);
    expect(cache.read('l1', 'owner', 0)?.bytes).toBeUndefined();
  });
});
