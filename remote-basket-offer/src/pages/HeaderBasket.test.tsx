import { act, fireEvent, screen } from '@testing-library/react';
import { useBasketStore, useSessionStore, useViewStore } from '@wishlist/stores';
import { mocked, sampleProduct } from '../test/api';
import { seriousViolations } from '../test/axe';
import { renderPage } from '../test/render';
import HeaderBasket from './HeaderBasket';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();

function setMobile(matches: boolean) {
  window.matchMedia = ((query: string) => ({
    matches,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  localStorage.clear();
  jest.clearAllMocks();
  api.getProductLists.mockResolvedValue([]);
  delete window.__WISHLIST_NATIVE__;
  setMobile(false);
  useBasketStore.setState({ products: [] });
  useViewStore.setState({ viewedList: null });
  useSessionStore.setState({ token: null, defaultListId: null });
  useBasketStore.getState().add(sampleProduct('a', 1250));
  useBasketStore.getState().add(sampleProduct('b', 800));
});

describe('HeaderBasket', () => {
  it('desktop: shows the count and, on hover, the contents and an offer link with the total', async () => {
    const { container } = await renderPage(<HeaderBasket />, { path: '/see/L9', route: '*' });
    const button = screen.getByRole('button', { name: 'Basket: 2 products' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.mouseEnter(button.parentElement!);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Product a')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Offer for €20\.50$/ })).toHaveAttribute('href', '/offer');
    expect(screen.getByRole('link', { name: 'See my basket' })).toHaveAttribute('href', '/basket');
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('desktop: says how many units a line offers, and counts them in the total', async () => {
    act(() => {
      useBasketStore.getState().add(sampleProduct('q', 1000, { quantity: 3 }));
      useBasketStore.getState().setUnits('q', 2);
    });
    await renderPage(<HeaderBasket />, { path: '/see/L9', route: '*' });
    fireEvent.click(screen.getByRole('button', { name: 'Basket: 3 products' }));
    expect(screen.getByText('2 × Product q')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Offer for €40\.50$/ })).toBeInTheDocument();
  });

  it('desktop: follows the basket and opens with the keyboard', async () => {
    await renderPage(<HeaderBasket />, { path: '/', route: '*' });
    act(() => useBasketStore.getState().add(sampleProduct('c', 100)));
    const button = screen.getByRole('button', { name: 'Basket: 3 products' });
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    act(() => useBasketStore.getState().clear());
    expect(screen.getByText('Your basket is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Offer for/ })).not.toBeInTheDocument();
  });

  it('is hidden when the list page says the viewed list is the person own', async () => {
    useViewStore.getState().setViewedList({ id: 'L1', isOwner: true });
    const { container } = await renderPage(<HeaderBasket />, { path: '/product-list/L1', route: '*' });
    expect(container.querySelector('.basket-header')).toBeNull();
    act(() => useViewStore.getState().setViewedList({ id: 'L1', isOwner: false }));
    expect(screen.getByRole('button', { name: 'Basket: 2 products' })).toBeInTheDocument();
  });

  it('is hidden on the signed-in person default list, and on their other lists once known', async () => {
    useSessionStore.setState({ defaultListId: 'MINE' });
    const first = await renderPage(<HeaderBasket />, { path: '/product-list/MINE/p1', route: '*' });
    expect(first.container.querySelector('.basket-header')).toBeNull();
    first.unmount();
    api.getProductLists.mockResolvedValue([
      { id: 'MINE', name: 'a', isOwner: true, products: [] },
      { id: 'OTHER', name: 'b', isOwner: true, products: [] },
      { id: 'FAV', name: 'c', isOwner: false, products: [] },
    ]);
    const second = await renderPage(<HeaderBasket />, { path: '/product-list/OTHER', route: '*' });
    expect(second.container.querySelector('.basket-header')).toBeNull();
    second.unmount();
    await renderPage(<HeaderBasket />, { path: '/product-list/FAV', route: '*' });
    expect(screen.getByRole('button', { name: 'Basket: 2 products' })).toBeInTheDocument();
  });

  it('mobile: a link to /basket with the count', async () => {
    setMobile(true);
    await renderPage(<HeaderBasket />, { path: '/', route: '*', lang: 'fr' });
    const link = screen.getByRole('link', { name: 'Panier\u00a0: 2 produits' });
    expect(link).toHaveAttribute('href', '/basket');
    expect(link).toHaveTextContent('2');
  });

  it('mobile: hidden inside the native wrapper', async () => {
    setMobile(true);
    window.__WISHLIST_NATIVE__ = true;
    const { container } = await renderPage(<HeaderBasket />, { path: '/', route: '*' });
    expect(container.querySelector('a[href="/basket"]')).toBeNull();
  });
});
