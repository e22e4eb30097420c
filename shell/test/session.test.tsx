import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import { loadRemote } from '@module-federation/enhanced/runtime';
import * as api from '@wishlist/api-client';
import { initI18n, setLanguage } from '@wishlist/i18n';
import { useNotificationsStore, usePreferencesStore, useSessionStore } from '@wishlist/stores';
import { registerRuntimeRemotes } from '../src/federation/runtimeConfig';
import { useRouteReady } from '../src/routing/routeReady';
import { renderApp } from './helpers';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
const mockedLoad = loadRemote as jest.MockedFunction<typeof loadRemote>;

/** The real sign-out widget's behaviour, as remote_auth/HeaderAccount implements it. */
function FakeHeaderAccount() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        void api.signOut();
        navigate('/');
      }}
    >
      Sign out
    </button>
  );
}

/** remote_auth/DeleteAccountPage's ending: log out and go to `/` in the same tick. */
function FakeDeleteAccount() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        void api.signOut();
        navigate('/', { replace: true });
      }}
    >
      Confirm deletion
    </button>
  );
}

// The API behind a fake fetch (jsdom has no Response: the client reads status, type and text).
type Answer = { status: number; body?: unknown } | 'offline';
let answers: Record<string, Answer>;
const jsonResponse = (status: number, body: unknown) =>
  ({ status, headers: { get: () => 'application/json' }, text: async () => (body === undefined ? '' : JSON.stringify(body)) }) as unknown as Response;
const fetchMock = jest.fn(async (url: string, init: RequestInit) => {
  const answer = answers[`${init.method} ${url.split("?")[0]}`] ?? { status: 404, body: {} };
  if (answer === 'offline') throw new TypeError('Failed to fetch');
  return jsonResponse(answer.status, answer.body);
});
const callsTo = (key: string) => fetchMock.mock.calls.filter(([url, init]) => `${init.method} ${String(url).split("?")[0]}` === key);

const list = (id: string, name: string, isOwner = true) => ({ id, name, isOwner, products: [] });
const signedInLists = { status: 200, body: { data: [list('L1', 'Birthday'), list('L2', 'Christmas'), list('X9', 'Shared with me', false)] } };
const location = () => screen.getByTestId('location').textContent;

beforeAll(() => {
  initI18n('en');
  registerRuntimeRemotes([
    { name: 'remote_content', entry: '/remotes/content/mf-manifest.json' },
    { name: 'remote_auth', entry: '/remotes/auth/mf-manifest.json' },
  ]);
});
beforeEach(async () => {
  localStorage.clear();
  mockedLoad.mockReset();
  mockedLoad.mockImplementation(async (id: string) => {
    if (id === 'remote_auth/HeaderAccount') return { default: FakeHeaderAccount } as never;
    if (id === 'remote_auth/DeleteAccountPage') return { default: FakeDeleteAccount } as never;
    return { default: () => <h1>{`page:${id}`}</h1> } as never;
  });
  answers = { 'OPTIONS /api/health': { status: 204 } };
  fetchMock.mockClear();
  api.clearApiCaches();
  api.configureApiClient({ fetch: fetchMock as unknown as typeof fetch });
  useSessionStore.setState({ token: null, defaultListId: null });
  usePreferencesStore.setState({ language: null, authRedirection: null });
  useRouteReady.setState({ ready: false });
  await setLanguage('en');
});

describe('login guard (SPEC §6)', () => {
  it('signed out: /delete-account goes to /authenticate/account-deletion, remembering the wanted path', async () => {
    renderApp('/delete-account');
    expect(await screen.findByText('page:remote_auth/AuthenticatePage')).toBeInTheDocument();
    expect(location()).toBe('/authenticate/account-deletion');
    expect(JSON.parse(localStorage.getItem('auth-redirection')!)).toBe('/delete-account');
  });

  it('signed out: /account (the devices page) goes to /authenticate/mandatory, remembering the wanted path', async () => {
    renderApp('/account');
    expect(await screen.findByText('page:remote_auth/AuthenticatePage')).toBeInTheDocument();
    expect(location()).toBe('/authenticate/mandatory');
    expect(JSON.parse(localStorage.getItem('auth-redirection')!)).toBe('/account');
  });

  it('a stored bearer whose lists call answers 401 (pending or revoked) is not a session', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'pending' } });
    answers['GET /api/product-lists'] = { status: 401, body: {} };
    renderApp('/delete-account');
    await waitFor(() => expect(location()).toBe('/authenticate/account-deletion'));
    expect(usePreferencesStore.getState().authRedirection).toBe('/delete-account');
    // The pending token is kept: /check-your-emails still polls with it.
    expect(useSessionStore.getState().token).toEqual({ name: 't1', bearer: 'pending' });
  });

  it('a bearer whose lists call works is a session: the page renders and the default list is known', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'good' } });
    answers['GET /api/product-lists'] = signedInLists;
    renderApp('/delete-account');
    expect(await screen.findByRole('button', { name: 'Confirm deletion' })).toBeInTheDocument();
    expect(useSessionStore.getState().defaultListId).toBe('L1');
    expect(callsTo('GET /api/product-lists')[0][1].headers).toMatchObject({ Authorization: 'Bearer good', 'Accept-Language': 'en' });
  });

  it('a logout on a guarded page goes where its initiator says (/), not to /authenticate/{reason}', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'good' }, defaultListId: 'L1' });
    answers['GET /api/product-lists'] = signedInLists;
    answers['DELETE /api/tokens'] = { status: 204 };
    renderApp('/delete-account');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm deletion' }));
    // `/` decides: signed out and reachable, so /authenticate (no reason, nothing remembered).
    await waitFor(() => expect(location()).toBe('/authenticate'));
    expect(usePreferencesStore.getState().authRedirection).toBeNull();
    expect(callsTo('DELETE /api/tokens')).toHaveLength(1);
  });

  it('the API unreachable during the check goes to /server-error', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'good' } });
    answers['GET /api/product-lists'] = 'offline';
    renderApp('/delete-account');
    await waitFor(() => expect(location()).toBe('/server-error'));
  });

  it.each([
    ['/authenticate', 'remote_auth/AuthenticatePage'],
    ['/authenticate/favorite', 'remote_auth/AuthenticatePage'],
    ['/check-your-emails', 'remote_auth/CheckYourEmailsPage'],
    ['/validate-email/t1/abc', 'remote_auth/ValidateEmailPage'],
    ['/validate-email-failed/too-many-tries', 'remote_auth/ValidateEmailFailedPage'],
    ['/validate-email-success', 'remote_auth/ValidateEmailSuccessPage'],
  ])('%s renders %s without login', async (path, module) => {
    renderApp(path);
    expect(await screen.findByText(`page:${module}`)).toBeInTheDocument();
    expect(location()).toBe(path);
  });
});

describe('header (SPEC §2)', () => {
  it('signed out: the sign-in link, no signed-in controls', async () => {
    renderApp('/authenticate');
    await screen.findByText('page:remote_auth/AuthenticatePage');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/authenticate');
    expect(within(nav).queryByRole('link', { name: /Add a product/ })).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(callsTo('GET /api/product-lists')).toHaveLength(0);
  });

  it('signed in (stored bearer checked on start): add product, share, lists menu, sign out; no favorites menu on 404', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'good' } });
    answers['GET /api/product-lists'] = signedInLists;
    answers['GET /api/favorites'] = { status: 404, body: {} };
    renderApp('/en');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: /Add a product/ })).toHaveAttribute('href', '/create-product');
    expect(within(nav).getByRole('link', { name: 'Share my list' })).toHaveAttribute('href', '/share-product-list/L1');
    expect(within(nav).queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(await within(nav).findByRole('button', { name: 'Sign out' })).toBeInTheDocument();

    const listsButton = within(nav).getByRole('button', { name: 'My lists' });
    expect(listsButton).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(listsButton);
    expect(listsButton).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(listsButton.getAttribute('aria-controls')!)!;
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Birthday' })).toHaveAttribute('href', '/product-list/L1'));
    expect(within(menu).getByRole('link', { name: 'Christmas' })).toHaveAttribute('href', '/product-list/L2');
    expect(within(menu).queryByRole('link', { name: 'Shared with me' })).toBeNull();
    expect(within(menu).getByRole('link', { name: /Add a list/ })).toHaveAttribute('href', '/create-product-list');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(listsButton).toHaveAttribute('aria-expanded', 'false');
    expect(listsButton).toHaveFocus();

    expect(within(nav).queryByRole('button', { name: 'Favorites' })).toBeNull();
  });

  it('shows the favorites menu when favorites exist, opening on hover', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'good' }, defaultListId: 'L1' });
    answers['GET /api/product-lists'] = signedInLists;
    answers['GET /api/favorites'] = { status: 200, body: { data: [{ id: 'F1', name: 'Grandma' }] } };
    renderApp('/en');
    const favorites = await screen.findByRole('button', { name: 'Favorites' });
    fireEvent.mouseEnter(favorites.parentElement!);
    expect(favorites).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Grandma' })).toHaveAttribute('href', '/product-list/F1');
  });

  it('a 401 on any call signs out: the header goes back to the sign-in link', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'good' }, defaultListId: 'L1' });
    answers['GET /api/product-lists'] = signedInLists;
    renderApp('/en');
    await screen.findByRole('link', { name: /Add a product/ });
    answers['GET /api/favorites'] = { status: 401, body: {} };
    api.clearApiCaches();
    await act(async () => {
      await api.getFavorites().catch(() => undefined);
    });
    expect(useSessionStore.getState().defaultListId).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Add a product/ })).toBeNull();
  });

  it('sign out revokes the token (DELETE /api/tokens with it), forgets the session and goes to /', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'good' }, defaultListId: 'L1' });
    localStorage.setItem('token', JSON.stringify({ name: 't1', bearer: 'good' }));
    answers['GET /api/product-lists'] = signedInLists;
    answers['DELETE /api/tokens'] = { status: 204 };
    renderApp('/en');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(callsTo('DELETE /api/tokens')).toHaveLength(1));
    const [, init] = callsTo('DELETE /api/tokens')[0];
    expect(init.body).toBe(JSON.stringify({ token: 'good' }));
    expect(init.headers).toMatchObject({ Authorization: 'Bearer good' });
    expect(useSessionStore.getState()).toMatchObject({ token: null, defaultListId: null });
    expect(localStorage.getItem('token')).toBeNull();
    // `/` then decides: signed out and reachable, so /authenticate.
    await waitFor(() => expect(location()).toBe('/authenticate'));
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  describe('mobile', () => {
    const original = window.matchMedia;
    beforeEach(() => {
      window.matchMedia = ((query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} })) as never;
    });
    afterEach(() => {
      window.matchMedia = original;
    });

    it('tab Log in when signed out', async () => {
      renderApp('/en');
      const tabs = screen.getByRole('navigation', { name: 'Sections' });
      expect(within(tabs).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/authenticate');
      expect(within(tabs).queryByRole('link', { name: 'Lists' })).toBeNull();
    });

    it('tab Lists and the sign-out control when signed in', async () => {
      useSessionStore.setState({ token: { name: 't1', bearer: 'good' }, defaultListId: 'L1' });
      answers['GET /api/product-lists'] = signedInLists;
      renderApp('/en');
      const tabs = screen.getByRole('navigation', { name: 'Sections' });
      expect(within(tabs).getByRole('link', { name: 'Lists' })).toHaveAttribute('href', '/product-lists');
      expect(within(tabs).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/product-list/L1');
      expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    });
  });
});

describe('the signed-out state, the chosen language, the header while checking', () => {
  beforeEach(() => useNotificationsStore.getState().clear());
  const endSessionOnServer = async () => {
    answers['GET /api/favorites'] = { status: 401, body: {} };
    api.clearApiCaches();
    await act(async () => {
      await api.getFavorites().catch(() => undefined);
    });
  };

  it('a session the server ends under a login-required page: sign in again, told why, back there after', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'good' }, defaultListId: 'L1' });
    answers['GET /api/product-lists'] = signedInLists;
    renderApp('/delete-account');
    await screen.findByRole('button', { name: 'Confirm deletion' });
    await endSessionOnServer();
    await waitFor(() => expect(location()).toBe('/authenticate/session-ended'));
    expect(usePreferencesStore.getState().authRedirection).toBe('/delete-account');
    expect(useSessionStore.getState()).toMatchObject({ token: null, defaultListId: null });
    // The sign-in page says what happened: no second "signed out" prompt over it.
    expect(screen.queryByText('You are signed out')).toBeNull();
  });

  it('a session the server ends on a page that stays: the page turns signed out and a prompt offers to sign in again', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'good' }, defaultListId: 'L1' });
    answers['GET /api/product-lists'] = signedInLists;
    renderApp('/see/L9');
    await screen.findByRole('button', { name: 'Sign out' });
    await endSessionOnServer();
    expect(await screen.findByText('You are signed out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
    expect(usePreferencesStore.getState().authRedirection).toBe('/see/L9');
    expect(location()).toBe('/see/L9');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toHaveTextContent('Sign in');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('another tab signing out (the stored token goes) turns this page signed out', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'good' }, defaultListId: 'L1' });
    localStorage.setItem('token', JSON.stringify({ name: 't1', bearer: 'good' }));
    answers['GET /api/product-lists'] = signedInLists;
    renderApp('/see/L9');
    await screen.findByRole('button', { name: 'Sign out' });
    localStorage.removeItem('token');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: null }));
    });
    expect(useSessionStore.getState()).toMatchObject({ token: null, defaultListId: null });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('while a stored bearer is checked the header shows neither "Sign in" nor the account, then the answer', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    useSessionStore.setState({ token: { name: 't1', bearer: 'good' } });
    renderApp('/authenticate');
    await screen.findByText('page:remote_auth/AuthenticatePage');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(within(nav).getByTestId('session-pending')).toBeInTheDocument();
    await act(async () => answer(jsonResponse(200, signedInLists.body)));
    expect(await within(nav).findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(nav).queryByTestId('session-pending')).toBeNull();
  });

  it('a pending bearer (401) is known to be signed out: "Sign in" shows', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'pending' } });
    answers['GET /api/product-lists'] = { status: 401, body: {} };
    renderApp('/authenticate');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(within(nav).queryByTestId('session-pending')).toBeNull();
  });

  it('the language of a path is remembered for the app pages (no prefix) that follow', async () => {
    await setLanguage('fr');
    renderApp('/en');
    await waitFor(() => expect(usePreferencesStore.getState().language).toBe('en'));
    expect(JSON.parse(localStorage.getItem('language')!)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  describe('mobile Products tab', () => {
    const original = window.matchMedia;
    beforeEach(() => {
      window.matchMedia = ((query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} })) as never;
    });
    afterEach(() => {
      window.matchMedia = original;
    });

    it.each(['/product-list/L2', '/see/X9', '/product-list/L1'])('is the current tab on %s', async (path) => {
      useSessionStore.setState({ token: { name: 't1', bearer: 'good' }, defaultListId: 'L1' });
      answers['GET /api/product-lists'] = signedInLists;
      renderApp(path);
      const tabs = screen.getByRole('navigation', { name: 'Sections' });
      expect(within(tabs).getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
      expect(within(tabs).getByRole('link', { name: 'Lists' })).not.toHaveAttribute('aria-current');
    });

    it('is not the current tab on the lists page', async () => {
      useSessionStore.setState({ token: { name: 't1', bearer: 'good' }, defaultListId: 'L1' });
      answers['GET /api/product-lists'] = signedInLists;
      renderApp('/product-lists');
      const tabs = screen.getByRole('navigation', { name: 'Sections' });
      expect(within(tabs).getByRole('link', { name: 'Products' })).not.toHaveAttribute('aria-current');
      await waitFor(() => expect(within(tabs).getByRole('link', { name: 'Lists' })).toHaveAttribute('aria-current', 'page'));
    });
  });
});
