import { ListReadCache } from './listReadCache';

const list = (name: string) => ({ id: 'l1', name, isOwner: true, products: [] });

describe('ListReadCache', () => {
  it('answers per viewer (isOwner only for the owner) until it expires', () => {
    let t = 0;
    const cache = new ListReadCache(1000, () => t);
    cache.store('l1', 'owner', list('A'), cache.snapshot('l1'));
    expect(JSON.parse(cache.body('l1', 'owner')!.toString()).data).toEqual({ ...list('A'), isOwner: true });
    expect(JSON.parse(cache.body('l1', 'someone')!.toString()).data.isOwner).toBe(false);
    expect(JSON.parse(cache.body('l1', undefined)!.toString()).data.isOwner).toBe(false);
    t = 1000;
    expect(cache.body('l1', 'owner')).toBeUndefined();
  });

  it('never stores a read that raced with a write to the list, or with a clear', () => {
    const cache = new ListReadCache(1000);
    const seen = cache.snapshot('l1');
    cache.invalidate('l1'); // a write finished while the read was querying
    cache.store('l1', 'owner', list('stale'), seen);
    expect(cache.body('l1', 'owner')).toBeUndefined();
    const seen2 = cache.snapshot('l1');
    cache.clear();
    cache.store('l1', 'owner', list('stale'), seen2);
    expect(cache.body('l1', 'owner')).toBeUndefined();
    const fresh = cache.snapshot('l1');
    cache.invalidate('other');
    cache.store('l1', 'owner', list('fresh'), fresh);
    expect(cache.body('l1', 'owner')).toBeDefined();
    cache.invalidate('l1');
    expect(cache.body('l1', 'owner')).toBeUndefined();
  });

  it('is off with a zero ttl', () => {
    const cache = new ListReadCache(0);
    cache.store('l1', 'owner', list('A'), cache.snapshot('l1'));
    expect(cache.body('l1', 'owner')).toBeUndefined();
  });
});
