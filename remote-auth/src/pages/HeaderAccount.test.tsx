import { fireEvent, screen } from '@testing-library/react';
import { mocked } from '../test/api';
import { currentLocation, renderPage } from '../test/render';
import HeaderAccount from './HeaderAccount';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();

describe('HeaderAccount', () => {
  it('signs out (revoking the token) and goes to /', async () => {
    await renderPage(<HeaderAccount />, { path: '/product-lists' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(api.signOut).toHaveBeenCalledTimes(1);
    expect(currentLocation()).toBe('/');
  });
  it('links to the account page', async () => {
    await renderPage(<HeaderAccount />, { path: '/product-lists' });
    fireEvent.click(screen.getByRole('link', { name: 'My account' }));
    expect(currentLocation()).toBe('/account');
  });
  it('speaks French', async () => {
    await renderPage(<HeaderAccount />, { path: '/x', lang: 'fr' });
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mon compte' })).toBeInTheDocument();
  });
});
