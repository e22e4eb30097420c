import { act, fireEvent, screen } from '@testing-library/react';
import { mocked, sampleProduct } from '../test/api';
import { seriousViolations } from '../test/axe';
import { headingProblems, renderPage } from '../test/render';
import { rememberCreatedOffer } from '../lib/offerMemory';
import OfferCreatedPage from './OfferCreatedPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();
const route = '/offer-created/:offeringId';
beforeEach(() => {
  sessionStorage.clear();
  jest.clearAllMocks();
});

describe('OfferCreatedPage (/offer-created/{id})', () => {
  it('lists the products offered and says the owner will send the address', async () => {
    rememberCreatedOffer(['O1'], { products: [sampleProduct('a', 1250), sampleProduct('b', 800)], isExpectingAddress: true, confirmationRequired: false });
    const { container } = await renderPage(<OfferCreatedPage />, { path: '/offer-created/O1', route });
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you, your offer is sent' })).toBeInTheDocument();
    expect(screen.getByTestId('offer-created-message')).toHaveTextContent(/will send you a delivery address/);
    expect(screen.getByRole('link', { name: 'Product a' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Product b' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute('href', '/see/L1');
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('tells a giver who knows the address to send the gifts', async () => {
    rememberCreatedOffer(['O2'], { products: [sampleProduct('a')], isExpectingAddress: false, confirmationRequired: false });
    await renderPage(<OfferCreatedPage />, { path: '/offer-created/O2', route, lang: 'fr' });
    expect(screen.getByTestId('offer-created-message')).toHaveTextContent(/Vous connaissez l’adresse de livraison/);
  });

  it('asks a giver who must confirm to check their mailbox, and says the owner hears nothing until then', async () => {
    rememberCreatedOffer(['O4'], { products: [sampleProduct('a')], isExpectingAddress: true, confirmationRequired: true });
    const { container } = await renderPage(<OfferCreatedPage />, { path: '/offer-created/O4', route });
    expect(screen.getByRole('heading', { level: 1, name: 'One more step: confirm your offer' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Confirm your offer/);
    const message = screen.getByTestId('offer-created-message');
    expect(message).toHaveTextContent(/confirm your offer within 24 hours/);
    expect(message).toHaveTextContent(/the owner of the list hears nothing of it/);
    expect(screen.getByRole('link', { name: 'Product a' })).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says the same in French', async () => {
    rememberCreatedOffer(['O5'], { products: [sampleProduct('a')], isExpectingAddress: false, confirmationRequired: true });
    await renderPage(<OfferCreatedPage />, { path: '/offer-created/O5', route, lang: 'fr' });
    expect(screen.getByTestId('offer-created-message')).toHaveTextContent(/confirmez votre offre dans les 24 heures/);
    expect(screen.getByRole('button', { name: 'Renvoyer l’e-mail' })).toBeInTheDocument();
  });

  it('sends the mail again on request and says how it went', async () => {
    rememberCreatedOffer(['O6'], { products: [sampleProduct('a')], isExpectingAddress: true, confirmationRequired: true });
    await renderPage(<OfferCreatedPage />, { path: '/offer-created/O6', route });
    const status = screen.getByTestId('offer-resend-status');
    expect(status).toHaveAttribute('role', 'status');
    api.resendOfferingVerification.mockResolvedValueOnce(undefined);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send the mail again' })));
    expect(api.resendOfferingVerification).toHaveBeenCalledWith('O6');
    expect(status).toHaveTextContent('The mail has been sent again.');
    const cases: [number, string, RegExp][] = [
      [429, 'verification_mail_too_soon', /Wait 10 minutes/],
      [429, 'verification_mail_limit', /already sent again several times/],
      [409, 'offering_confirmed', /already confirmed/],
      [410, 'offering_expired', /has expired/],
      [503, 'mail_unavailable', /could not be sent/],
    ];
    for (const [statusCode, code, text] of cases) {
      api.resendOfferingVerification.mockRejectedValueOnce(new api.ApiError(statusCode, { error: { code, message: 'x' } }));
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send the mail again' })));
      expect(status).toHaveTextContent(text);
    }
  });

  it('offers no resend without the memory of this browser, nor when no confirmation is needed', async () => {
    rememberCreatedOffer(['O7'], { products: [sampleProduct('a')], isExpectingAddress: true, confirmationRequired: false });
    await renderPage(<OfferCreatedPage />, { path: '/offer-created/O7', route });
    expect(screen.queryByRole('button', { name: 'Send the mail again' })).not.toBeInTheDocument();
  });

  it('shows a generic confirmation when opened elsewhere', async () => {
    sessionStorage.setItem('offer-created:O3', '{broken');
    await renderPage(<OfferCreatedPage />, { path: '/offer-created/O3', route });
    expect(screen.getByTestId('offer-created-message')).toHaveTextContent(/Your offer has been sent/);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the mail again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/en');
  });
});
