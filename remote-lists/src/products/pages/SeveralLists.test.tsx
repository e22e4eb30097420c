// The product form's "Also on" and "Private": creation and edition, through the pages the routes show.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useListsStore } from '../../state';
import { list, mocked, product } from '../test/api';
import { seriousViolations } from '../test/axe';
import { big, installImageMock } from '../test/images';
import { currentLocation, renderPage, resetNotifications } from '../test/render';
import ProductCreationPage from './ProductCreationPage';
import ProductEditionPage from './ProductEditionPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();
const SHOP = 'https://shop.example/kite';

beforeEach(() => {
  jest.clearAllMocks();
  resetNotifications();
  installImageMock({ 'https://shop.example/kite.jpg': big });
  api.getProductLists.mockResolvedValue([list('L1', 'Birthday'), list('F1', 'Friend list', false), list('L2', 'Christmas'), list('L3', 'Wedding')]);
  api.getPageMetadata.mockResolvedValue({ url: SHOP, title: 'Red kite', images: ['https://shop.example/kite.jpg'], price: 1999, currency: 'EUR', siteName: null });
  useListsStore.setState({ lists: [list('L1', 'Birthday'), list('L2', 'Christmas'), list('L3', 'Wedding')], status: 'ready', source: { kind: 'mine' } });
});

async function ready() {
  await screen.findByLabelText(/^Name/);
  await waitFor(() => expect(screen.queryByText("Loading the page's pictures…")).not.toBeInTheDocument());
  await screen.findByRole('group', { name: 'Also on' });
}

describe('"Also on" and "Private" in the product form', () => {
  it('offers the other owned lists (never the chosen one, never a favorite) and a Private switch explained in one line', async () => {
    const user = userEvent.setup();
    const { container } = await renderPage(<ProductCreationPage />, { path: '/create-product/L1', route: '/create-product/:productListId?' });
    await user.type(screen.getByLabelText('Address of the product page'), SHOP);
    await user.click(screen.getByRole('button', { name: /continue/i }));
    await ready();
    const also = screen.getByRole('group', { name: 'Also on' });
    expect(Array.from(also.querySelectorAll('label')).map((l) => l.textContent)).toEqual(['Christmas', 'Wedding']);
    const privateSwitch = screen.getByRole('switch', { name: 'Private' });
    expect(privateSwitch).not.toBeChecked();
    expect(privateSwitch).toHaveAccessibleDescription('Only you see it: visitors of your lists never do, and nobody can offer it.');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('creates a private product, then puts it on the lists checked too; the local lists show it on each', async () => {
    api.createProduct.mockResolvedValue(product({ id: 'p9', productListId: 'L1', hidden: true }));
    api.setProductLists.mockResolvedValue(product({ id: 'p9', productListId: 'L1', productListIds: ['L1', 'L3'], hidden: true }));
    const user = userEvent.setup();
    await renderPage(<ProductCreationPage />, { path: '/create-product/L1', route: '/create-product/:productListId?' });
    await user.type(screen.getByLabelText('Address of the product page'), SHOP);
    await user.click(screen.getByRole('button', { name: /continue/i }));
    await ready();
    await user.click(screen.getByRole('checkbox', { name: 'Wedding' }));
    await user.click(screen.getByRole('switch', { name: 'Private' }));
    await user.click(screen.getByRole('button', { name: 'Add to my list' }));
    await waitFor(() => expect(currentLocation()).toBe('/product-list/L1/p9'));
    expect(api.createProduct).toHaveBeenCalledWith(expect.objectContaining({ productListId: 'L1', hidden: true }));
    expect(api.setProductLists).toHaveBeenCalledWith('p9', ['L1', 'L3']);
    const lists = useListsStore.getState().lists;
    expect(lists.map((l) => l.products.map((p) => [p.id, p.productListId]))).toEqual([[['p9', 'L1']], [], [['p9', 'L3']]]);
  });

  it('a product on one list saves as before: no placement call, no hidden field', async () => {
    api.createProduct.mockResolvedValue(product({ id: 'p9', productListId: 'L2' }));
    const user = userEvent.setup();
    await renderPage(<ProductCreationPage />, { path: '/create-product/L2', route: '/create-product/:productListId?' });
    await user.type(screen.getByLabelText('Address of the product page'), SHOP);
    await user.click(screen.getByRole('button', { name: /continue/i }));
    await ready();
    await user.click(screen.getByRole('button', { name: 'Add to my list' }));
    await waitFor(() => expect(currentLocation()).toBe('/product-list/L2/p9'));
    expect(api.createProduct.mock.calls[0][0]).not.toHaveProperty('hidden');
    expect(api.setProductLists).not.toHaveBeenCalled();
  });

  it('edits a product on several lists opened from one of them: its home list is chosen, the others are checked; unchecking takes it off', async () => {
    const stored = product({ image: 'https://shop.example/kite.jpg', productListId: 'L2', productListIds: ['L1', 'L2'], hidden: true });
    api.getProductInList.mockResolvedValue(stored);
    api.updateProduct.mockResolvedValue(undefined);
    api.setProductLists.mockResolvedValue({ ...stored, productListId: 'L1', productListIds: ['L1'] });
    const user = userEvent.setup();
    await renderPage(<ProductEditionPage />, { path: '/product-list/L2/product/p1/edit', route: '/product-list/:productListId/product/:productId/edit' });
    await ready();
    expect(screen.getByRole('switch', { name: 'Private' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Christmas' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Birthday' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Christmas' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.setProductLists).toHaveBeenCalledWith('p1', ['L1']));
    // The save itself never moves it (L1 is one of its lists) and leaves the private mark alone.
    expect(api.updateProduct.mock.calls[0][1]).toMatchObject({ productListId: 'L1' });
    expect(api.updateProduct.mock.calls[0][1]).not.toHaveProperty('hidden');
  });
});
