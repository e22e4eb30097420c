import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNotificationsStore, useSessionStore } from '@wishlist/stores';
import { list, mocked, product, resetApi } from '../test/api';
import { seriousViolations } from '../test/axe';
import { renderPage } from '../test/render';
import { useListsStore } from '../state/listsStore';
import CreateProductListPage from './CreateProductListPage';
import EditProductListPage from './EditProductListPage';
import ProductListingPage from './ProductListingPage';
import ShareProductListPage from './ShareProductListPage';
import SharedListPage from './SharedListPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();

const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-06-15`;
const LAST_YEAR = `${new Date().getUTCFullYear() - 1}-06-15`;
// As the owner reads a surprise list before its reveal: the service sends no offered mark.
const surprise = { ...list('L1', 'Birthday', [product('P1', { name: 'Red bike' })]), surprise: true, revealAt: null, revealed: false, eventDate: NEXT_YEAR };

beforeEach(() => {
  resetApi(api);
  useListsStore.getState().reset();
  useNotificationsStore.setState({ items: [] });
  useSessionStore.setState({ token: { name: 't1', bearer: 'bearer' }, defaultListId: 'L1' });
});

describe('the list form asks for the surprise', () => {
  it('recommends it on creation, explains it, and sends the choice with the optional reveal day', async () => {
    api.createProductList.mockResolvedValue({ ...list('L9', 'Birthday'), surprise: true });
    const { container } = await renderPage(<CreateProductListPage />, { path: '/create-product-list' });
    const keep = screen.getByRole('checkbox', { name: 'Keep the surprise (recommended)' });
    expect(keep).toBeChecked();
    expect(keep).toHaveAccessibleDescription(/You will not see what people offer/);
    expect(await seriousViolations(container)).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /List name/ }), { target: { value: 'Birthday' } });
    fireEvent.change(screen.getByLabelText('Show me what I was given from (optional)'), { target: { value: '2030-12-26' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the list' }));
    await act(async () => {});
    expect(api.createProductList).toHaveBeenCalledWith({ name: 'Birthday', surprise: true, revealAt: '2030-12-26' });
  });

  it('sends surprise: false when unticked (no reveal day asked then)', async () => {
    api.createProductList.mockResolvedValue(list('L9', 'Plain'));
    await renderPage(<CreateProductListPage />, { path: '/create-product-list', lang: 'fr' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Garder la surprise (recommandé)' }));
    expect(screen.queryByLabelText('Me montrer mes cadeaux à partir du (facultatif)')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /Nom de la liste/ }), { target: { value: 'Plain' } });
    fireEvent.click(screen.getByRole('button', { name: /Créer/ }));
    await act(async () => {});
    expect(api.createProductList).toHaveBeenCalledWith({ name: 'Plain', surprise: false });
  });

  it('edits it later, sending only what changed; an existing list starts without it', async () => {
    api.getProductList.mockResolvedValue(list('L1', 'Old list'));
    await renderPage(<EditProductListPage />, { path: '/edit-product-list/L1', route: '/edit-product-list/:productListId' });
    const keep = await screen.findByRole('checkbox', { name: 'Keep the surprise (recommended)' });
    expect(keep).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await act(async () => {});
    expect(api.updateProductList).toHaveBeenLastCalledWith('L1', { name: 'Old list' });
  });

  it('turns it on for an existing list', async () => {
    api.getProductList.mockResolvedValue(list('L1', 'Old list'));
    await renderPage(<EditProductListPage />, { path: '/edit-product-list/L1', route: '/edit-product-list/:productListId' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Keep the surprise (recommended)' }));
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await act(async () => {});
    expect(api.updateProductList).toHaveBeenLastCalledWith('L1', { name: 'Old list', surprise: true });
  });
});

describe("the owner's view of a surprise list", () => {
  it('says offers are hidden until the day, offers no "Offered" toggle, and reveals only after a warning', async () => {
    api.getProductLists.mockResolvedValue([surprise]);
    const { container } = await renderPage(<ProductListingPage />, { path: '/product-list/L1/P1', route: '/product-list/:productListId/:productId?' });
    const note = screen.getByRole('note', { name: '' });
    expect(note).toHaveTextContent(new RegExp(`Surprise kept: you don't see what people offer until .*${NEXT_YEAR.slice(0, 4)}`));
    const bike = screen.getByRole('button', { name: /^Red bike/ });
    expect(bike).not.toHaveTextContent('Offered');
    const tabs = screen.getByRole('region', { name: 'Product actions' });
    expect(within(tabs).queryByRole('button', { name: /offered/i })).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);

    fireEvent.click(within(note).getByRole('button', { name: 'Show me anyway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spoil the surprise?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the surprise' }));
    expect(api.updateProductList).not.toHaveBeenCalled();

    api.getProductLists.mockResolvedValue([{ ...surprise, revealed: true, products: [product('P1', { name: 'Red bike', hasBeenOffered: true })] }]);
    fireEvent.click(within(note).getByRole('button', { name: 'Show me anyway' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Show me' }));
    await waitFor(() => expect(api.updateProductList).toHaveBeenCalledWith('L1', { revealed: true }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Red bike/ })).toHaveTextContent('Offered'));
    expect(screen.getByText('The surprise is revealed: you see what people offered.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Product actions' })).getByRole('button', { name: 'Mark as not offered' })).toBeInTheDocument();
  });

  it('shows the offers and the toggle once the occasion is over', async () => {
    api.getProductLists.mockResolvedValue([{ ...surprise, eventDate: LAST_YEAR, products: [product('P1', { name: 'Red bike', hasBeenOffered: true })] }]);
    await renderPage(<ProductListingPage />, { path: '/product-list/L1/P1', route: '/product-list/:productListId/:productId?' });
    expect(screen.getByRole('button', { name: /^Red bike/ })).toHaveTextContent('Offered');
    expect(within(screen.getByRole('region', { name: 'Product actions' })).getByRole('button', { name: 'Mark as not offered' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show me anyway' })).toBeNull();
  });

  it('the sharing page says another browser shows what is taken', async () => {
    api.getProductLists.mockResolvedValue([surprise, list('L2', 'Plain')]);
    await renderPage(<ShareProductListPage />, { path: '/share-product-list/L1', route: '/share-product-list/:defaultProductListId' });
    expect(await screen.findByText(/Another browser, or a private window, shows what visitors see/)).toBeInTheDocument();
  });
});

describe('visitors of a surprise list', () => {
  it('still see what is taken, and that the owner will not see what they offer', async () => {
    useSessionStore.setState({ token: null, defaultListId: null });
    api.getProductList.mockResolvedValue({ ...list('S1', 'Anna', [product('P1', { name: 'Book', hasBeenOffered: true })], false), surprise: true });
    await renderPage(<SharedListPage />, { path: '/see/S1', route: '/see/:productListId' });
    expect(await screen.findByRole('button', { name: /^Book/ })).toHaveTextContent('Offered');
    expect(screen.getByText(/its owner won't see what you offer before the day/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show me anyway' })).toBeNull();
  });
});
