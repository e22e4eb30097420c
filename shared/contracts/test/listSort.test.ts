import { applyVisitorView, readVisitorView, writeVisitorView } from '../src/listSort';

const p = (id: string, price: number | null, mostWanted = false) => ({ id, price, mostWanted });
const ids = (list: { id: string }[]) => list.map((x) => x.id);
const products = [p('a', 3000), p('b', null, true), p('c', 1000), p('d', 3000, true), p('e', 9000)];

describe("a visitor's order and budget", () => {
  it("keeps the owner's order by default", () => {
    expect(ids(applyVisitorView(products, { sort: 'list', maxPrice: null }))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('orders by price both ways, ties in the owner\'s order, no price last', () => {
    expect(ids(applyVisitorView(products, { sort: 'price-asc', maxPrice: null }))).toEqual(['c', 'a', 'd', 'e', 'b']);
    expect(ids(applyVisitorView(products, { sort: 'price-desc', maxPrice: null }))).toEqual(['e', 'a', 'd', 'c', 'b']);
  });

  it('puts the most wanted first', () => {
    expect(ids(applyVisitorView(products, { sort: 'most-wanted', maxPrice: null }))).toEqual(['b', 'd', 'a', 'c', 'e']);
  });

  it('keeps what fits the budget, leaving out unknown prices', () => {
    expect(ids(applyVisitorView(products, { sort: 'list', maxPrice: 30 }))).toEqual(['a', 'c', 'd']);
    expect(ids(applyVisitorView(products, { sort: 'price-desc', maxPrice: 20 }))).toEqual(['c']);
  });

  it('never changes the array it is given', () => {
    const copy = [...products];
    applyVisitorView(products, { sort: 'price-asc', maxPrice: 50 });
    expect(products).toEqual(copy);
  });

  it('reads and writes the choice in the query, keeping other parameters', () => {
    expect(readVisitorView(new URLSearchParams('sort=price-asc&max=50'))).toEqual({ sort: 'price-asc', maxPrice: 50 });
    expect(readVisitorView(new URLSearchParams('sort=cheapest&max=-3'))).toEqual({ sort: 'list', maxPrice: null });
    expect(readVisitorView(new URLSearchParams('max=0'))).toEqual({ sort: 'list', maxPrice: null });
    const written = writeVisitorView(new URLSearchParams('preview=visitor&sort=price-asc'), { sort: 'list', maxPrice: 100 });
    expect(written.toString()).toBe('preview=visitor&max=100');
  });
});
