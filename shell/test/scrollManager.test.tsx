import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { ScrollManager } from '../src/routing/ScrollManager';

let y = 0;
const scrollTo = jest.fn((opts: ScrollToOptions) => {
  y = opts.top ?? 0;
});

beforeAll(() => {
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
    cb(0);
    return 0;
  });
});

beforeEach(() => {
  sessionStorage.clear();
  scrollTo.mockClear();
  y = 0;
});

function setup(initial: string) {
  let navigate: NavigateFunction = () => undefined;
  function Grab() {
    navigate = useNavigate();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[initial]}>
      <ScrollManager />
      <Grab />
    </MemoryRouter>,
  );
  const scrollBy = (to: number) =>
    act(() => {
      y = to;
      window.dispatchEvent(new Event('scroll'));
    });
  return { go: (to: string | number) => act(() => void (typeof to === 'number' ? navigate(to) : navigate(to))), scrollBy };
}

describe('ScrollManager', () => {
  it('starts every new page at the top, and Back and Forward at the position the entry had', () => {
    const { go, scrollBy } = setup('/see/L1');
    scrollBy(800);
    go('/basket');
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 0 }));
    expect(window.scrollY).toBe(0);
    scrollBy(120);
    go(-1);
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 800 }));
    go(1);
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 120 }));
  });

  it('leaves a page just loaded where the browser shows it, and reads the remembered positions once', () => {
    const read = jest.spyOn(Storage.prototype, 'getItem');
    const { go } = setup('/see/L1');
    expect(scrollTo).not.toHaveBeenCalled();
    go('/see/L1?sort=price-asc');
    go('/see/L1?sort=price-desc');
    expect(read.mock.calls.filter(([key]) => key === 'scroll-positions')).toHaveLength(1);
    read.mockRestore();
  });

  it('remembers where the snapshot was scrolled before the app started, at the next frame', () => {
    const frames: FrameRequestCallback[] = [];
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      frames.push(cb);
      return frames.length;
    });
    y = 640;
    const { go } = setup('/see/L1');
    expect(sessionStorage.getItem('scroll-positions')).toBeNull();
    act(() => {
      while (frames.length) frames.shift()!(0);
    });
    raf.mockImplementation((cb) => {
      cb(0);
      return 0;
    });
    go('/basket');
    go(-1);
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 640 }));
  });

  it('keeps the position when only the query changes on the same page', () => {
    const { go, scrollBy } = setup('/product-list/L1');
    scrollBy(300);
    scrollTo.mockClear();
    go('/product-list/L1?encodedProductUrl=abc');
    expect(scrollTo).not.toHaveBeenCalled();
    go('/product-list/L1/P2');
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 0 }));
  });
});
