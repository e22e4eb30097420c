/**
 * @jest-environment node
 */
// The shared-list page rendered on the server (what the gateway puts in #first-view)
// is the page a visitor's app renders: the same components, words and pictures, everything escaped.
import type { ProductList } from '@wishlist/contracts';
import { renderSharedList, sharedListData, sharedListPreloads, SNAPSHOT_CARDS, withoutHoistedPreloads } from './firstView';

const HOSTILE = '</script><img src=x onerror=alert(1)>';
const list: ProductList = {
  id: 'l1',
  name: 'Birthday',
  isOwner: false,
  products: [
    { id: 'p1', name: 'Blue teapot', price: 2490, url: 'https://shop.example/teapot', image: 'https://shop.example/t.png', picture: '/api/images/t1.s1', websiteName: 'shop.example' },
    { id: 'p2', name: 'Brass lamp', price: 1990, url: 'https://shop.example/lamp', image: 'https://shop.example/l.png', picture: '/api/images/t2.s2', hasBeenOffered: true },
    { id: 'p3', name: 'Wool scarf', price: 990, url: 'https://shop.example/scarf', image: 'https://shop.example/s.png', picture: '/api/images/t3.s3' },
  ],
} as ProductList;

describe('renderSharedList', () => {
  it('renders the visitor view: name, count, cards with our srcset, prices, badges, the action bar', () => {
    const html = renderSharedList({ list, language: 'en' });
    expect(html).toMatch(/^<div class="lists-view">/);
    expect(html).toContain('<h1 id="lists-current-title" tabindex="-1">Birthday</h1>');
    expect(html).toContain('3 products');
    expect(html).toContain('Shared with you');
    expect(html).toContain('Add to favorites');
    for (const name of ['Blue teapot', 'Brass lamp', 'Wool scarf']) expect(html).toContain(`>${name}</span>`);
    expect(html).toContain('src="/api/images/t1.s1?w=480" srcSet="/api/images/t1.s1?w=96 96w');
    expect(html).toContain('sizes="(min-width: 1280px) 400px, 50vw"');
    expect(html).toContain('width="480" height="480"');
    expect(html).toContain('€24.90'); // prices in the reader's language
    expect(html).toContain('Offered');
    // The basket's controls as the app shows them before they load; real links stay links.
    expect(html).toContain('lists-tab--placeholder');
    expect(html).toContain('href="/basket"');
    // No hoisted <link rel=preload> (the gateway writes them in <head>).
    expect(html).not.toContain('<link');
  });

  it('speaks French', () => {
    const html = renderSharedList({ list, language: 'fr' });
    expect(html).toContain('3 produits');
    expect(html).toContain('Partagée avec vous');
    expect(html).toMatch(/24,90\s€/); // prices in the reader's language
    expect(renderSharedList({ list, language: 'de' })).toContain('3 products');
  });

  it('shows most wanted, quantities, units offered and the note (escaped), as the app does', () => {
    const withExtras = {
      ...list,
      products: [{ ...list.products[0], quantity: 4, offeredQuantity: 2, mostWanted: true, note: HOSTILE }, ...list.products.slice(1)],
    } as ProductList;
    const html = renderSharedList({ list: withExtras, language: 'en' });
    expect(html).toContain('Most wanted');
    expect(html).toContain('2 of 4 offered');
    expect(html).toContain('4 wished');
    expect(html).toContain('Most wanted first');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(renderSharedList({ list: withExtras, language: 'fr' })).toContain('2 sur 4 offerts');
  });

  it('escapes hostile names', () => {
    const html = renderSharedList({ list: { ...list, name: HOSTILE, products: [{ ...list.products[0], name: HOSTILE, websiteName: HOSTILE }] }, language: 'en' });
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('</script>');
    expect(html).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
  });

  it('never shows owner controls, whatever the answer said', () => {
    const html = renderSharedList({ list: { ...list, isOwner: true }, language: 'en' });
    expect(html).toContain('Shared with you');
    expect(html).not.toContain('Delete list');
  });

  it('renders the first screenful of a long list, whatever its length, with its size and search', () => {
    for (const [length, lang, words] of [
      [101, 'en', ['101 products', 'Find a product in this list']],
      [500, 'fr', ['500 produits', 'Trouver un produit dans cette liste']],
    ] as const) {
      const many = Array.from({ length }, (_, i) => ({ ...list.products[0], id: `p${i}`, name: `Product ${i}` }));
      const html = renderSharedList({ list: { ...list, products: many }, language: lang });
      const cards = html.match(/<li [^>]*class="lists-card/g) ?? [];
      expect(cards.length).toBeGreaterThanOrEqual(4);
      expect(cards.length).toBeLessThanOrEqual(SNAPSHOT_CARDS);
      expect(html).toContain('>Product 0</span>');
      expect(html).not.toContain(`>Product ${length - 1}</span>`);
      expect(html).toContain(`aria-setsize="${length}"`);
      for (const w of words) expect(html).toContain(w);
      // The rows below are held by padding, so the page is as long as the list.
      expect(html).toMatch(/padding-bottom:calc\(var\(--space-1, 0.25rem\) \+ \d{4,}px\)/);
    }
  });

  it('a long list is hydrated from its first products and its count, and renders the same from them as from the whole list', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ ...list.products[0], id: `p${i}`, name: `Product ${i}` }));
    const whole = { ...list, products: many };
    const data = sharedListData(whole);
    expect(data.products.map((p) => p.id)).toEqual(many.slice(0, 24).map((p) => p.id));
    expect(data.productCount).toBe(500);
    expect(data.name).toBe('Birthday');
    // What the page hydrates from gives the markup the page was sent with.
    expect(renderSharedList({ list: data, language: 'en' })).toBe(renderSharedList({ list: whole, language: 'en' }));
    expect(sharedListData(data)).toEqual(data);
    // The first products fill the screenful the markup shows: no placeholder in it.
    expect(renderSharedList({ list: whole, language: 'en' })).not.toContain('lists-card--placeholder');
    // A list the grid does not window is carried whole.
    const short = { ...list, products: many.slice(0, 24) };
    expect(sharedListData(short)).toBe(short);
  });

  it('an empty list says so', () => {
    expect(renderSharedList({ list: { ...list, products: [] }, language: 'en' })).toContain('lists-empty');
  });
});

describe('sharedListPreloads', () => {
  it('names the first cards’ pictures as the cards ask for them', () => {
    expect(sharedListPreloads(list)).toEqual([
      { href: '/api/images/t1.s1?w=480', imageSrcSet: expect.stringContaining('/api/images/t1.s1?w=960 960w'), imageSizes: '(min-width: 1280px) 400px, 50vw' },
      { href: '/api/images/t2.s2?w=480', imageSrcSet: expect.stringContaining('/api/images/t2.s2?w=96 96w'), imageSizes: '(min-width: 1280px) 400px, 50vw' },
    ]);
    // A shop's own URL (no copy of ours) is never preloaded.
    expect(sharedListPreloads({ ...list, products: [{ ...list.products[0], picture: undefined }] })).toEqual([]);
  });

  it('withoutHoistedPreloads keeps the markup only', () => {
    expect(withoutHoistedPreloads('<link rel="preload" as="image"/><link rel="preload"/><div>x</div>')).toBe('<div>x</div>');
  });
});
