import { act, fireEvent, screen } from '@testing-library/react';
import type { OfferingWithdrawal } from '@wishlist/api-client';
import { mocked, sampleProduct } from '../test/api';
import { seriousViolations } from '../test/axe';
import { headingProblems, renderPage } from '../test/render';
import OfferWithdrawalPage, { linkToken } from './OfferWithdrawalPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();
const route = '/offer-withdrawal/:offeringId';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const path = `/offer-withdrawal/O1#token=${TOKEN}`;

const withdrawal = (extra: Partial<OfferingWithdrawal> = {}): OfferingWithdrawal => ({
  id: 'O1',
  state: 'pending',
  withdrawable: true,
  products: [sampleProduct('a', 1250), sampleProduct('b', null)],
  offererIdentity: 'Ann',
  offererMessage: 'Happy birthday! <b>x</b>',
  isExpectingAddress: true,
  createdAt: '2024-05-02T10:00:00.000Z',
  answeredAt: null,
  withdrawnAt: null,
  ...extra,
});

beforeEach(() => jest.clearAllMocks());

const withdrawButton = () => screen.getByRole('button', { name: 'Withdraw my offer' });

describe('OfferWithdrawalPage (/{lang}/offer-withdrawal/{id}#token=…)', () => {
  it('shows that one offer and asks to confirm: opening it changes nothing', async () => {
    api.getOfferingWithdrawal.mockResolvedValueOnce(withdrawal());
    const { container } = await renderPage(<OfferWithdrawalPage />, { path, route });
    expect(api.getOfferingWithdrawal).toHaveBeenCalledWith('O1', TOKEN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdraw your offer?' })).toHaveFocus();
    expect(screen.getByText(/has not answered yet: you can still withdraw your offer/)).toBeInTheDocument();
    expect(screen.getByText('Signed: Ann')).toBeInTheDocument();
    expect(screen.getByText(/<b>x<\/b>/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Product a' })).toBeInTheDocument();
    expect(screen.getByText('€12.50')).toBeInTheDocument();
    expect(screen.getByText('-.-- €')).toBeInTheDocument();
    expect(withdrawButton()).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Keep my offer' })).toHaveAttribute('href', '/en');
    expect(api.withdrawOffering).not.toHaveBeenCalled();
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('withdraws with the token of the link, then says the gifts are free and the owner told', async () => {
    api.getOfferingWithdrawal.mockResolvedValueOnce(withdrawal());
    api.withdrawOffering.mockResolvedValueOnce({ id: 'O1', state: 'withdrawn' });
    const { container } = await renderPage(<OfferWithdrawalPage />, { path, route });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Withdraw my offer' })));
    expect(api.withdrawOffering).toHaveBeenCalledWith('O1', TOKEN);
    expect(screen.getByRole('heading', { level: 1, name: 'Your offer is withdrawn' })).toHaveFocus();
    expect(screen.getByTestId('offer-withdrawal-outcome')).toHaveTextContent(/owner has been told by e-mail/);
    expect(screen.queryByRole('button', { name: 'Withdraw my offer' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/en');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('speaks French, prices included', async () => {
    api.getOfferingWithdrawal.mockResolvedValueOnce(withdrawal());
    await renderPage(<OfferWithdrawalPage />, { path, route, lang: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Retirer votre offre\u00a0?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retirer mon offre' })).toBeInTheDocument();
    expect(screen.getByText(/^12,50\s€$/)).toBeInTheDocument();
  });

  it.each([
    ['address-given', /already accepted your offer and sent you their address/],
    ['refused', /declined this offer/],
    ['expired', /This offer has expired/],
  ] as const)('says it is too late once the offer is %s, and why', async (state, why) => {
    api.getOfferingWithdrawal.mockResolvedValueOnce(withdrawal({ state, withdrawable: false }));
    const { container } = await renderPage(<OfferWithdrawalPage />, { path, route });
    expect(await screen.findByRole('heading', { level: 1, name: 'It is too late to withdraw this offer' })).toBeInTheDocument();
    expect(screen.getByTestId('offer-withdrawal-outcome')).toHaveTextContent(why);
    expect(screen.queryByRole('button', { name: 'Withdraw my offer' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Product a' })).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says an offer withdrawn already is withdrawn', async () => {
    api.getOfferingWithdrawal.mockResolvedValueOnce(withdrawal({ state: 'withdrawn', withdrawable: false }));
    await renderPage(<OfferWithdrawalPage />, { path, route });
    expect(await screen.findByRole('heading', { level: 1, name: 'This offer is withdrawn' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw my offer' })).not.toBeInTheDocument();
  });

  it('turns a late answer of the POST into the reason (the owner answered meanwhile)', async () => {
    api.getOfferingWithdrawal.mockResolvedValueOnce(withdrawal());
    api.withdrawOffering.mockRejectedValueOnce(new api.ApiError(409, { error: { code: 'offering_refused', message: 'x' } }));
    await renderPage(<OfferWithdrawalPage />, { path, route });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Withdraw my offer' })));
    expect(screen.getByRole('heading', { level: 1, name: 'It is too late to withdraw this offer' })).toBeInTheDocument();
    expect(screen.getByTestId('offer-withdrawal-outcome')).toHaveTextContent(/declined this offer/);
  });

  it('says a wrong or missing link is not valid, without asking anything of the API for a missing one', async () => {
    api.getOfferingWithdrawal.mockRejectedValueOnce(new api.ApiError(404, { error: { code: 'offering_not_found', message: 'x' } }));
    const { container } = await renderPage(<OfferWithdrawalPage />, { path, route });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeInTheDocument();
    expect(screen.getByTestId('offer-withdrawal-outcome')).toHaveTextContent(/not valid/);
    expect(await seriousViolations(container)).toEqual([]);

    api.getOfferingWithdrawal.mockClear();
    await renderPage(<OfferWithdrawalPage />, { path: '/offer-withdrawal/O1', route });
    expect(screen.getAllByRole('heading', { level: 1, name: 'This link does not work' }).length).toBeGreaterThan(0);
    expect(api.getOfferingWithdrawal).not.toHaveBeenCalled();
  });

  it('lets a passing failure be retried, loading and withdrawing', async () => {
    api.getOfferingWithdrawal.mockRejectedValueOnce(new api.ApiError(503, { error: { code: 'x', message: 'x' } }));
    await renderPage(<OfferWithdrawalPage />, { path, route });
    expect(await screen.findByTestId('offer-withdrawal-problem')).toHaveTextContent(/could not be reached just now/);
    api.getOfferingWithdrawal.mockResolvedValueOnce(withdrawal());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    api.withdrawOffering.mockRejectedValueOnce(new api.ApiError(429, { error: { code: 'too_many_requests', message: 'x' } }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Withdraw my offer' })));
    expect(screen.getByRole('alert')).toHaveTextContent(/Too many attempts/);
    expect(withdrawButton()).toBeEnabled();
  });

  it('reads the token from the fragment only', () => {
    expect(linkToken(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(linkToken('')).toBe('');
    expect(linkToken('#code=x')).toBe('');
  });
});
