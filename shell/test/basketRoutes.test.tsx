// Basket and offer routes and header slot (remote_basket_offer).
import { act, screen, waitFor } from '@testing-library/react';
import { useSessionStore, useViewStore } from '@wishlist/stores';
import { desktopHeaderSlots, mobileHeaderSlots } from '../src/layout/headerSlots';
import { currentLocation as location, renderApp, setUpRouteTests } from './helpers';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
const mockedLoad = setUpRouteTests(['remote_content', 'remote_auth', 'remote_basket_offer', 'remote_lists']);

describe('basket and offer routes', () => {
  it.each([
    ['/basket', 'remote_basket_offer/BasketPage'],
    ['/offer', 'remote_basket_offer/OfferPage'],
    ['/offer-created/abc', 'remote_basket_offer/OfferCreatedPage'],
    ['/offer-confirmation/abc', 'remote_basket_offer/OfferConfirmationPage'],
    ['/en/offer-confirmation/abc', 'remote_basket_offer/OfferConfirmationPage'],
    ['/fr/offer-confirmation/abc', 'remote_basket_offer/OfferConfirmationPage'],
    ['/en/offer-withdrawal/abc', 'remote_basket_offer/OfferWithdrawalPage'],
    ['/fr/offer-withdrawal/abc', 'remote_basket_offer/OfferWithdrawalPage'],
  ])('%s renders %s for anyone', async (path, module) => {
    renderApp(path);
    expect(await screen.findByText(`page:${module}`)).toBeInTheDocument();
    expect(location()).toBe(path);
  });

  it('/{lang}/offer-confirmation/{id}#code=… needs no sign-in and stays where it is', async () => {
    renderApp('/fr/offer-confirmation/abc#code=xyz');
    expect(await screen.findByText('page:remote_basket_offer/OfferConfirmationPage')).toBeInTheDocument();
    expect(location()).toBe('/fr/offer-confirmation/abc');
    expect(localStorage.getItem('auth-redirection')).toBeNull();
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
      expect(slots[0]).toEqual({ key: 'basket', module: 'remote_basket_offer/HeaderBasket', when: 'always', notOnOwnList: true });
    }
  });

  const basketLoaded = () => mockedLoad.mock.calls.some(([id]) => id === 'remote_basket_offer/HeaderBasket');

  it("is not loaded on the person's own list page (it would show nothing there), and is as soon as the list turns out to be someone else's", async () => {
    useViewStore.setState({ viewedList: null });
    useSessionStore.setState({ token: { name: 't', bearer: 'b' }, defaultListId: 'L1' });
    renderApp('/product-list/L2');
    expect(await screen.findByText('page:remote_lists/ProductListingPage')).toBeInTheDocument();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(basketLoaded()).toBe(false);
    act(() => useViewStore.setState({ viewedList: { id: 'L2', isOwner: true } }));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(basketLoaded()).toBe(false);
    act(() => useViewStore.setState({ viewedList: { id: 'L2', isOwner: false } }));
    await waitFor(() => expect(basketLoaded()).toBe(true));
  });

  it('is loaded on a shared list for a visitor', async () => {
    useViewStore.setState({ viewedList: null });
    renderApp('/see/L9');
    expect(await screen.findByText('page:remote_lists/SharedListPage')).toBeInTheDocument();
    await waitFor(() => expect(basketLoaded()).toBe(true));
  });
});
