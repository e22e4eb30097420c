import { decodeProductUrl, encodeProductUrl, productCreationFromUrlPath } from './productUrl';
import { findLinks, productUrlFromShare } from './shareTarget';

describe('productUrlFromShare: url, else the first link in text, then title', () => {
  it('takes `url` when it is a valid absolute URL', () => {
    expect(productUrlFromShare({ url: ' https://shop.example/p/1 ', text: 'https://other.example/x', title: 'Kite' })).toBe(
      'https://shop.example/p/1',
    );
  });

  it('takes the link Android apps put inside `text`, with words around it', () => {
    expect(productUrlFromShare({ title: 'Red kite', text: 'Look at this! https://shop.example/kite?colour=red&size=2 via ShopApp' })).toBe(
      'https://shop.example/kite?colour=red&size=2',
    );
    expect(productUrlFromShare({ text: 'Red kite\nhttps://shop.example/kite' })).toBe('https://shop.example/kite');
  });

  it('falls back to `text` when `url` is not a URL, and to `title` when text holds none', () => {
    expect(productUrlFromShare({ url: 'not a link', text: 'here: https://shop.example/a' })).toBe('https://shop.example/a');
    expect(productUrlFromShare({ url: '', text: 'no link here', title: 'Kite https://shop.example/t' })).toBe('https://shop.example/t');
  });

  it('takes the first link of several', () => {
    expect(productUrlFromShare({ text: 'https://a.example/1 and https://b.example/2' })).toBe('https://a.example/1');
  });

  it.each([
    ['a full stop', 'See https://shop.example/p/1.', 'https://shop.example/p/1'],
    ['a comma', 'https://shop.example/p/1, great price', 'https://shop.example/p/1'],
    ['parentheses around it', '(https://shop.example/p/1)', 'https://shop.example/p/1'],
    ['a bracket it opened itself', 'https://en.example/wiki/Kite_(toy).', 'https://en.example/wiki/Kite_(toy)'],
    ['French quotes', 'Regarde « https://boutique.example/théière » !', 'https://boutique.example/théière'],
    ['curly quotes', 'Look “https://shop.example/p?q=1”', 'https://shop.example/p?q=1'],
    ['angle brackets', '<https://shop.example/p>', 'https://shop.example/p'],
    ['an upper-case scheme', 'HTTPS://SHOP.EXAMPLE/P', 'HTTPS://SHOP.EXAMPLE/P'],
    ['a port and a fragment', 'http://localhost:8080/p/1#reviews', 'http://localhost:8080/p/1#reviews'],
  ])('ends the link at %s', (_label, text, expected) => {
    expect(productUrlFromShare({ text })).toBe(expected);
  });

  it.each([
    ['nothing at all', {}],
    ['garbage text', { text: 'hello, this is not a link', title: 'Nice' }],
    ['a host without a scheme', { text: 'www.shop.example/kite' }],
    ['a javascript: URL', { url: 'javascript:alert(1)', text: 'javascript:alert(1)' }],
    ['another scheme', { text: 'ftp://files.example/x mailto:a@b.example' }],
    ['a scheme without a host', { text: 'https:// nothing' }],
    ['credentials-looking host', { text: 'https://@/x' }],
    ['an over-long URL', { text: `https://shop.example/${'a'.repeat(2100)}` }],
  ])('finds nothing in %s', (_label, shared) => {
    expect(productUrlFromShare(shared)).toBeNull();
  });

  it('lists every valid link of a text', () => {
    expect(findLinks('1 https://a.example 2 ftp://b.example 3 http://c.example/x?y=1&z=2.')).toEqual([
      'https://a.example',
      'http://c.example/x?y=1&z=2',
    ]);
    expect(findLinks(null)).toEqual([]);
  });
});

describe('a shared link through the encodedProductUrl codec (accents, ?, &, long URLs)', () => {
  it.each([
    ['accents', 'Regarde https://boutique.example/théière-émaillée?couleur=bleu%20nuit', 'https://boutique.example/théière-émaillée?couleur=bleu%20nuit'],
    ['? and &', 'https://shop.example/p?id=12&size=M&ref=a?b', 'https://shop.example/p?id=12&size=M&ref=a?b'],
    ['+, = and #', 'Deal: https://shop.example/p?q=a+b&x==#top', 'https://shop.example/p?q=a+b&x==#top'],
  ])('%s survive extraction, encoding and decoding', (_label, text, url) => {
    const found = productUrlFromShare({ text });
    expect(found).toBe(url);
    const path = productCreationFromUrlPath(found!);
    expect(path).toMatch(/^\/create-product\/from\/[A-Za-z0-9%]+\/to$/);
    const encoded = path.split('/')[3];
    expect(decodeProductUrl(encoded)).toBe(url);
    expect(decodeProductUrl(decodeURIComponent(encoded))).toBe(url);
  });

  it('keeps a 2048-character shared link whole, and refuses a longer one', () => {
    const long = `https://shop.example/p?${'q=%C3%A9&'.repeat(230)}`.slice(0, 2048);
    expect(long).toHaveLength(2048);
    const found = productUrlFromShare({ text: `Look: ${long} (via app)` });
    expect(found).toBe(long);
    expect(decodeProductUrl(encodeProductUrl(found!))).toBe(long);
    expect(productUrlFromShare({ text: `${long}x` })).toBeNull();
  });
});
