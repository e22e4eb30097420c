import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNotificationsStore } from '@wishlist/stores';
import { list, mocked, product, resetApi } from '../test/api';
import { seriousViolations } from '../test/axe';
import { currentLocation, renderPage } from '../test/render';
import ProductListsPage from './ProductListsPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();
const messages = () => useNotificationsStore.getState().items.map((n) => `${n.type}: ${n.message}`);

beforeEach(() => {
  resetApi(api);
  useNotificationsStore.setState({ items: [] });
  api.getProductLists.mockResolvedValue([list('L1', 'Birthday', [product('P1'), product('P2')]), list('L2', 'Christmas')]);
  api.getFavorites.mockResolvedValue([{ id: 'F1', name: 'Anna’s wedding' }]);
});

const render = () => renderPage(<ProductListsPage />, { path: '/product-lists' });
const footer = () => screen.getByRole('region', { name: 'List actions' });

describe('ProductListsPage', () => {
  it('lists owned lists first, then favorites; create without a selection', async () => {
    const { container } = await render();
    const entries = screen.getAllByRole('button', { pressed: false }).map((b) => b.textContent);
    expect(entries).toEqual(['Birthday2 products', 'Christmas0 products', 'Anna’s wedding']);
    expect(screen.getByRole('heading', { level: 2, name: 'My favorites' })).toBeInTheDocument();
    expect(within(footer()).getByRole('link', { name: 'Create a list' })).toHaveAttribute('href', '/create-product-list');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('counts every product of a list, not only the first ones the lists answer carries', async () => {
    api.getProductLists.mockResolvedValue([{ ...list('L1', 'Birthday', [product('P1'), product('P2')]), productCount: 240 }]);
    await render();
    expect(screen.getByRole('button', { name: /^Birthday/ })).toHaveTextContent('240 products');
  });

  it('selects an owned list (edit, open, delete), and deselects it on a second tap', async () => {
    await render();
    fireEvent.click(screen.getByRole('button', { name: /^Christmas/ }));
    expect(screen.getByRole('button', { name: /^Christmas/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(footer()).getByRole('link', { name: 'Rename' })).toHaveAttribute('href', '/edit-product-list/L2');
    expect(within(footer()).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/product-list/L2');
    expect(within(footer()).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(footer()).queryByRole('link', { name: 'Create a list' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Christmas/ }));
    expect(screen.getByRole('button', { name: /^Christmas/ })).toHaveAttribute('aria-pressed', 'false');
    expect(within(footer()).getByRole('link', { name: 'Create a list' })).toBeInTheDocument();
  });

  it('a selected favorite can be opened or removed from the favorites, not edited or deleted', async () => {
    await render();
    fireEvent.click(screen.getByRole('button', { name: /^Anna/ }));
    expect(within(footer()).queryByRole('link', { name: 'Rename' })).toBeNull();
    expect(within(footer()).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(footer()).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/product-list/F1');
    fireEvent.click(within(footer()).getByRole('button', { name: 'Remove from favorites' }));
    await act(async () => {});
    expect(api.removeFavorite).toHaveBeenCalledWith('F1');
    expect(screen.queryByRole('button', { name: /^Anna/ })).toBeNull();
    expect(messages()).toEqual(['success: The list is removed from your favorites.']);
  });

  it('deletes a selected list after confirmation', async () => {
    await render();
    fireEvent.click(screen.getByRole('button', { name: /^Christmas/ }));
    fireEvent.click(within(footer()).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete the list “Christmas”?' })).getByRole('button', { name: 'Delete the list' }));
    await act(async () => {});
    expect(api.deleteProductList).toHaveBeenCalledWith('L2');
    expect(screen.queryByRole('button', { name: /^Christmas/ })).toBeNull();
    expect(messages()).toEqual(['success: The list is deleted.']);
  });

  it('does not offer to delete the only owned list, and says why', async () => {
    api.getProductLists.mockResolvedValue([list('L1', 'Birthday')]);
    await render();
    fireEvent.click(screen.getByRole('button', { name: /^Birthday/ }));
    const del = within(footer()).getByRole('button', { name: 'Delete' });
    expect(del).toBeDisabled();
    expect(del).toHaveAccessibleDescription("You can't delete your list when it's only one you own.");
    expect(api.deleteProductList).not.toHaveBeenCalled();
  });

  it('has one level-1 heading, and the owned section is not named like it', async () => {
    api.getProductLists.mockResolvedValue([list('L1', 'Birthday')]);
    await render();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { name: 'My lists' })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Lists I created' })).toBeInTheDocument();
  });

  it('on a 404 logs out, notifies and goes to /authenticate', async () => {
    api.getProductLists.mockRejectedValue(new api.ApiError(404, {}));
    await render();
    await waitFor(() => expect(currentLocation()).toBe('/authenticate'));
    expect(api.signOut).toHaveBeenCalled();
    expect(messages()).toHaveLength(1);
  });

  it('on another failure shows a notice and a retry', async () => {
    api.getProductLists.mockRejectedValueOnce(new api.ApiError(500, {}));
    await render();
    expect(messages()).toEqual(['error: Your lists could not be loaded. Try again later.']);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /^Birthday/ })).toBeInTheDocument();
  });
});
