/** @jest-environment-options {"url": "https://shop.example/p/kite"} */
import { readProduct, type ImageMeasure } from '../src/extract/readProduct';

const page = (html: string, url = 'https://shop.example/p/kite') => {
  document.open();
  document.write(html);
  document.close();
  return url;
};
/** jsdom has no layout: sizes come from data-* attributes in these pages. */
const measure = (img: HTMLImageElement): ImageMeasure => ({
  naturalWidth: Number(img.dataset.w ?? 0),
  naturalHeight: Number(img.dataset.h ?? 0),
  shownArea: Number(img.dataset.area ?? 0),
  visible: img.dataset.hidden === undefined,
});

describe('readProduct (the rendered page, in the browser)', () => {
  it('reads schema.org Product JSON-LD: name, price in cents, pictures made absolute', () => {
    const url = page(`<html><head><title>Kite | Shop</title>
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"BreadcrumbList"},
      {"@type":"Product","name":"Paper kite","image":["/img/kite.png"],"offers":{"@type":"Offer","price":"24.00","priceCurrency":"EUR"}}]}</script>
      </head><body><h1>Something else</h1></body></html>`);
    const p = readProduct(document, url, measure);
    expect(p).toMatchObject({ name: 'Paper kite', price: 2400, currency: 'EUR', isProduct: true, url });
    expect(p.images).toEqual(['https://shop.example/img/kite.png']);
  });

  it('reads microdata when there is no JSON-LD (price written the French way)', () => {
    const url = page(`<body><div itemscope itemtype="https://schema.org/Product">
      <h1 itemprop="name">Théière en fonte</h1><img itemprop="image" src="teapot.jpg">
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="name">Offre</span>
      <span itemprop="price" content="1234.50">1 234,50 €</span><meta itemprop="priceCurrency" content="EUR"></div></div></body>`);
    expect(readProduct(document, url, measure)).toMatchObject({ name: 'Théière en fonte', price: 123450, currency: 'EUR', images: ['https://shop.example/p/teapot.jpg'], isProduct: true });
  });

  it('falls back to og/twitter tags, the og price first', () => {
    const url = page(`<head><meta property="og:type" content="product"><meta property="og:title" content="Brass lamp">
      <meta property="product:price:amount" content="129.5"><meta property="product:price:currency" content="EUR">
      <meta name="twitter:image" content="https://cdn.example/lamp.jpg"></head><body></body>`);
    expect(readProduct(document, url, measure)).toMatchObject({ name: 'Brass lamp', price: 12950, images: ['https://cdn.example/lamp.jpg'], isProduct: true });
  });

  it('adds the large visible pictures, largest shown first, and drops small, hidden and data: ones', () => {
    const url = page(`<body><h1>A page</h1>
      <img src="/small.png" data-w="150" data-h="150" data-area="22500">
      <img src="/side.png" data-w="400" data-h="300" data-area="120000">
      <img src="/main.png" data-w="800" data-h="800" data-area="360000">
      <img src="/hidden.png" data-w="800" data-h="800" data-area="0" data-hidden>
      <img src="data:image/png;base64,AAAA" data-w="800" data-h="800" data-area="999999"></body>`);
    expect(readProduct(document, url, measure).images).toEqual(['https://shop.example/main.png', 'https://shop.example/side.png']);
  });

  it('says when the page is not a product (fill in by hand), with the heading as a name to edit', () => {
    const url = page(`<head><title>Search results</title></head><body><h1>Results for “kite”</h1></body>`);
    expect(readProduct(document, url, measure)).toMatchObject({ name: 'Results for “kite”', price: null, images: [], isProduct: false });
  });

  it('keeps page text as text and refuses script URLs as pictures', () => {
    const url = page(`<head><meta property="og:title" content="<img src=x onerror=alert(1)>">
      <meta property="og:image" content="javascript:alert(1)"></head><body></body>`);
    const p = readProduct(document, url, measure);
    expect(p.name).toBe('<img src=x onerror=alert(1)>');
    expect(p.images).toEqual([]);
  });
});
