import { decodeProductUrl, encodeProductUrl, productCreationFromUrlPath } from '../src';

const base64 = (s: string) => Buffer.from(s, 'utf-8').toString('base64');

describe('encodeProductUrl: base64 of the UTF-8 bytes, then URL-encoded (SPEC §2)', () => {
  it.each([
    ['accents', 'https://boutique.example/théière-émaillée?couleur=bleu%20nuit'],
    ['unescaped accents', 'https://boutique.example/produits/crème-brûlée'],
    ['a query with ? and &', 'https://shop.example/p?id=12&size=M&ref=a?b'],
    ['a fragment and reserved characters', "https://shop.example/p/1#reviews+!$'()*,;=:@"],
    ['a port and credentials-free host', 'http://localhost:19582/products/kite'],
    ['emoji and CJK', 'https://shop.example/🎁/商品?名=値'],
  ])('round-trips %s', (_label, url) => {
    const encoded = encodeProductUrl(url);
    // Safe in one path segment: no '/', '?', '&', '#', '+' or '=' left raw.
    expect(encoded).toMatch(/^[A-Za-z0-9%]+$/);
    expect(decodeURIComponent(encoded)).toBe(base64(url));
    expect(decodeProductUrl(encoded)).toBe(url);
    // The router hands the value over URL-decoded: that decodes too.
    expect(decodeProductUrl(decodeURIComponent(encoded))).toBe(url);
  });

  it('decodes URL-safe and unpadded base64, and a value URL-encoded twice', () => {
    const url = 'https://shop.example/p/été?x=1&y=2';
    const b64 = base64(url);
    expect(decodeProductUrl(b64.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'))).toBe(url);
    expect(decodeProductUrl(encodeURIComponent(encodeProductUrl(url)))).toBe(url);
  });

  it('rejects garbage and anything but an http(s) URL', () => {
    expect(decodeProductUrl('')).toBeNull();
    expect(decodeProductUrl(null)).toBeNull();
    expect(decodeProductUrl('%%%')).toBeNull();
    expect(decodeProductUrl(encodeProductUrl('javascript:alert(1)'))).toBeNull();
    expect(decodeProductUrl(encodeProductUrl('not a url'))).toBeNull();
  });

  it('round-trips a 2048-character URL and a far longer one', () => {
    const long = `https://shop.example/p?${'q=%C3%A9&'.repeat(226)}`.slice(0, 2048);
    expect(long).toHaveLength(2048);
    expect(decodeProductUrl(encodeProductUrl(long))).toBe(long);
    const huge = `https://shop.example/${'é'.repeat(200_000)}`;
    expect(() => encodeProductUrl(huge)).not.toThrow();
    expect(decodeProductUrl(encodeProductUrl(huge))).toBe(huge);
  });

  it('encodes + / = of base64 for a path segment', () => {
    // '?>>' gives '/' and '+' in base64; a 1-byte remainder gives '=='.
    const url = 'https://a.example/?>>?';
    expect(base64(url)).toMatch(/[+/=]/);
    expect(encodeProductUrl(url)).not.toMatch(/[+/=]/);
  });
});

describe('productCreationFromUrlPath: the "Open in Wishlist" link', () => {
  it('names the chosen list after /to/', () => {
    const url = 'https://shop.example/p?id=1&x=é';
    expect(productCreationFromUrlPath(url, 'list 1/ü')).toBe(`/create-product/from/${encodeProductUrl(url)}/to/list%201%2F%C3%BC`);
  });
  it('ends with /to when no list is chosen (the route’s list id is optional)', () => {
    expect(productCreationFromUrlPath('https://shop.example/p', null)).toBe(`/create-product/from/${encodeProductUrl('https://shop.example/p')}/to`);
  });
});
