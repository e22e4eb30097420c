import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { list, mocked, product } from '../test/api';
import { big, installImageMock } from '../test/images';
import { currentLocation, notifications, renderPage, resetNotifications, setMobile } from '../test/render';
import ProductFromUrlPage from './ProductFromUrlPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();

const ROUTE = '/create-product/from/:encodedProductUrl/to/:productListIdFromUrl?';
const SHOP = 'https://shop.example/kite?x=1&y=2';
const encoded = encodeURIComponent(Buffer.from(SHOP).toString('base64'));
const originalUserAgent = navigator.userAgent;

const setUserAgent = (ua: string) => Object.defineProperty(window.navigator, 'userAgent', { value: ua, configurable: true });

beforeEach(() => {
  jest.clearAllMocks();
  resetNotifications();
  setUserAgent(originalUserAgent);
  installImageMock({ 'https://shop.example/1.jpg': big });
  api.getProductLists.mockResolvedValue([list('L1', 'Birthday'), list('L2', 'Christmas')]);
  api.getPageMetadata.mockResolvedValue({ url: SHOP, title: 'Red kite', images: ['https://shop.example/1.jpg'], price: 1999, currency: 'EUR', siteName: null });
});

describe('product creation from a URL', () => {
  it('redirects desktop to / with the encoded value and the chosen list in the query', async () => {
    setMobile(false);
    await renderPage(<ProductFromUrlPage />, { path: `/create-product/from/${encoded}/to/L2`, route: ROUTE });
    expect(currentLocation()).toBe(`/?encodedProductUrl=${encoded}&productListId=L2`);
    expect(api.getPageMetadata).not.toHaveBeenCalled();
  });

  it('redirects desktop without a list when the link names none', async () => {
    setMobile(false);
    await renderPage(<ProductFromUrlPage />, { path: `/create-product/from/${encoded}/to`, route: ROUTE });
    expect(currentLocation()).toBe(`/?encodedProductUrl=${encoded}`);
  });

  it('on mobile shows the address, reads it on Continue into the list of the link, then goes to the listing', async () => {
    setMobile(true);
    api.createProduct.mockResolvedValue(product({ id: 'p5', productListId: 'L2' }));
    const user = userEvent.setup();
    await renderPage(<ProductFromUrlPage />, { path: `/create-product/from/${encoded}/to/L2`, route: ROUTE });
    // Opened by an address (any site can open one): nothing is read before the person confirms.
    expect(screen.getByLabelText(/Address of the product page/)).toHaveValue(SHOP);
    expect(api.getPageMetadata).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(api.getPageMetadata).toHaveBeenCalledWith(SHOP);
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Red kite');
    expect(screen.getByLabelText('List')).toHaveValue('L2');
    expect(screen.queryByRole('link', { name: 'How to use the Android app' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to my list' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Add to my list' }));
    expect(api.createProduct).toHaveBeenCalledWith(expect.objectContaining({ url: SHOP, productListId: 'L2', price: 1999 }));
    await waitFor(() => expect(currentLocation()).toBe('/product-list/L2/p5'));
  });

  it('goes back when saving fails', async () => {
    setMobile(true);
    api.createProduct.mockRejectedValue(new api.ApiError(500, {}));
    const user = userEvent.setup();
    await renderPage(<ProductFromUrlPage />, { path: `/create-product/from/${encoded}/to`, route: ROUTE, history: ['/product-list/L1'] });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to my list' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Add to my list' }));
    await waitFor(() => expect(currentLocation()).toBe('/product-list/L1'));
    expect(notifications()).toEqual([{ type: 'error', message: 'The product could not be added. Try again later.' }]);
  });

  it('shows the Android how-to link on Android', async () => {
    setMobile(true);
    setUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile');
    await renderPage(<ProductFromUrlPage />, { path: `/create-product/from/${encoded}/to`, route: ROUTE });
    expect(await screen.findByRole('link', { name: 'How to use the Android app' })).toHaveAttribute('href', '/how-to-use-android-app');
  });

  it.each([
    ['not base64', 'not%20base64!'],
    ['base64 of something else', encodeURIComponent(Buffer.from('javascript:alert(1)').toString('base64'))],
  ])('sends a link holding %s to /create-product with a failure notification', async (_label, value) => {
    setMobile(true);
    await renderPage(<ProductFromUrlPage />, { path: `/create-product/from/${value}/to`, route: ROUTE });
    expect(currentLocation()).toBe('/create-product');
    expect(notifications()).toEqual([
      { type: 'error', message: "This link does not contain a valid product address. Paste the product's address instead." },
    ]);
    expect(api.getPageMetadata).not.toHaveBeenCalled();
  });
});
