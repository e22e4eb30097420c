import { fireEvent, screen, within } from '@testing-library/react';
import { useSessionStore } from '@wishlist/stores';
import { list, mocked, product, resetApi } from '../test/api';
import { renderPage } from '../test/render';
import { useListsStore } from '../state/listsStore';
import SharedListPage from './SharedListPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();

const LENGTH = 500;
const names = Array.from({ length: LENGTH }, (_, i) => (i === 431 ? 'Théière bleue' : `Gift ${i + 1}`));
const long = list(
  'L1',
  'Wedding',
  names.map((name, i) => product(`P${i + 1}`, { name })),
  false,
);

// jsdom does not scroll: the window's scroll moves as a browser's would, and says so.
let scrollY = 0;
beforeAll(() => {
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  window.scrollTo = ((options: ScrollToOptions) => {
    scrollY = Math.max(0, options.top ?? scrollY);
    window.dispatchEvent(new Event('scroll'));
  }) as typeof window.scrollTo;
});

beforeEach(() => {
  scrollY = 0;
  resetApi(api);
  useListsStore.getState().reset();
  useSessionStore.setState({ token: null, defaultListId: null });
  api.getProductList.mockResolvedValue(long);
});

const render = (lang?: 'en' | 'fr') => renderPage(<SharedListPage />, { path: '/see/L1', route: '/see/:productListId', lang });
const cards = () => screen.queryAllByRole('listitem').filter((li) => li.classList.contains('lists-card'));

describe('a long list (/see/{id} of 500 products)', () => {
  it('renders a screenful of cards, each telling its place among all, in a grid labelled with its size', async () => {
    await render();
    const grid = screen.getByRole('list', { name: '500 products' });
    const shown = within(grid).getAllByRole('listitem');
    expect(shown.length).toBeGreaterThan(2);
    expect(shown.length).toBeLessThanOrEqual(24);
    expect(shown[0]).toHaveAttribute('aria-posinset', '1');
    expect(shown[0]).toHaveAttribute('aria-setsize', '500');
    expect(screen.queryByText('Gift 500')).toBeNull();
  });

  it('finds a product by name among all 500 (case and accents aside) and says how many match', async () => {
    await render();
    const search = screen.getByRole('searchbox', { name: 'Find a product in this list' });
    fireEvent.change(search, { target: { value: 'theiere' } });
    expect(within(screen.getByRole('search')).getByRole('status')).toHaveTextContent('1 product of 500 matches “theiere”.');
    expect(cards()).toHaveLength(1);
    expect(screen.getByRole('button', { name: /^Théière bleue/ })).toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    expect(screen.getByText('No product of this list matches “nothing like it”.')).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(search).toHaveValue('');
    expect(cards().length).toBeGreaterThan(2);
  });

  it('walks the cards with the arrow keys in the list order', async () => {
    await render();
    const first = screen.getByRole('button', { name: /^Gift 1\b/ });
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(screen.getByRole('button', { name: /^Gift 2\b/ })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('button', { name: /^Gift 2\b/ }), { key: 'ArrowDown' });
    expect(screen.getByRole('button', { name: /^Gift 4\b/ })).toHaveFocus();
  });

  it('speaks French', async () => {
    await render('fr');
    expect(screen.getByRole('list', { name: '500 produits' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Trouver un produit dans cette liste' }), { target: { value: 'gift 12' } });
    expect(within(screen.getByRole('search')).getByRole('status')).toHaveTextContent('15 produits sur 500 correspondent à « gift 12 ».');
  });
});
