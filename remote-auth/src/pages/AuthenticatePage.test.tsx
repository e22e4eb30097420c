import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useNotificationsStore, usePreferencesStore, useSessionStore } from '@wishlist/stores';
import { mocked } from '../test/api';
import { seriousViolations } from '../test/axe';
import { currentLocation, headingProblems, renderPage } from '../test/render';
import AuthenticatePage from './AuthenticatePage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();

const ROUTE = '/authenticate/:reason?';
const notifications = () => useNotificationsStore.getState().items;

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  useSessionStore.setState({ token: null, defaultListId: null });
  usePreferencesStore.setState({ authRedirection: null, authReason: null });
  useNotificationsStore.setState({ items: [] });
});

const field = () => screen.getByLabelText(/E-mail address/);
const submit = () => screen.getByRole('button', { name: 'Send me a sign-in link' });

describe('AuthenticatePage', () => {
  it('renders an accessible form, focuses the title and keeps submit disabled until the address matches', async () => {
    const { container } = await renderPage(<AuthenticatePage />, { path: '/authenticate', route: ROUTE });
    const h1 = screen.getByRole('heading', { level: 1, name: 'Sign in to your wishlist' });
    expect(h1).toHaveFocus();
    expect(document.title).toBe('Sign in · Wishlist');
    expect(field()).toHaveAttribute('type', 'email');
    expect(field()).toHaveAttribute('autocomplete', 'email');
    expect(submit()).toBeDisabled();
    fireEvent.change(field(), { target: { value: 'someone@example' } });
    fireEvent.blur(field());
    expect(submit()).toBeDisabled();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription(expect.stringContaining('Enter a valid e-mail address'));
    fireEvent.change(field(), { target: { value: 'someone@example.com' } });
    expect(submit()).toBeEnabled();
    expect(field()).not.toHaveAttribute('aria-invalid');
    expect(notifications()).toEqual([]);
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it.each([
    ['mandatory', 'You need to be signed in to add products.', 'You need to authenticate yourself to be able to add products.'],
    ['account-deletion', 'To delete your account', 'You need to authenticate yourself to be able to delete your account.'],
  ])('reason %s: its description and notification', async (reason, description, notice) => {
    await renderPage(<AuthenticatePage />, { path: `/authenticate/${reason}`, route: ROUTE });
    expect(screen.getByText(new RegExp(description))).toBeInTheDocument();
    expect(notifications()).toEqual([expect.objectContaining({ type: 'info', message: notice })]);
  });

  it('reason favorite: its description, no notification', async () => {
    await renderPage(<AuthenticatePage />, { path: '/authenticate/favorite', route: ROUTE });
    expect(screen.getByText(/keep this list in your favorites/)).toBeInTheDocument();
    expect(notifications()).toEqual([]);
  });

  it.each([
    ['offering', /Someone offered you gifts from your list\. Sign in to see the offer and answer it/],
    ['session-ended', /You are signed out: your session has ended\. Sign in again to go on where you were/],
  ])('reason %s: its own words, never "to add products", no notification', async (reason, description) => {
    await renderPage(<AuthenticatePage />, { path: `/authenticate/${reason}`, route: ROUTE });
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(screen.queryByText(/add products/)).toBeNull();
    expect(notifications()).toEqual([]);
  });

  it.each([
    ['/authenticate/account-deletion', 'account-deletion', '/delete-account'],
    ['/authenticate/offering', 'offering', null],
    ['/authenticate', null, null],
  ])('%s: remembers the reason of the sign-in (its success notice), and where deletion returns', async (path, reason, redirection) => {
    api.askSignIn.mockResolvedValue({ token: 'bearer-1', matchCode: '0427' });
    await renderPage(<AuthenticatePage />, { path, route: ROUTE });
    fireEvent.change(field(), { target: { value: 'me@example.com' } });
    fireEvent.click(submit());
    await waitFor(() => expect(currentLocation()).toBe('/check-your-emails'));
    expect(usePreferencesStore.getState().authReason).toBe(reason);
    expect(JSON.parse(localStorage.getItem('auth-reason')!)).toBe(reason);
    expect(usePreferencesStore.getState().authRedirection).toBe(redirection);
  });

  it('sends the address with a new token name and the language, stores the bearer and goes to /check-your-emails', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(1700000000000);
    let resolve!: (answer: { token: string; matchCode: string | null }) => void;
    api.askSignIn.mockReturnValue(new Promise((r) => (resolve = r)));
    await renderPage(<AuthenticatePage />, { path: '/authenticate', route: ROUTE, lang: 'fr' });
    fireEvent.change(screen.getByLabelText(/Adresse e-mail/), { target: { value: ' me@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'M’envoyer un lien de connexion' }));
    const button = screen.getByRole('button', { name: 'M’envoyer un lien de connexion' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    const tokenName = expect.stringMatching(/^t1700000000000-[0-9a-f]{32}$/);
    expect(api.askSignIn).toHaveBeenCalledWith({ email: 'me@example.com', tokenName, language: 'fr' });
    resolve({ token: 'bearer-1', matchCode: '0427' });
    await waitFor(() => expect(currentLocation()).toBe('/check-your-emails'));
    expect(JSON.parse(sessionStorage.getItem('wishlist-auth-match-code')!)).toEqual({ tokenName: expect.any(String), code: '0427' });
    expect(useSessionStore.getState().token).toEqual({ name: tokenName, bearer: 'bearer-1' });
    expect(JSON.parse(localStorage.getItem('token')!)).toEqual({ name: tokenName, bearer: 'bearer-1' });
    expect(sessionStorage.getItem('wishlist-auth-email')).toBe('me@example.com');
    jest.restoreAllMocks();
  });

  it('429: says to try again in a few minutes', async () => {
    api.askSignIn.mockRejectedValue(new api.ApiError(429, {}));
    await renderPage(<AuthenticatePage />, { path: '/authenticate', route: ROUTE });
    fireEvent.change(field(), { target: { value: 'me@example.com' } });
    fireEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in requests. Try again in a few minutes.');
    expect(notifications()).toEqual([expect.objectContaining({ type: 'error', message: 'Too many sign-in requests. Try again in a few minutes.' })]);
    expect(submit()).toBeEnabled();
    expect(currentLocation()).toBe('/authenticate');
  });

  it('422: flags the address as not accepted', async () => {
    api.askSignIn.mockRejectedValue(new api.ApiError(422, { errors: { email: 'invalid' } }));
    await renderPage(<AuthenticatePage />, { path: '/authenticate', route: ROUTE });
    fireEvent.change(field(), { target: { value: 'me@example.com' } });
    fireEvent.click(submit());
    await waitFor(() => expect(field()).toHaveAttribute('aria-invalid', 'true'));
    expect(field()).toHaveAccessibleDescription(expect.stringContaining('This e-mail address was not accepted'));
    fireEvent.change(field(), { target: { value: 'me2@example.com' } });
    expect(field()).not.toHaveAttribute('aria-invalid');
  });

  it('unreachable API: the api-unreachable notification', async () => {
    api.askSignIn.mockRejectedValue(new api.ApiError(500, {}, true));
    await renderPage(<AuthenticatePage />, { path: '/authenticate', route: ROUTE });
    fireEvent.change(field(), { target: { value: 'me@example.com' } });
    fireEvent.click(submit());
    await waitFor(() =>
      expect(notifications()).toEqual([expect.objectContaining({ message: 'Sorry, there is a problem with the product. Try again later.' })]),
    );
    expect(useSessionStore.getState().token).toBeNull();
  });
});
