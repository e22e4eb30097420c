import { decodeProductUrl, encodeProductUrl } from './encodedUrl';
import { shareLink, shareUrls } from './share';

describe('encodedProductUrl', () => {
  it('decodes base64 (standard, URL-safe, unpadded, URL-encoded twice), UTF-8 included', () => {
    const url = 'https://shop.example/p/été?x=1&y=2';
    const b64 = encodeProductUrl(url);
    expect(decodeProductUrl(b64)).toBe(url);
    expect(decodeProductUrl(b64.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'))).toBe(url);
    expect(decodeProductUrl(encodeURIComponent(b64))).toBe(url);
  });

  it('rejects garbage and non-http(s) URLs', () => {
    expect(decodeProductUrl('')).toBeNull();
    expect(decodeProductUrl('%%%')).toBeNull();
    expect(decodeProductUrl(encodeProductUrl('javascript:alert(1)'))).toBeNull();
    expect(decodeProductUrl(encodeProductUrl('not a url'))).toBeNull();
  });
});

describe('share links', () => {
  it('builds {host}/see/{id} and the four share URLs', () => {
    const link = shareLink('L 1', 'https://wishlist.example');
    expect(link).toBe('https://wishlist.example/see/L%201');
    const urls = shareUrls(link, { subject: 'S', body: `B ${link}`, text: `T ${link}`, short: 'Short' });
    expect(urls.email).toBe(`mailto:?subject=S&body=${encodeURIComponent(`B ${link}`)}`);
    expect(urls.whatsapp).toBe(`https://wa.me/?text=${encodeURIComponent(`T ${link}`)}`);
  });
});
