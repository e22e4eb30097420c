import { decodeProductUrl, encodeProductUrl } from './productUrl';

const b64 = (s: string) => Buffer.from(s, 'utf-8').toString('base64');

describe('encodedProductUrl (base64, then URL-encoded)', () => {
  it('decodes a URL-encoded base64 value', () => {
    const url = 'https://shop.example/kite?colour=red&size=2';
    expect(decodeProductUrl(encodeURIComponent(b64(url)))).toBe(url);
  });
  it('decodes a value the router already URL-decoded, and the URL-safe alphabet without padding', () => {
    const url = 'https://shop.example/a?b=c>>d';
    expect(decodeProductUrl(b64(url))).toBe(url);
    expect(decodeProductUrl(b64(url).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))).toBe(url);
  });
  it('round-trips non-ASCII URLs', () => {
    const url = 'https://boutique.example/théière';
    expect(decodeProductUrl(encodeProductUrl(url))).toBe(url);
    expect(decodeURIComponent(encodeProductUrl('https://a.example/'))).toBe(b64('https://a.example/'));
  });
  it.each([
    ['empty', ''],
    ['not base64', '%%%not base64!'],
    ['base64 of a non-URL', b64('hello world')],
    ['base64 of a javascript: URL', b64('javascript:alert(1)')],
    ['base64 of an ftp URL', b64('ftp://files.example/x')],
    ['broken percent-encoding', '%E0%A4%A'],
  ])('rejects %s', (_label, value) => {
    expect(decodeProductUrl(value)).toBeNull();
  });
});
