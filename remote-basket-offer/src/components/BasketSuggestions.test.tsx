import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ProductList } from '@wishlist/contracts';
import { useBasketStore } from '@wishlist/stores';
import { mocked, sampleProduct } from '../test/api';
import { seriousViolations } from '../test/axe';
import { currentLocation, renderPage } from '../test/render';
import BasketPage from '../pages/BasketPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();

const sharedList = (extra: Partial<ProductList> = {}): ProductList => ({
  id: 'L1',
  name: 'Anna’s birthday',
  isOwner: false,
  products: [
    sampleProduct('a', 1250),
    sampleProduct('b', 4500, { mostWanted: true }),
    sampleProduct('c', 900),
    sampleProduct('d', 30000),
    sampleProduct('e', 500, { hasBeenOffered: true }),
    { ...sampleProduct('f', 2000), groupGift: true },
  ],
  ...extra,
});

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  useBasketStore.setState({ products: [], lastListId: undefined });
  useBasketStore.getState().add(sampleProduct('a', 1250));
  useBasketStore.getState().rememberList('L1');
});

const suggestions = () => screen.getByRole('list', { name: 'Other products of the list' });
const names = () => within(suggestions()).getAllByRole('listitem').map((li) => li.querySelector('.basket-row__name')?.textContent);

describe('"More from this list" under the basket', () => {
  it('suggests what is left of the list, neither offered nor a group gift nor in the basket', async () => {
    api.getProductList.mockResolvedValue(sharedList());
    const { container } = await renderPage(<BasketPage />, { path: '/basket' });
    expect(await screen.findByRole('heading', { level: 2, name: 'More from “Anna’s birthday”' })).toBeInTheDocument();
    expect(api.getProductList).toHaveBeenCalledWith('L1');
    expect(names()).toEqual(['Product b', 'Product c', 'Product d']);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('sorts and keeps what fits the budget, in the address', async () => {
    api.getProductList.mockResolvedValue(sharedList());
    await renderPage(<BasketPage />, { path: '/basket?sort=price-asc', route: '/basket' });
    await screen.findByRole('heading', { level: 2, name: /More from/ });
    expect(names()).toEqual(['Product c', 'Product b', 'Product d']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Price' }), { target: { value: '50' } });
    expect(names()).toEqual(['Product c', 'Product b']);
    expect(currentLocation()).toBe('/basket?sort=price-asc&max=50');
    fireEvent.change(screen.getByRole('combobox', { name: 'Price' }), { target: { value: '20' } });
    expect(names()).toEqual(['Product c']);
  });

  it('adds a suggestion to the basket', async () => {
    api.getProductList.mockResolvedValue(sharedList());
    await renderPage(<BasketPage />, { path: '/basket' });
    await screen.findByRole('heading', { level: 2, name: /More from/ });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add Product c to the basket' })));
    expect(useBasketStore.getState().has('c')).toBe(true);
    expect(names()).toEqual(['Product b', 'Product d']);
  });

  it('shows nothing for the visitor\'s own list or a list that cannot be read', async () => {
    api.getProductList.mockResolvedValueOnce(sharedList({ isOwner: true }));
    await renderPage(<BasketPage />, { path: '/basket' });
    await act(async () => undefined);
    expect(screen.queryByRole('heading', { level: 2, name: /More from/ })).not.toBeInTheDocument();
    api.getProductList.mockRejectedValueOnce(new api.ApiError(404, {}));
    await renderPage(<BasketPage />, { path: '/basket' });
    await act(async () => undefined);
    expect(screen.queryByRole('heading', { level: 2, name: /More from/ })).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    api.getProductList.mockResolvedValue(sharedList());
    await renderPage(<BasketPage />, { path: '/basket', lang: 'fr' });
    expect(await screen.findByRole('heading', { level: 2, name: /^Plus de «\s?Anna’s birthday\s?»$/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Prix croissant' })).toBeInTheDocument();
  });
});
