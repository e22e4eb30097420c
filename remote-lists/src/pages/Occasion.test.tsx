import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNotificationsStore, useSessionStore } from '@wishlist/stores';
import { list, mocked, product, resetApi } from '../test/api';
import { seriousViolations } from '../test/axe';
import { renderPage } from '../test/render';
import { localDay } from '../lib/occasion';
import { useListsStore } from '../state/listsStore';
import CreateProductListPage from './CreateProductListPage';
import EditProductListPage from './EditProductListPage';
import ProductListingPage from './ProductListingPage';
import ProductListsPage from './ProductListsPage';
import SharedListPage from './SharedListPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();
const messages = () => useNotificationsStore.getState().items.map((n) => `${n.type}: ${n.message}`);

/** The day `n` days from today where the test runs, `YYYY-MM-DD`. */
const inDays = (n: number) => {
  const at = new Date();
  at.setDate(at.getDate() + n);
  return localDay(at);
};

beforeEach(() => {
  resetApi(api);
  useListsStore.getState().reset();
  useNotificationsStore.setState({ items: [] });
});

describe('the occasion date in the list forms', () => {
  it('creates a list with a date (and without one as before)', async () => {
    api.createProductList.mockResolvedValue(list('L9', 'Birthday'));
    const { container } = await renderPage(<CreateProductListPage />, { path: '/create-product-list' });
    fireEvent.change(screen.getByRole('textbox', { name: /List name/ }), { target: { value: 'Birthday' } });
    fireEvent.change(screen.getByLabelText('Occasion date (optional)'), { target: { value: '2030-06-01' } });
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Create the list' }));
    await act(async () => {});
    expect(api.createProductList).toHaveBeenCalledWith({ name: 'Birthday', eventDate: '2030-06-01', surprise: true });
  });

  it('clears the date of a list (in French)', async () => {
    api.getProductList.mockResolvedValue({ ...list('L1', 'Anniversaire'), eventDate: '2030-06-01' });
    await renderPage(<EditProductListPage />, { path: '/edit-product-list/L1', route: '/edit-product-list/:productListId', lang: 'fr' });
    await screen.findByDisplayValue('2030-06-01');
    fireEvent.click(screen.getByRole('button', { name: 'Retirer la date' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le nom' }));
    await act(async () => {});
    expect(api.updateProductList).toHaveBeenCalledWith('L1', { name: 'Anniversaire', eventDate: null });
  });

  it('shows the date refused by the server on the date field', async () => {
    api.createProductList.mockRejectedValue(new api.ApiError(422, { errors: { eventDate: 'invalid-date' } }));
    await renderPage(<CreateProductListPage />, { path: '/create-product-list' });
    fireEvent.change(screen.getByRole('textbox', { name: /List name/ }), { target: { value: 'Birthday' } });
    fireEvent.change(screen.getByLabelText('Occasion date (optional)'), { target: { value: '2030-06-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the list' }));
    await act(async () => {});
    expect(screen.getByLabelText('Occasion date (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Give a date that exists, or none.')).toBeInTheDocument();
  });
});

describe('the shared view of a list with an occasion', () => {
  const render = (path = '/see/S1') => renderPage(<SharedListPage />, { path, route: '/see/:productListId' });

  it('says how far the occasion is, in the interface language', async () => {
    api.getProductList.mockResolvedValue({ ...list('S1', 'Anna', [product('P1')], false), eventDate: inDays(12) });
    const { container } = await render();
    expect(screen.getByText(/^Occasion in 12 days: /)).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it.each([
    [0, 'en', /^The occasion is today: /],
    [-3, 'en', /^The occasion was on /],
    [12, 'fr', /^Occasion dans 12\s+jours\s: /],
  ] as const)('%i days away (%s)', async (days, lang, text) => {
    api.getProductList.mockResolvedValue({ ...list('S1', 'Anna', [product('P1')], false), eventDate: inDays(days) });
    await renderPage(<SharedListPage />, { path: '/see/S1', route: '/see/:productListId', lang });
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('tells visitors an archived list is archived and offers no basket', async () => {
    api.getProductList.mockResolvedValue({ ...list('S1', 'Anna', [product('P1')], false), archived: true });
    const { container } = await render();
    expect(screen.getByRole('note')).toHaveTextContent('This list is archived.');
    const tabs = screen.getByRole('region', { name: 'Product actions' });
    expect(within(tabs).getByText('This list is archived: its products can no longer be offered.')).toBeInTheDocument();
    expect(within(tabs).queryByRole('button', { name: /basket/i })).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows its owner an archived list read-only, with a way to restore it', async () => {
    api.getProductList.mockResolvedValue({ ...list('S1', 'Old birthday', [product('P1')]), archived: true });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    await act(async () => {});
    expect(api.setProductListArchived).toHaveBeenCalledWith('S1', false);
    expect(messages()).toContain('success: The list is restored.');
  });
});

describe('archived lists on the lists page', () => {
  const render = () => renderPage(<ProductListsPage />, { path: '/product-lists' });
  const footer = () => screen.getByRole('region', { name: 'List actions' });

  it('keeps archived lists in their own section, each with Restore', async () => {
    api.getProductLists.mockResolvedValue([list('L1', 'Birthday'), { ...list('L2', 'Christmas 2025'), archived: true }]);
    const { container } = await render();
    expect(screen.getByRole('heading', { level: 2, name: 'Archived lists' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Christmas 2025/ })).toBeNull();
    expect(screen.getByRole('link', { name: /^Christmas 2025/ })).toHaveAttribute('href', '/see/L2');
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Restore the list “Christmas 2025”' }));
    await act(async () => {});
    expect(api.setProductListArchived).toHaveBeenCalledWith('L2', false);
    expect(screen.queryByRole('heading', { level: 2, name: 'Archived lists' })).toBeNull();
    expect(messages()).toEqual(['success: The list is restored.']);
  });

  it('archives a selected list; the only active list cannot be archived', async () => {
    api.getProductLists.mockResolvedValue([list('L1', 'Birthday'), list('L2', 'Christmas')]);
    await render();
    fireEvent.click(screen.getByRole('button', { name: /^Christmas/ }));
    fireEvent.click(within(footer()).getByRole('button', { name: 'Archive' }));
    await act(async () => {});
    expect(api.setProductListArchived).toHaveBeenCalledWith('L2', true);
    expect(screen.getByRole('heading', { level: 2, name: 'Archived lists' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Birthday/ }));
    expect(within(footer()).getByRole('button', { name: 'Archive' })).toBeDisabled();
    expect(within(footer()).getByText('You can’t archive your only list that is not archived.'.replace('’', "'"))).toBeInTheDocument();
  });
});

describe('received products on the owner’s cards', () => {
  it('toggles Received on a card (owner only), kept apart from offered', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'bearer' }, defaultListId: 'L1' });
    api.getProductLists.mockResolvedValue([list('L1', 'Birthday', [product('P1', { name: 'Kite' })])]);
    api.getProductList.mockResolvedValue(list('L1', 'Birthday', [product('P1', { name: 'Kite' })]));
    await renderPage(<ProductListingPage />, { path: '/product-list/L1', route: '/product-list/:productListId/:productId?' });
    const toggle = await screen.findByRole('button', { name: 'Received: Kite' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Received: Kite' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(api.setProductReceived).toHaveBeenCalledWith('P1', true));
    expect(api.updateProductInList).not.toHaveBeenCalled();
  });
});
