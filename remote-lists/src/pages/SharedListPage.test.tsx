import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNotificationsStore, usePreferencesStore, useSessionStore } from '@wishlist/stores';
import { list, mocked, product, resetApi } from '../test/api';
import { seriousViolations } from '../test/axe';
import { currentLocation, renderPage } from '../test/render';
import { useListsStore } from '../state/listsStore';
import { FAVORITE_INTENT_TTL_MS, rememberFavoriteIntent, takeFavoriteIntent } from '../lib/favoriteIntent';
import FavoriteListPage from './FavoriteListPage';
import SharedListPage from './SharedListPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();

const notifications = () => useNotificationsStore.getState().items;
const messages = () => notifications().map((n) => `${n.type}: ${n.message}`);
const shared = list('S1', 'Anna’s birthday', [product('P1', { name: 'Blue scarf' }), product('P2', { name: 'Book', hasBeenOffered: true })], false);

beforeEach(() => {
  resetApi(api);
  useListsStore.getState().reset();
  useNotificationsStore.setState({ items: [] });
  useSessionStore.setState({ token: null, defaultListId: null });
  usePreferencesStore.setState({ authRedirection: null });
  localStorage.clear();
  api.getProductList.mockResolvedValue(shared);
});

const render = (path = '/see/S1') => renderPage(<SharedListPage />, { path, route: '/see/:productListId' });

describe('SharedListPage (/see/{id})', () => {
  it('shows a visitor the list with the non-owner controls only', async () => {
    const { container } = await render();
    expect(api.getProductList).toHaveBeenCalledWith('S1');
    expect(screen.getByRole('heading', { level: 1, name: 'Anna’s birthday' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Book/ })).toHaveTextContent('Offered');
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete this list' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Previous list' })).toBeNull();
    const tabs = screen.getByRole('region', { name: 'Product actions' });
    expect(within(tabs).queryByRole('link', { name: 'Add a product' })).toBeNull();
    expect(within(tabs).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(tabs).getByRole('button', { name: 'Open page' })).toBeDisabled();
    expect(within(tabs).getByRole('link', { name: 'See my basket' })).toHaveAttribute('href', '/basket');
    fireEvent.click(screen.getByRole('button', { name: /^Blue scarf/ }));
    expect(within(tabs).getByRole('link', { name: 'Open page' })).toHaveAttribute('href', 'https://www.shop.example/p/P1');
    expect(within(tabs).queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to favorites' })).toHaveAttribute('aria-pressed', 'false');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('marks most wanted products, shows notes and units offered, and can show most wanted first', async () => {
    api.getProductList.mockResolvedValue(
      list(
        'S1',
        'Anna’s birthday',
        [
          product('P1', { name: 'Blue scarf' }),
          product('P2', { name: 'Candles', quantity: 4, offeredQuantity: 2, note: 'Any colour <i>but</i> red' }),
          product('P3', { name: 'Book', mostWanted: true }),
        ],
        false,
      ),
    );
    const { container } = await render();
    const candles = screen.getByRole('button', { name: /^Candles/ });
    expect(candles).toHaveTextContent('2 of 4 offered');
    expect(candles).toHaveTextContent('4 wished');
    expect(candles).toHaveTextContent('Any colour <i>but</i> red');
    expect(candles).not.toHaveTextContent(/^Offered/);
    expect(container.querySelector('i')).toBeNull();
    expect(screen.getByRole('button', { name: /^Book/ })).toHaveTextContent('Most wanted');
    const names = () => [...container.querySelectorAll('.lists-card__name')].map((n) => n.textContent);
    expect(names()).toEqual(['Blue scarf', 'Candles', 'Book']);
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('list');
    fireEvent.change(sort, { target: { value: 'most-wanted' } });
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('most-wanted');
    expect(names()).toEqual(['Book', 'Blue scarf', 'Candles']);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('goes to /not-found for an unknown list', async () => {
    api.getProductList.mockRejectedValue(new api.ApiError(404, {}));
    await render('/see/NOPE');
    await waitFor(() => expect(currentLocation()).toBe('/not-found'));
  });

  it('goes to /server-error when the API is unreachable', async () => {
    api.getProductList.mockRejectedValue(new api.ApiError(500, {}, true));
    await render();
    await waitFor(() => expect(currentLocation()).toBe('/server-error'));
  });

  it('takes the owner to their sliding page', async () => {
    api.getProductList.mockResolvedValue({ ...shared, isOwner: true });
    await render();
    await waitFor(() => expect(currentLocation()).toBe('/product-list/S1'));
  });

  it('favorite toggle, signed out: a 401 stores the favorite route and asks for a sign-in', async () => {
    api.addFavorite.mockRejectedValue(new api.ApiError(401, {}));
    await render();
    fireEvent.click(screen.getByRole('button', { name: 'Add to favorites' }));
    await act(async () => {});
    expect(api.addFavorite).toHaveBeenCalledWith('S1');
    expect(currentLocation()).toBe('/authenticate/favorite');
    expect(JSON.parse(localStorage.getItem('auth-redirection')!)).toBe('/product-list/S1/favorite/true');
    // The press is the intent the favorite route will act on after the sign-in.
    expect(takeFavoriteIntent('S1', true)).toBe(true);
  });

  it('favorite toggle, signed in: adds then removes, with notices', async () => {
    useSessionStore.setState({ token: { name: 't', bearer: 'b' }, defaultListId: 'L1' });
    await render();
    expect(api.getFavorites).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Add to favorites' }));
    await act(async () => {});
    expect(screen.getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Remove from favorites' }));
    await act(async () => {});
    expect(api.removeFavorite).toHaveBeenCalledWith('S1');
    expect(screen.getByRole('button', { name: 'Add to favorites' })).toBeInTheDocument();
    expect(messages()).toEqual(['success: The list is added to your favorites.', 'success: The list is removed from your favorites.']);
  });

  it('shows a list already in the favorites as favorite', async () => {
    useSessionStore.setState({ token: { name: 't', bearer: 'b' }, defaultListId: 'L1' });
    api.getFavorites.mockResolvedValue([{ id: 'S1', name: 'Anna’s birthday' }]);
    await render();
    expect(screen.getByRole('button', { name: 'Remove from favorites' })).toBeInTheDocument();
  });

  it('says so when the favorite cannot be added', async () => {
    useSessionStore.setState({ token: { name: 't', bearer: 'b' }, defaultListId: 'L1' });
    api.addFavorite.mockRejectedValue(new api.ApiError(500, {}));
    await render();
    fireEvent.click(screen.getByRole('button', { name: 'Add to favorites' }));
    await act(async () => {});
    expect(messages()).toEqual(['error: The list could not be added to your favorites. Try again later.']);
  });
});

describe('FavoriteListPage (/product-list/{id}/favorite/{addToFavorite})', () => {
  const renderFavorite = (path: string) => renderPage(<FavoriteListPage />, { path, route: '/product-list/:productListId/favorite/:addToFavorite' });

  it('favorites the list when the person asked for it before signing in, then shows it among their lists', async () => {
    rememberFavoriteIntent('S1', true);
    await renderFavorite('/product-list/S1/favorite/true');
    expect(api.addFavorite).toHaveBeenCalledWith('S1');
    await waitFor(() => expect(currentLocation()).toBe('/product-list/S1'));
    expect(messages()).toEqual(['success: The list is added to your favorites.']);
    // The intent is used once: the same address opened again would find none.
    expect(takeFavoriteIntent('S1', true)).toBe(false);
  });

  it.each([
    ['no intent at all', () => undefined, '/product-list/S1/favorite/true'],
    ['an intent for another list', () => rememberFavoriteIntent('S2', true), '/product-list/S1/favorite/true'],
    ['an intent to add, opened to remove', () => rememberFavoriteIntent('S1', true), '/product-list/S1/favorite/false'],
    ['an intent hours old', () => rememberFavoriteIntent('S1', true, Date.now() - FAVORITE_INTENT_TTL_MS - 1000), '/product-list/S1/favorite/true'],
  ])('opened from elsewhere (%s), changes nothing and shows the list with its button', async (_label, arrange, path) => {
    arrange();
    await renderFavorite(path);
    await waitFor(() => expect(currentLocation()).toBe('/see/S1'));
    expect(api.addFavorite).not.toHaveBeenCalled();
    expect(api.removeFavorite).not.toHaveBeenCalled();
    expect(messages()).toEqual([]);
  });

  it('on 401 keeps the intent, stores the post-login redirect and goes to /authenticate/favorite', async () => {
    rememberFavoriteIntent('S1', true);
    api.addFavorite.mockRejectedValue(new api.ApiError(401, {}));
    await renderFavorite('/product-list/S1/favorite/true');
    await waitFor(() => expect(currentLocation()).toBe('/authenticate/favorite'));
    expect(usePreferencesStore.getState().authRedirection).toBe('/product-list/S1/favorite/true');
    expect(JSON.parse(localStorage.getItem('auth-redirection')!)).toBe('/product-list/S1/favorite/true');
    expect(takeFavoriteIntent('S1', true)).toBe(true);
  });

  it('takes an owner favoriting their own list (422) to it', async () => {
    api.addFavorite.mockRejectedValue(new api.ApiError(422, { errors: { productList: 'own' } }));
    rememberFavoriteIntent('S1', true);
    await renderFavorite('/product-list/S1/favorite/true');
    await waitFor(() => expect(currentLocation()).toBe('/product-list/S1'));
  });

  it('removes the favorite with false when that was asked', async () => {
    rememberFavoriteIntent('S1', false);
    await renderFavorite('/product-list/S1/favorite/false');
    expect(api.removeFavorite).toHaveBeenCalledWith('S1');
    await waitFor(() => expect(currentLocation()).toBe('/see/S1'));
  });
});
