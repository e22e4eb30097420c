import { fireEvent, screen } from '@testing-library/react';
import { useSessionStore } from '@wishlist/stores';
import { list, mocked, product, resetApi } from '../test/api';
import { seriousViolations } from '../test/axe';
import { currentLocation, renderPage } from '../test/render';
import { useListsStore } from '../state/listsStore';
import SharedListPage from './SharedListPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();

const shared = list(
  'S1',
  'Anna’s birthday',
  [
    product('P1', { name: 'Kite', price: 4500 }),
    product('P2', { name: 'Bike', price: 25000, mostWanted: true }),
    product('P3', { name: 'Socks', price: 900 }),
    product('P4', { name: 'Mystery', price: null }),
  ],
  false,
);

beforeEach(() => {
  resetApi(api);
  useListsStore.getState().reset();
  useSessionStore.setState({ token: null, defaultListId: null });
  api.getProductList.mockResolvedValue(shared);
});

const render = (path = '/see/S1', lang: 'en' | 'fr' = 'en') => renderPage(<SharedListPage />, { path, route: '/see/:productListId', lang });
const names = (container: HTMLElement) => [...container.querySelectorAll('.lists-card__name')].map((n) => n.textContent);

describe("a visitor's order and budget on a shared list", () => {
  it('sorts by price both ways and keeps the choice in the address', async () => {
    const { container } = await render();
    expect(names(container)).toEqual(['Kite', 'Bike', 'Socks', 'Mystery']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price-asc' } });
    expect(names(container)).toEqual(['Socks', 'Kite', 'Bike', 'Mystery']);
    expect(currentLocation()).toBe('/see/S1?sort=price-asc');
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price-desc' } });
    expect(names(container)).toEqual(['Bike', 'Kite', 'Socks', 'Mystery']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'list' } });
    expect(currentLocation()).toBe('/see/S1');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('keeps what fits the budget and says how many, or that none does', async () => {
    const { container } = await render();
    fireEvent.change(screen.getByRole('combobox', { name: 'Price' }), { target: { value: '50' } });
    expect(names(container)).toEqual(['Kite', 'Socks']);
    expect(screen.getByText('2 products of 4 within your budget')).toBeInTheDocument();
    expect(currentLocation()).toBe('/see/S1?max=50');
    fireEvent.change(screen.getByRole('combobox', { name: 'Price' }), { target: { value: '' } });
    expect(names(container)).toHaveLength(4);
  });

  it('opens with the choice of the address (a reload, a copied link)', async () => {
    const { container } = await render('/see/S1?sort=price-desc&max=100');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc');
    expect(screen.getByRole('combobox', { name: 'Price' })).toHaveValue('100');
    expect(names(container)).toEqual(['Kite', 'Socks']);
  });

  it('says when nothing fits, and speaks French', async () => {
    const { container } = await render('/see/S1?max=5', 'fr');
    expect(names(container)).toEqual([]);
    expect(screen.getByText(/Aucun produit jusqu’à 5\s€ sur cette liste/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Trier par' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Prix croissant' })).toBeInTheDocument();
  });

  it('leaves the owner their own order and controls', async () => {
    api.getProductList.mockResolvedValue({ ...shared, isOwner: true });
    await render('/see/S1?preview=visitor&sort=price-asc');
    // The owner previewing as a visitor sees the visitor's tools too.
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
  });
});
