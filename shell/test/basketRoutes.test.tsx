// Issue 6 routes and header slot (remote_basket_offer).
import { screen, waitFor } from '@testing-library/react';
import { useSessionStore } from '@wishlist/stores';
import { desktopHeaderSlots, mobileHeaderSlots } from '../src/layout/headerSlots';
import { currentLocation as location, renderApp, setUpRouteTests } from './helpers';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
setUpRouteTests(['remote_content', 'remote_auth', 'remote_basket_offer']);

describe('basket and offer routes', () => {
  it.each([
    ['/basket', 'remote_basket_offer/BasketPage'],
    ['/offer', 'remote_basket_offer/OfferPage'],
    ['/offer-created/abc', 'remote_basket_offer/OfferCreatedPage'],
  ])('%s renders %s for anyone', async (path, module) => {
    renderApp(path);
    expect(await screen.findByText(`page:${module}`)).toBeInTheDocument();
    expect(location()).toBe(path);
  });

  it('/offerings/{id}/refuse needs a login (reason `offering`: the offer e-mail\'s words) and comes back to the same path', async () => {
    renderApp('/offerings/abc/refuse');
    await waitFor(() => expect(location()).toBe('/authenticate/offering'));
    expect(JSON.parse(localStorage.getItem('auth-redirection')!)).toBe('/offerings/abc/refuse');
  });

  it('/offerings/{id} renders the offering page with a session', async () => {
    useSessionStore.setState({ defaultListId: 'L1' });
    renderApp('/offerings/abc');
    expect(await screen.findByText('page:remote_basket_offer/OfferingPage')).toBeInTheDocument();
  });

  it('lists the basket widget for everyone on desktop and mobile, before the account widget', () => {
    for (const slots of [desktopHeaderSlots, mobileHeaderSlots]) {
      expect(slots[0]).toEqual({ key: 'basket', module: 'remote_basket_offer/HeaderBasket', when: 'always' });
    }
  });
});
