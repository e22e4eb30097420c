// The header's account controls (remote_auth/HeaderAccount) load at the person's first sign of use.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useSessionStore, useViewStore } from '@wishlist/stores';
import { desktopHeaderSlots, mobileHeaderSlots } from '../src/layout/headerSlots';
import { resetFirstUseWatch, watchFirstUse } from '../src/firstView/intent';
import { renderApp, setUpRouteTests } from './helpers';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
const mockedLoad = setUpRouteTests(['remote_content', 'remote_auth', 'remote_basket_offer', 'remote_lists']);

const accountLoaded = () => mockedLoad.mock.calls.some(([id]) => id === 'remote_auth/HeaderAccount');
const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 20))));

beforeEach(() => {
  resetFirstUseWatch();
  // As the entry does from its start.
  void watchFirstUse();
  (document.activeElement as HTMLElement | null)?.blur?.();
  useViewStore.setState({ viewedList: null });
  useSessionStore.setState({ token: { name: 't', bearer: 'b' }, defaultListId: 'L1' });
});

describe('the header account slot', () => {
  it('is a signed-in widget of both headers, loaded at the first sign of use', () => {
    for (const slots of [desktopHeaderSlots, mobileHeaderSlots]) {
      expect(slots.find((s) => s.key === 'account')).toEqual({ key: 'account', module: 'remote_auth/HeaderAccount', when: 'signedIn', onFirstUse: true });
    }
  });

  it.each(['pointermove', 'touchstart', 'keydown', 'focusin'])('is not loaded while the person only looks, and is at their first %s', async (type) => {
    renderApp('/product-list/L1');
    expect(await screen.findByText('page:remote_lists/ProductListingPage')).toBeInTheDocument();
    await settle();
    expect(accountLoaded()).toBe(false);
    expect(document.querySelectorAll('.shell-header__slot--account').length).toBeGreaterThan(0);
    act(() => void fireEvent(window, new Event(type, { bubbles: true })));
    await waitFor(() => expect(accountLoaded()).toBe(true));
  });

  it('counts a press made before the person was signed in (the approval of a sign-in link)', async () => {
    useSessionStore.setState({ token: null, defaultListId: null });
    renderApp('/validate-email/abc/def');
    act(() => void fireEvent(window, new Event('pointerdown')));
    await settle();
    expect(accountLoaded()).toBe(false);
    act(() => useSessionStore.setState({ token: { name: 't', bearer: 'b' }, defaultListId: 'L1' }));
    await waitFor(() => expect(accountLoaded()).toBe(true));
  });
});
