import { act, fireEvent, screen } from '@testing-library/react';
import type { PledgeView } from '@wishlist/api-client';
import { mocked, sampleProduct } from '../test/api';
import { seriousViolations } from '../test/axe';
import { renderPage } from '../test/render';
import PledgeFormPage from './PledgeFormPage';
import PledgePage from './PledgePage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();
beforeEach(() => jest.clearAllMocks());

const formRoute = '/chip-in/:productListId/:productId';
const gift = () => ({ ...sampleProduct('P1', 30000), name: 'Bike', groupGift: true });
const ready = () => {
  api.getProductInList.mockResolvedValue(gift());
  api.getGroupGiftTotals.mockResolvedValue([{ productId: 'P1', price: 30000, pledged: 12000, remaining: 18000, minimum: 500, complete: false }]);
};
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PledgeFormPage (/chip-in/{list}/{product})', () => {
  it('shows the progress to everyone and checks every field on submit, in English', async () => {
    ready();
    const { container } = await renderPage(<PledgeFormPage />, { path: '/chip-in/L1/P1', route: formRoute });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chip in for “Bike”' })).toBeInTheDocument();
    expect(screen.getByTestId('pledge-progress')).toHaveTextContent('€120.00 of €300.00 pledged');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    type(/Amount/, '2');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pledge' })));
    expect(screen.getByText('Enter your name.')).toBeInTheDocument();
    expect(screen.getByText(/Enter a valid e-mail address/)).toBeInTheDocument();
    expect(screen.getByText('A pledge is at least €5.00.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Your name/)).toHaveFocus();
    type(/Amount/, '200');
    expect(screen.getByText('Only €180.00 remains to pledge.')).toBeInTheDocument();
    expect(api.createPledge).not.toHaveBeenCalled();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says the messages in French too', async () => {
    ready();
    await renderPage(<PledgeFormPage />, { path: '/chip-in/L1/P1', route: formRoute, lang: 'fr' });
    await screen.findByRole('heading', { level: 1, name: 'Participer à «\u00a0Bike\u00a0»' });
    type(/Montant/, 'abc');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Promettre' })));
    expect(screen.getByText('Indiquez votre nom.')).toBeInTheDocument();
    expect(screen.getByText('Indiquez un montant en euros, comme 25,50.')).toBeInTheDocument();
  });

  it('pledges in cents and says when the amount was cut to what remained', async () => {
    ready();
    api.createPledge.mockResolvedValueOnce({ id: 'G1', productId: 'P1', amount: 18000, requested: 18000, cut: true, price: 30000, pledged: 30000, remaining: 0, expiresAt: '' });
    await renderPage(<PledgeFormPage />, { path: '/chip-in/L1/P1', route: formRoute });
    await screen.findByRole('heading', { level: 1 });
    type(/Your name/, 'Ann');
    type(/Your e-mail/, 'ann@example.com');
    type(/Amount/, '180,00');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pledge' })));
    expect(api.createPledge).toHaveBeenCalledWith({ productId: 'P1', name: 'Ann', email: 'ann@example.com', amount: 18000, message: '', language: 'en' });
    expect(screen.getByRole('heading', { level: 1, name: 'Check your e-mails' })).toBeInTheDocument();
    expect(screen.getByTestId('pledge-sent')).toHaveTextContent('only €180.00 remained');
  });

  it('refuses a product that is not a group gift', async () => {
    api.getProductInList.mockResolvedValue(sampleProduct('P1', 30000));
    await renderPage(<PledgeFormPage />, { path: '/chip-in/L1/P1', route: formRoute });
    expect(await screen.findByRole('alert')).toHaveTextContent('This product is not a group gift');
  });
});

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const view = (extra: Partial<PledgeView> = {}): PledgeView => ({
  id: 'G1',
  productId: 'P1',
  state: 'unconfirmed',
  amount: 5000,
  requested: 5000,
  name: 'Ann',
  message: '',
  product: { name: 'Bike', image: '', url: '', price: 30000 },
  pledged: 20000,
  remaining: 10000,
  others: ['Bob'],
  withdrawable: true,
  expiresAt: '',
  ...extra,
});

describe('PledgePage (/{lang}/pledge/{id}#token=…)', () => {
  it('opening changes nothing; the button confirms, then the pledger may withdraw', async () => {
    api.getPledge.mockResolvedValueOnce(view()).mockResolvedValueOnce(view({ state: 'confirmed' })).mockResolvedValueOnce(view({ state: 'withdrawn', withdrawable: false }));
    api.confirmPledge.mockResolvedValueOnce({ id: 'G1', state: 'confirmed', amount: 5000 });
    api.withdrawPledge.mockResolvedValueOnce(undefined);
    const { container } = await renderPage(<PledgePage />, { path: `/pledge/G1#token=${TOKEN}`, route: '/pledge/:pledgeId' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your pledge for “Bike”' })).toBeInTheDocument();
    expect(api.getPledge).toHaveBeenCalledWith('G1', TOKEN);
    expect(api.confirmPledge).not.toHaveBeenCalled();
    expect(screen.getByTestId('pledge-others')).toHaveTextContent('Also chipping in: Bob');
    expect(screen.getByText('Your pledge: €50.00')).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm my pledge' })));
    expect(api.confirmPledge).toHaveBeenCalledWith('G1', TOKEN);
    expect(screen.getByTestId('pledge-state')).toHaveAttribute('data-state', 'confirmed');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Withdraw my pledge' })));
    expect(api.withdrawPledge).toHaveBeenCalledWith('G1', TOKEN);
    expect(screen.getByTestId('pledge-state')).toHaveTextContent('Your pledge is withdrawn');
  });

  it('says a link without its token is not valid', async () => {
    await renderPage(<PledgePage />, { path: '/pledge/G1', route: '/pledge/:pledgeId' });
    expect(screen.getByTestId('pledge-problem')).toHaveTextContent('This pledge link is not valid');
    expect(api.getPledge).not.toHaveBeenCalled();
  });
});
