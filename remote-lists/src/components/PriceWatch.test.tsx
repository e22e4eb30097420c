import { fireEvent, screen, waitFor } from '@testing-library/react';
import type * as Api from '@wishlist/api-client';
import type { Product } from '@wishlist/contracts';
import { useNotificationsStore } from '@wishlist/stores';
import { product } from '../test/api';
import { renderPage } from '../test/render';
import { PriceWatchPanel } from '../products/PriceWatchPanel';
import { PriceAlertsSwitch } from './PriceAlertsSwitch';
import { PriceTrend } from './PriceTrend';

jest.mock('@wishlist/api-client', () => ({
  ...jest.requireActual('@wishlist/api-client'),
  checkProductPrice: jest.fn(),
  setFavoritePriceAlerts: jest.fn(),
  setListPriceAlerts: jest.fn(),
}));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const api = require('@wishlist/api-client') as jest.Mocked<typeof Api>;
const messages = () => useNotificationsStore.getState().items.map((n) => `${n.type}: ${n.message}`);

const watched = (over: Partial<Product> = {}) =>
  product('P1', {
    price: 8800,
    priceHistory: [
      { price: 10000, at: '2030-11-03T10:00:00.000Z' },
      { price: 8800, at: '2030-11-20T10:00:00.000Z' },
    ],
    priceCheckedAt: '2030-11-20T10:00:00.000Z',
    priceStale: false,
    ...over,
  });

beforeEach(() => {
  jest.clearAllMocks();
  useNotificationsStore.setState({ items: [] });
});

describe('PriceTrend', () => {
  it('shows the change since the first price, and says it in words', async () => {
    await renderPage(<PriceTrend product={watched()} />);
    const trend = screen.getByTestId('price-trend');
    expect(trend).toHaveTextContent('↓ 12 % since 3 Nov');
    expect(trend).toHaveTextContent('Price down 12 % since 3 Nov');
    expect(trend.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('marks a price the shop page no longer gives; shows nothing without history', async () => {
    const { unmount } = await renderPage(<PriceTrend product={watched({ priceStale: true })} />);
    expect(screen.getByTestId('price-trend')).toHaveTextContent("Price of 20 Nov: the shop's page no longer shows it");
    unmount();
    await renderPage(<PriceTrend product={product('P2')} />);
    expect(screen.queryByTestId('price-trend')).toBeNull();
  });
});

describe('PriceWatchPanel', () => {
  it('checks the price now and hands the new reading to the form', async () => {
    const read = watched({ price: 7000, priceHistory: [...watched().priceHistory!, { price: 7000, at: '2030-11-25T10:00:00.000Z' }] });
    api.checkProductPrice.mockResolvedValue(read);
    const onChecked = jest.fn();
    await renderPage(<PriceWatchPanel product={watched()} onChecked={onChecked} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check the price now' }));
    await waitFor(() => expect(onChecked).toHaveBeenCalledWith(read));
    expect(api.checkProductPrice).toHaveBeenCalledWith('P1');
    expect(screen.getByTestId('price-trend')).toHaveTextContent('↓ 30 % since 3 Nov');
    expect(messages()).toEqual(["success: The price is read again from the shop's page."]);
  });

  it('says why when the check is refused', async () => {
    api.checkProductPrice.mockRejectedValue(new api.ApiError(429, {}));
    await renderPage(<PriceWatchPanel product={watched()} onChecked={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check the price now' }));
    await waitFor(() => expect(messages()).toEqual(['error: You checked prices several times in a short time. Try again later.']));
  });
});

describe('PriceAlertsSwitch', () => {
  it('saves a favorite’s opt-in at once and puts it back when the save fails', async () => {
    api.setFavoritePriceAlerts.mockResolvedValueOnce(undefined).mockRejectedValueOnce(new api.ApiError(500, {}));
    await renderPage(<PriceAlertsSwitch kind="favorite" listId="L1" listName="Anne’s birthday" initial={false} />);
    const box = screen.getByRole('checkbox', { name: 'E-mail me when a product of Anne’s birthday gets cheaper' });
    fireEvent.click(box);
    await waitFor(() => expect(api.setFavoritePriceAlerts).toHaveBeenCalledWith('L1', true));
    await waitFor(() => expect(box).toBeChecked());
    fireEvent.click(box);
    await waitFor(() => expect(messages()).toContain('error: The setting could not be saved. Try again later.'));
    expect(box).toBeChecked();
  });

  it('is the owner’s switch for the whole list, with its explanation', async () => {
    api.setListPriceAlerts.mockResolvedValue({ id: 'L1', name: 'x', isOwner: true, products: [] });
    await renderPage(<PriceAlertsSwitch kind="list" listId="L1" initial />);
    const box = screen.getByRole('checkbox', { name: 'Price-drop e-mails to the people who follow this list' });
    expect(box).toHaveAccessibleDescription(/10\s% cheaper or more/);
    fireEvent.click(box);
    await waitFor(() => expect(api.setListPriceAlerts).toHaveBeenCalledWith('L1', false));
  });
});
