import { NO_IMAGE } from '@wishlist/contracts';
import { filterImages, isUsableImage, sliderCellCount } from './images';
import { big, installImageMock, requestedImages } from './test/images';

describe('image candidates (SPEC §5)', () => {
  it('keeps loadable http(s) images above 200x200, in order, with the placeholder last', async () => {
    installImageMock({
      'https://a.example/big.jpg': big,
      'http://a.example/plain-http.jpg': big,
      'https://a.example/narrow.jpg': { width: 200, height: 800 },
      'https://a.example/short.jpg': { width: 800, height: 120 },
      'https://a.example/broken.jpg': 'error',
      'https://a.example/big2.png': { width: 201, height: 201 },
    });
    const kept = await filterImages([
      'https://a.example/big.jpg',
      'https://a.example/narrow.jpg',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      'https://a.example/broken.jpg',
      'http://a.example/plain-http.jpg',
      'https://a.example/short.jpg',
      'https://a.example/big.jpg',
      NO_IMAGE,
      'https://a.example/big2.png',
    ]);
    expect(kept).toEqual(['https://a.example/big.jpg', 'http://a.example/plain-http.jpg', 'https://a.example/big2.png', NO_IMAGE]);
    // Non-http(s) candidates are never even requested; the others without a referrer.
    expect(requestedImages.map((r) => r.src)).not.toContain('javascript:alert(1)');
    expect(requestedImages.every((r) => r.referrerPolicy === 'no-referrer')).toBe(true);
  });

  it('drops an image that never answers, after the timeout', async () => {
    jest.useFakeTimers();
    installImageMock({ 'https://a.example/hang.jpg': 'hang' });
    const result = isUsableImage('https://a.example/hang.jpg', 5000);
    await jest.advanceTimersByTimeAsync(5001);
    await expect(result).resolves.toBe(false);
    jest.useRealTimers();
  });

  it('pads the slider to at least 9 cells, else to a multiple of 3', () => {
    expect(sliderCellCount(1)).toBe(9);
    expect(sliderCellCount(9)).toBe(9);
    expect(sliderCellCount(10)).toBe(12);
    expect(sliderCellCount(12)).toBe(12);
    expect(sliderCellCount(13)).toBe(15);
  });
});
