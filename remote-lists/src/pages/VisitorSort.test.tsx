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
// The first render loads the page's modules and axe-core: more than Jest's 5 s on a busy machine.
jest.setTimeout(20_000);

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

describe('with a long list (windowed grid and its search)', () => {
  const long = list(
    'L1',
    'Wedding',
    Array.from({ length: 500 }, (_, i) => product(`P${i + 1}`, { name: `Gift ${i + 1}`, price: (i + 1) * 100 })),
    false,
  );
  const cards = () => screen.queryAllByRole('listitem').filter((li) => li.classList.contains('lists-card'));

  it('windows the sorted list and combines the budget with the search', async () => {
    api.getProductList.mockResolvedValue(long);
    await renderPage(<SharedListPage />, { path: '/see/L1?sort=price-desc', route: '/see/:productListId' });
    const first = cards()[0];
    expect(first).toHaveTextContent('Gift 500');
    expect(first).toHaveAttribute('aria-setsize', '500');
    expect(cards().length).toBeLessThanOrEqual(24);
    fireEvent.change(screen.getByRole('combobox', { name: 'Price' }), { target: { value: '20' } });
    expect(cards()[0]).toHaveTextContent('Gift 20');
    expect(cards()).toHaveLength(20);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a product in this list' }), { target: { value: 'gift 1' } });
    // Gift 1 and Gift 10 to 19 fit 20 €, most expensive first.
    expect(cards().map((c) => c.querySelector('.lists-card__name')?.textContent)).toEqual(['Gift 19', 'Gift 18', 'Gift 17', 'Gift 16', 'Gift 15', 'Gift 14', 'Gift 13', 'Gift 12', 'Gift 11', 'Gift 10', 'Gift 1']);
  });
});
