import { act, fireEvent, screen } from '@testing-library/react';
import { mocked } from '../test/api';
import { seriousViolations } from '../test/axe';
import { headingProblems, renderPage } from '../test/render';
import OfferConfirmationPage, { linkCode } from './OfferConfirmationPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();
const route = '/offer-confirmation/:offeringId';
const CODE = 'AbCdEfGhIjKlMnOpQrStUv';

beforeEach(() => jest.clearAllMocks());

const confirmButton = () => screen.getByRole('button', { name: 'Confirm my offer' });

describe('OfferConfirmationPage (/{lang}/offer-confirmation/{id}#code=…)', () => {
  it('changes nothing when opened: neutral words, one button, accessible', async () => {
    const { container } = await renderPage(<OfferConfirmationPage />, { path: `/offer-confirmation/O1#code=${CODE}`, route });
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your gift offer' })).toHaveFocus();
    expect(screen.getByText(/only then do we pass it on to the owner of the list/)).toBeInTheDocument();
    expect(screen.getByText(/If it was not you, close this page/)).toBeInTheDocument();
    expect(confirmButton()).toBeEnabled();
    expect(api.confirmOffering).not.toHaveBeenCalled();
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('confirms with the code from the link, then says the owner has been told', async () => {
    api.confirmOffering.mockResolvedValueOnce({ id: 'O1', state: 'pending' });
    const { container } = await renderPage(<OfferConfirmationPage />, { path: `/offer-confirmation/O1#code=${CODE}`, route });
    await act(async () => fireEvent.click(confirmButton()));
    expect(api.confirmOffering).toHaveBeenCalledWith('O1', CODE);
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you, your offer is confirmed' })).toHaveFocus();
    expect(screen.getByTestId('offer-confirmation-done')).toHaveTextContent(/owner of the list has been told/);
    expect(screen.queryByRole('button', { name: 'Confirm my offer' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/en');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('speaks French', async () => {
    await renderPage(<OfferConfirmationPage />, { path: `/offer-confirmation/O1#code=${CODE}`, route, lang: 'fr' });
    expect(screen.getByRole('heading', { level: 1, name: 'Confirmez votre offre de cadeau' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmer mon offre' })).toBeInTheDocument();
  });

  it('says when the link is wrong or expired (no retry), and lets a passing failure be retried', async () => {
    await renderPage(<OfferConfirmationPage />, { path: `/offer-confirmation/O1#code=${CODE}`, route });
    api.confirmOffering.mockRejectedValueOnce(new api.ApiError(503, { error: { code: 'x', message: 'x' } }));
    await act(async () => fireEvent.click(confirmButton()));
    expect(screen.getByRole('alert')).toHaveTextContent(/could not be confirmed just now/);
    api.confirmOffering.mockRejectedValueOnce(new api.ApiError(429, { error: { code: 'too_many_requests', message: 'x' } }));
    await act(async () => fireEvent.click(confirmButton()));
    expect(screen.getByRole('alert')).toHaveTextContent(/Too many attempts/);
    api.confirmOffering.mockRejectedValueOnce(new api.ApiError(410, { error: { code: 'offering_expired', message: 'x' } }));
    await act(async () => fireEvent.click(confirmButton()));
    expect(screen.getByRole('alert')).toHaveTextContent(/has expired: its gifts are free again/);
    expect(screen.queryByRole('button', { name: 'Confirm my offer' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeInTheDocument();
  });

  it('answers a wrong code as an invalid link', async () => {
    await renderPage(<OfferConfirmationPage />, { path: `/offer-confirmation/O1#code=${CODE}`, route });
    api.confirmOffering.mockRejectedValueOnce(new api.ApiError(404, { error: { code: 'offering_not_found', message: 'x' } }));
    await act(async () => fireEvent.click(confirmButton()));
    expect(screen.getByRole('alert')).toHaveTextContent(/This link is not valid/);
    expect(screen.queryByRole('button', { name: 'Confirm my offer' })).not.toBeInTheDocument();
  });

  it('shows no button without a code', async () => {
    await renderPage(<OfferConfirmationPage />, { path: '/offer-confirmation/O1', route });
    expect(screen.getByRole('alert')).toHaveTextContent(/This link is not valid/);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('reads the code from the fragment, else the query', () => {
    expect(linkCode(`#code=${CODE}`, '')).toBe(CODE);
    expect(linkCode('', `?code=${CODE}`)).toBe(CODE);
    expect(linkCode('#other=1', '')).toBe('');
  });
});
