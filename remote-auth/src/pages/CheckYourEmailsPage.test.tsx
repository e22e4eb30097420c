import { act, screen } from '@testing-library/react';
import { useNotificationsStore, usePreferencesStore, useSessionStore } from '@wishlist/stores';
import { mocked } from '../test/api';
import { seriousViolations } from '../test/axe';
import { currentLocation, renderPage } from '../test/render';
import CheckYourEmailsPage from './CheckYourEmailsPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();

const PATH = '/check-your-emails';
const notifications = () => useNotificationsStore.getState().items;
const tick = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  jest.clearAllMocks();
  jest.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
  useSessionStore.setState({ token: { name: 't42', bearer: 'b42' }, defaultListId: null });
  usePreferencesStore.setState({ authRedirection: null, authReason: null });
  useNotificationsStore.setState({ items: [] });
  api.getTokenState.mockResolvedValue('pending');
  api.refreshDefaultListId.mockImplementation(async () => {
    useSessionStore.setState({ defaultListId: 'L1' });
    return 'L1';
  });
});
afterEach(() => jest.useRealTimers());

describe('CheckYourEmailsPage', () => {
  it('shows the address, a waiting status and the use-another-address link', async () => {
    sessionStorage.setItem('wishlist-auth-email', 'me@example.com');
    const { container } = await renderPage(<CheckYourEmailsPage />, { path: PATH });
    expect(screen.getByRole('heading', { level: 1, name: 'Check your e-mails' })).toHaveFocus();
    expect(screen.getByText('me@example.com').tagName).toBe('STRONG');
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for you to confirm from the link…');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('link', { name: 'Use another address' })).toHaveAttribute('href', '/authenticate');
    jest.useRealTimers();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('polls the token every 2 s; after 3 polls validated: notification, default list page', async () => {
    api.getTokenState.mockResolvedValueOnce('pending').mockResolvedValueOnce('pending').mockResolvedValueOnce('validated');
    await renderPage(<CheckYourEmailsPage />, { path: PATH });
    await tick(0);
    expect(api.getTokenState).toHaveBeenCalledTimes(1);
    expect(api.getTokenState).toHaveBeenCalledWith('t42');
    await tick(1999);
    expect(api.getTokenState).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(api.getTokenState).toHaveBeenCalledTimes(2);
    await tick(2000);
    expect(api.getTokenState).toHaveBeenCalledTimes(3);
    expect(currentLocation()).toBe('/product-list/L1');
    expect(notifications()).toEqual([
      expect.objectContaining({ type: 'success', message: 'You are authenticated. You can start adding products to your wishlist.' }),
    ]);
    expect(api.refreshDefaultListId).toHaveBeenCalled();
    await tick(10000);
    expect(api.getTokenState).toHaveBeenCalledTimes(3);
  });

  it.each([
    ['account-deletion', 'You are signed in. You can now delete your account.'],
    ['offering', 'You are signed in. Here is the offer you received: you can answer it.'],
    ['favorite', 'You are signed in. We are adding the list to your favorites.'],
    ['session-ended', 'You are signed in again. You are back where you were.'],
    [null, 'You are authenticated. You can start adding products to your wishlist.'],
  ] as const)('the success notice says what a sign-in for %s was for', async (reason, message) => {
    usePreferencesStore.setState({ authReason: reason });
    api.getTokenState.mockResolvedValue('validated');
    await renderPage(<CheckYourEmailsPage />, { path: PATH });
    await tick(0);
    expect(notifications()).toEqual([expect.objectContaining({ type: 'success', message })]);
  });

  it('goes to the stored auth-redirection and clears it', async () => {
    usePreferencesStore.getState().setAuthRedirection('/delete-account');
    api.getTokenState.mockResolvedValue('validated');
    await renderPage(<CheckYourEmailsPage />, { path: PATH });
    await tick(0);
    expect(currentLocation()).toBe('/delete-account');
    expect(usePreferencesStore.getState().authRedirection).toBeNull();
    expect(localStorage.getItem('auth-redirection')).toBeNull();
  });

  it('keeps polling through transient failures, and a dead token (410) fails to /validate-email-failed/unknown', async () => {
    api.getTokenState.mockResolvedValueOnce('pending').mockResolvedValueOnce('pending').mockResolvedValueOnce('dead');
    await renderPage(<CheckYourEmailsPage />, { path: PATH });
    await tick(0);
    await tick(2000);
    expect(currentLocation()).toBe(PATH);
    await tick(2000);
    expect(currentLocation()).toBe('/validate-email-failed/unknown');
    expect(notifications()).toEqual([]);
  });

  it('stops polling when unmounted', async () => {
    const { unmount } = await renderPage(<CheckYourEmailsPage />, { path: PATH });
    await tick(0);
    await tick(2000);
    expect(api.getTokenState).toHaveBeenCalledTimes(2);
    unmount();
    await tick(10000);
    expect(api.getTokenState).toHaveBeenCalledTimes(2);
  });

  it('without a pending token on this device, goes back to /authenticate', async () => {
    useSessionStore.setState({ token: null });
    await renderPage(<CheckYourEmailsPage />, { path: PATH });
    expect(currentLocation()).toBe('/authenticate');
    expect(api.getTokenState).not.toHaveBeenCalled();
  });

  it('shows the match code of this sign-in, the one the link\'s page shows too', async () => {
    sessionStorage.setItem('wishlist-auth-match-code', JSON.stringify({ tokenName: 't42', code: '4827' }));
    const { container } = await renderPage(<CheckYourEmailsPage />, { path: PATH });
    expect(screen.getByText('4827').tagName).toBe('STRONG');
    expect(screen.getByText('4827').parentElement).toHaveTextContent('Your code: 4827');
    expect(screen.getByText('The page opened from the e-mail will show the same code.')).toBeInTheDocument();
    jest.useRealTimers();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('never shows the code of another sign-in', async () => {
    sessionStorage.setItem('wishlist-auth-match-code', JSON.stringify({ tokenName: 't7', code: '4827' }));
    await renderPage(<CheckYourEmailsPage />, { path: PATH });
    expect(screen.queryByText('4827')).toBeNull();
  });

  it('refused from the link: says so, drops the pending token and offers to ask again', async () => {
    sessionStorage.setItem('wishlist-auth-match-code', JSON.stringify({ tokenName: 't42', code: '4827' }));
    api.getTokenState.mockResolvedValueOnce('pending').mockResolvedValueOnce('refused');
    await renderPage(<CheckYourEmailsPage />, { path: PATH });
    await tick(0);
    await tick(2000);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign-in refused' })).toHaveFocus();
    expect(screen.getByText('The sign-in was refused from the link in the e-mail: this device is not signed in.')).toBeInTheDocument();
    expect(screen.getByText('If it was you, ask again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/authenticate');
    expect(currentLocation()).toBe(PATH);
    expect(useSessionStore.getState().token).toBeNull();
    expect(sessionStorage.getItem('wishlist-auth-match-code')).toBeNull();
    await tick(10000);
    expect(api.getTokenState).toHaveBeenCalledTimes(2);
    expect(notifications()).toEqual([]);
  });

  it('refused, in French', async () => {
    api.getTokenState.mockResolvedValue('refused');
    await renderPage(<CheckYourEmailsPage />, { path: PATH, lang: 'fr' });
    await tick(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion refusée' })).toBeInTheDocument();
    expect(screen.getByText('Si c’était vous, refaites la demande.')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    await renderPage(<CheckYourEmailsPage />, { path: PATH, lang: 'fr' });
    expect(screen.getByRole('heading', { level: 1, name: 'Consultez vos e-mails' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Utiliser une autre adresse' })).toBeInTheDocument();
  });
});
