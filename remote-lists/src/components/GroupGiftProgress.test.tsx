import { screen } from '@testing-library/react';
import type * as Api from '@wishlist/api-client';
import type { Product } from '@wishlist/contracts';
import { clearGroupGiftTotals } from '../lib/groupGiftTotals';
import { renderPage } from '../test/render';
import { GroupGiftProgress } from './GroupGiftProgress';

jest.mock('@wishlist/api-client', () => ({ ...jest.requireActual('@wishlist/api-client'), getGroupGiftTotals: jest.fn() }));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const totals = (require('@wishlist/api-client') as typeof Api).getGroupGiftTotals as jest.MockedFunction<typeof Api.getGroupGiftTotals>;

const gift = (id: string): Product => ({
  id,
  name: 'Bike',
  image: '',
  price: 30000,
  url: 'https://shop.example/bike',
  productListId: 'L1',
  groupGift: true,
  hasBeenOffered: false,
  isWishlisted: true,
  hasFocus: false,
  isMovable: false,
});

beforeEach(() => {
  clearGroupGiftTotals();
  totals.mockReset();
});

describe('GroupGiftProgress (group-gift cards)', () => {
  it('shows visitors how much is pledged of the price, the cards of a list asking in one call', async () => {
    totals.mockResolvedValue([
      { productId: 'P1', price: 30000, pledged: 12000, remaining: 18000, minimum: 500, complete: false },
      { productId: 'P2', price: 30000, pledged: 0, remaining: 30000, minimum: 500, complete: false },
    ]);
    await renderPage(
      <ul>
        <GroupGiftProgress product={gift('P1')} />
        <GroupGiftProgress product={gift('P2')} />
      </ul>,
    );
    expect(await screen.findByText('€120.00 of €300.00 pledged')).toBeInTheDocument();
    expect(screen.getAllByRole('progressbar')[0]).toHaveAttribute('aria-valuenow', '40');
    expect(totals).toHaveBeenCalledTimes(1);
    expect(totals).toHaveBeenCalledWith(['P1', 'P2']);
  });

  it('shows the owner the mark alone (the service sends no amounts), in French too', async () => {
    totals.mockResolvedValue([{ productId: 'P3', complete: false }]);
    await renderPage(<GroupGiftProgress product={gift('P3')} />, { lang: 'fr' });
    expect(await screen.findByText('Cadeau commun')).toBeInTheDocument();
    await Promise.resolve();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
