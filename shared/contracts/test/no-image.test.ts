import { NO_IMAGE, NO_IMAGE_PLACEHOLDER, isNoImage, newProduct, productFieldsSchema } from '../src';

describe('NO_IMAGE', () => {
  it('is a self-contained SVG data URI (no file to serve, admitted by the CSP img-src data:)', () => {
    expect(NO_IMAGE.startsWith('data:image/svg+xml,')).toBe(true);
    const svg = decodeURIComponent(NO_IMAGE.slice('data:image/svg+xml,'.length));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>[\s\S]*<\/svg>$/);
    expect(svg).not.toMatch(/<script|<text|on\w+=/i);
    expect(NO_IMAGE.length).toBeLessThan(1000);
  });
  it('is what a new product starts with, and is a valid image field', () => {
    expect(newProduct().image).toBe(NO_IMAGE);
    expect(NO_IMAGE_PLACEHOLDER).toBe(NO_IMAGE);
    expect(productFieldsSchema.safeParse({ name: 'Kite', image: NO_IMAGE, price: null }).success).toBe(true);
  });
  it('recognises the placeholder and a missing image', () => {
    expect(isNoImage(NO_IMAGE)).toBe(true);
    expect(isNoImage('')).toBe(true);
    expect(isNoImage('https://a.com/x.jpg')).toBe(false);
  });
});
