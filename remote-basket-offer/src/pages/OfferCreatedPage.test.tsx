import { screen } from '@testing-library/react';
import { sampleProduct } from '../test/api';
import { seriousViolations } from '../test/axe';
import { headingProblems, renderPage } from '../test/render';
import { rememberCreatedOffer } from '../lib/offerMemory';
import OfferCreatedPage from './OfferCreatedPage';

const route = '/offer-created/:offeringId';
beforeEach(() => sessionStorage.clear());

describe('OfferCreatedPage (/offer-created/{id})', () => {
  it('lists the products offered and says the owner will send the address', async () => {
    rememberCreatedOffer(['O1'], { products: [sampleProduct('a', 1250), sampleProduct('b', 800)], isExpectingAddress: true });
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
    rememberCreatedOffer(['O2'], { products: [sampleProduct('a')], isExpectingAddress: false });
    await renderPage(<OfferCreatedPage />, { path: '/offer-created/O2', route, lang: 'fr' });
    expect(screen.getByTestId('offer-created-message')).toHaveTextContent(/Vous connaissez l’adresse de livraison/);
  });

  it('shows a generic confirmation when opened elsewhere', async () => {
    sessionStorage.setItem('offer-created:O3', '{broken');
    await renderPage(<OfferCreatedPage />, { path: '/offer-created/O3', route });
    expect(screen.getByTestId('offer-created-message')).toHaveTextContent(/Your offer has been sent/);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/en');
  });
});
