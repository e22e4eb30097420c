import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_IMAGE } from '@wishlist/contracts';
import { useListsStore } from '../../state';
import { list, mocked, product } from '../test/api';
import { seriousViolations } from '../test/axe';
import { big, installImageMock } from '../test/images';
import { currentLocation, notifications, renderPage, resetNotifications } from '../test/render';
import ProductEditionPage from './ProductEditionPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();

const ROUTE = '/product-list/:productListId/product/:productId/edit';
const PATH = '/product-list/L1/product/p1/edit';
const stored = product({ image: 'https://shop.example/kite.jpg' });

beforeEach(() => {
  jest.clearAllMocks();
  resetNotifications();
  installImageMock({ 'https://shop.example/kite.jpg': big, 'https://shop.example/other.jpg': big });
  api.getProductInList.mockResolvedValue(stored);
  api.getProductLists.mockResolvedValue([list('L1', 'Birthday', true, [stored]), list('L2', 'Christmas')]);
  api.getPageMetadata.mockResolvedValue({
    url: stored.url,
    title: 'Red kite (new title)',
    images: ['https://shop.example/other.jpg', 'https://shop.example/kite.jpg'],
    price: 2500,
    currency: 'EUR',
    siteName: null,
  });
  useListsStore.setState({
    lists: [list('L1', 'Birthday', true, [stored]), list('L2', 'Christmas')],
    status: 'ready',
    source: { kind: 'mine' },
  });
});

async function open(history?: string[]) {
  const user = userEvent.setup();
  const r = await renderPage(<ProductEditionPage />, { path: PATH, route: ROUTE, history });
  await screen.findByLabelText(/^Name/);
  await waitFor(() => expect(screen.queryByText("Loading the page's pictures…")).not.toBeInTheDocument());
  return { user, ...r };
}

describe('product edition', () => {
  it('loads the product (stored values, not the page) with its current picture first and chosen', async () => {
    const { container } = await open();
    expect(api.getProductInList).toHaveBeenCalledWith('L1', 'p1');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit the product' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Red kite');
    expect(screen.getByRole('textbox', { name: /^Price/ })).toHaveValue('19.99');
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.querySelector('img')?.getAttribute('src'))).toEqual([
      'https://shop.example/kite.jpg',
      'https://shop.example/other.jpg',
      NO_IMAGE,
    ]);
    expect(radios[0]).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByLabelText('List')).toHaveValue('L1');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('updates in place: PATCH with the same list, notification, listing with the product', async () => {
    api.updateProduct.mockResolvedValue(undefined);
    const { user } = await open();
    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'Blue kite');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.updateProduct).toHaveBeenCalledWith('p1', {
      name: 'Blue kite',
      image: 'https://shop.example/kite.jpg',
      price: 1999,
      productListId: 'L1',
    });
    expect(api.createProduct).not.toHaveBeenCalled();
    await waitFor(() => expect(currentLocation()).toBe('/product-list/L1/p1'));
    expect(notifications()).toContainEqual({ type: 'success', message: 'The changes are saved.' });
    expect(useListsStore.getState().lists[0].products[0].name).toBe('Blue kite');
  });

  it('changes quantity, most wanted and note, sending only what changed; refuses a bad quantity', async () => {
    api.updateProduct.mockResolvedValue(undefined);
    const { user } = await open();
    const quantity = screen.getByRole('spinbutton', { name: /^How many/ });
    expect(quantity).toHaveValue(1);
    await user.clear(quantity);
    await user.type(quantity, '120');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.updateProduct).not.toHaveBeenCalled();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveFocus();
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByRole('checkbox', { name: 'Most wanted' }));
    await user.type(screen.getByRole('textbox', { name: /^Note/ }), 'Size M');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.updateProduct).toHaveBeenCalledWith('p1', {
      name: 'Red kite',
      image: 'https://shop.example/kite.jpg',
      price: 1999,
      productListId: 'L1',
      quantity: 3,
      mostWanted: true,
      note: 'Size M',
    });
    await waitFor(() => expect(currentLocation()).toBe('/product-list/L1/p1'));
    expect(useListsStore.getState().lists[0].products[0]).toMatchObject({ quantity: 3, mostWanted: true, note: 'Size M' });
  });

  it('shows a 422 on the quantity next to the field', async () => {
    api.updateProduct.mockRejectedValue(new api.ApiError(422, { errors: { quantity: 'below-offered' } }));
    const { user } = await open();
    const quantity = screen.getByRole('spinbutton', { name: /^How many/ });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(quantity).toHaveAttribute('aria-invalid', 'true'));
    expect(quantity).toHaveAccessibleDescription(expect.stringContaining("More units are already offered: the quantity can't be lower."));
  });

  it('moves the product to another list', async () => {
    api.updateProduct.mockResolvedValue(undefined);
    const { user } = await open();
    await user.selectOptions(screen.getByLabelText('List'), 'Christmas');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.updateProduct).toHaveBeenCalledWith('p1', expect.objectContaining({ productListId: 'L2' }));
    await waitFor(() => expect(currentLocation()).toBe('/product-list/L2/p1'));
    const [l1, l2] = useListsStore.getState().lists;
    expect(l1.products).toEqual([]);
    expect(l2.products.map((p) => p.id)).toEqual(['p1']);
  });

  it('removes after confirmation', async () => {
    api.deleteProduct.mockResolvedValue(undefined);
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this product?' });
    expect(dialog).toHaveTextContent('“Red kite” will be removed');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(api.deleteProduct).toHaveBeenCalledWith('p1');
    await waitFor(() => expect(currentLocation()).toBe('/product-list/L1'));
    expect(notifications()).toContainEqual({ type: 'success', message: 'The product is removed from your list.' });
    expect(useListsStore.getState().lists[0].products).toEqual([]);
  });

  it('keeps the current picture when the page cannot be read', async () => {
    api.getPageMetadata.mockRejectedValue(new api.ApiError(422, { errors: { url: 'gone' } }));
    await open();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByText(/pictures could not be loaded/)).toBeInTheDocument();
  });

  it('on a load failure notifies and goes back', async () => {
    api.getProductInList.mockRejectedValue(new api.ApiError(404, {}));
    await renderPage(<ProductEditionPage />, { path: PATH, route: ROUTE, history: ['/product-list/L1/p1'] });
    await waitFor(() => expect(currentLocation()).toBe('/product-list/L1/p1'));
    expect(notifications()).toEqual([{ type: 'error', message: 'The product could not be loaded. Try again later.' }]);
  });

  it('sends a non-owner to the listing instead of a form that would be refused', async () => {
    api.getProductLists.mockResolvedValue([list('L9', 'Mine')]);
    await renderPage(<ProductEditionPage />, { path: PATH, route: ROUTE });
    await waitFor(() => expect(currentLocation()).toBe('/product-list/L1/p1'));
    expect(notifications()).toEqual([{ type: 'error', message: 'Only the owner of the list can edit its products.' }]);
  });
});
