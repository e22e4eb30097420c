import '@testing-library/jest-dom';
import { fireEvent, render } from '@testing-library/react';
import { NO_IMAGE } from '@wishlist/contracts';
import { ProductPicture } from './ProductPicture';

const shop = 'https://shop.example/images/mug-large.png';
const own = '/api/images/aHR0cHM6Ly9zaG9wLmV4YW1wbGU.sig';

const img = (container: HTMLElement) => container.querySelector('img')!;

describe('ProductPicture (pictures from our own origin)', () => {
  it('shows our resized copy with a srcset sized for the card, its place reserved', () => {
    const { container } = render(<ProductPicture image={shop} picture={own} cssWidth={176} sizes="50vw" priority />);
    const el = img(container);
    expect(el.getAttribute('src')).toBe(`${own}?w=240`);
    expect(el.getAttribute('srcset')).toContain(`${own}?w=320 320w`);
    expect(el.getAttribute('srcset')).not.toContain(shop);
    expect(el).toHaveAttribute('sizes', '50vw');
    expect(el).toHaveAttribute('width', '176');
    expect(el).toHaveAttribute('height', '176');
    expect(el).toHaveAttribute('loading', 'eager');
    expect(el).toHaveAttribute('fetchpriority', 'high');
    expect(el).toHaveAttribute('referrerpolicy', 'no-referrer');
  });

  it("falls back to the placeholder, never to the shop's URL, when our copy fails", () => {
    const { container } = render(<ProductPicture image={shop} picture={own} cssWidth={176} />);
    fireEvent.error(img(container));
    const el = img(container);
    expect(el.getAttribute('src')).toBe(NO_IMAGE);
    expect(el).not.toHaveAttribute('srcset');
    // A failing placeholder does not loop.
    fireEvent.error(el);
    expect(img(container).getAttribute('src')).toBe(NO_IMAGE);
  });

  it('shows the placeholder when our copy had already failed before React took the picture over (a hydrated first view)', () => {
    const complete = jest.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    const width = jest.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(0);
    try {
      const { container } = render(<ProductPicture image={shop} picture={own} cssWidth={176} />);
      expect(img(container).getAttribute('src')).toBe(NO_IMAGE);
    } finally {
      complete.mockRestore();
      width.mockRestore();
    }
  });

  it('keeps a picture that loaded', () => {
    const complete = jest.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    const width = jest.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(240);
    try {
      const { container } = render(<ProductPicture image={shop} picture={own} cssWidth={176} />);
      expect(img(container).getAttribute('src')).toBe(`${own}?w=240`);
    } finally {
      complete.mockRestore();
      width.mockRestore();
    }
  });

  it('shows the placeholder for a product without a picture', () => {
    const { container } = render(<ProductPicture image={NO_IMAGE} cssWidth={72} />);
    expect(img(container).getAttribute('src')).toBe(NO_IMAGE);
    expect(img(container)).toHaveAttribute('loading', 'lazy');
  });
});
