import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SignInRequestView } from '@wishlist/contracts';
import { useNotificationsStore, usePreferencesStore, useSessionStore } from '@wishlist/stores';
import { mocked } from '../test/api';
import { seriousViolations } from '../test/axe';
import { currentLocation, renderPage } from '../test/render';
import ValidateEmailPage, { forgetValidations } from './ValidateEmailPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();

const ROUTE = '/validate-email/:tokenName/:validationCode';
const PATH = '/validate-email/t42/code-1';
const notifications = () => useNotificationsStore.getState().items;
const AUTH_SUCCESS = 'You are authenticated. You can start adding products to your wishlist.';
const pendingRequest: SignInRequestView = {
  device: { browser: 'Firefox', os: 'Android' },
  requestedAt: '2026-11-25T13:05:00.000Z',
  timeZone: 'Europe/Paris',
  matchCode: '4827',
  state: 'pending',
};
const YES = 'Yes, sign in this device';
const NOT_ME = 'This was not me';
/** Renders the page and waits for the request it approves. */
async function open(lang: 'en' | 'fr' = 'en') {
  const rendered = await renderPage(<ValidateEmailPage />, { path: PATH, route: ROUTE, lang });
  await screen.findByTestId('request-device');
  return rendered;
}

beforeEach(() => {
  jest.clearAllMocks();
  forgetValidations();
  localStorage.clear();
  useSessionStore.setState({ token: null, defaultListId: null });
  usePreferencesStore.setState({ authRedirection: null });
  useNotificationsStore.setState({ items: [] });
  api.getSignInRequest.mockResolvedValue({ found: true, request: pendingRequest });
  api.refreshDefaultListId.mockImplementation(async () => {
    useSessionStore.setState({ defaultListId: 'L1' });
    return 'L1';
  });
});

describe('ValidateEmailPage: nothing changes on load', () => {
  it('shows a wait message while the request is read, once per link, and sends no PUT', async () => {
    api.getSignInRequest.mockReturnValue(new Promise(() => {}));
    await renderPage(<ValidateEmailPage />, { path: PATH, route: ROUTE });
    expect(screen.getByRole('heading', { level: 1, name: 'Validating your e-mail' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Just a moment, we are checking your link…');
    expect(api.getSignInRequest).toHaveBeenCalledTimes(1);
    expect(api.getSignInRequest).toHaveBeenCalledWith({ tokenName: 't42', validationCode: 'code-1' });
    expect(api.validateToken).not.toHaveBeenCalled();
  });

  it('another device: shows the device, the time, the code and asks to check it; nothing is PUT until Yes', async () => {
    const { container } = await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in this device?' })).toHaveFocus();
    expect(screen.getByTestId('request-device')).toHaveTextContent('Firefox on Android');
    expect(screen.getByTestId('request-code')).toHaveTextContent('4827');
    expect(container.querySelector('time')).toHaveAttribute('dateTime', '2026-11-25T13:05:00.000Z');
    expect(container.querySelector('time')!.textContent).toMatch(/2026/);
    expect(screen.getByText('Check that the code below is the one shown on the screen of the device you want to sign in.')).toBeInTheDocument();
    expect(screen.queryByText('This is the browser that asked.')).toBeNull();
    expect(screen.getByRole('button', { name: YES })).toBeEnabled();
    expect(screen.getByRole('button', { name: NOT_ME })).toBeEnabled();
    expect(api.validateToken).not.toHaveBeenCalled();
    expect(api.refuseSignIn).not.toHaveBeenCalled();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('the browser that asked: says so', async () => {
    useSessionStore.setState({ token: { name: 't42', bearer: 'b42' } });
    await open();
    expect(screen.getByText('This is the browser that asked.')).toBeInTheDocument();
    expect(api.validateToken).not.toHaveBeenCalled();
  });

  it('speaks French', async () => {
    await open('fr');
    expect(screen.getByRole('heading', { level: 1, name: 'Connecter cet appareil\u00a0?' })).toBeInTheDocument();
    expect(screen.getByTestId('request-device')).toHaveTextContent('Firefox sur Android');
    expect(screen.getByRole('button', { name: 'Oui, connecter cet appareil' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ce n’était pas moi' })).toBeInTheDocument();
  });

  it('names an unknown device as such', async () => {
    api.getSignInRequest.mockResolvedValue({ found: true, request: { ...pendingRequest, device: { browser: null, os: null } } });
    await open();
    expect(screen.getByTestId('request-device')).toHaveTextContent('An unknown browser');
  });

  it.each(['too-many-tries', 'incorrect-data', 'unknown'] as const)('a dead link (%s) keeps its failure page', async (reason) => {
    api.getSignInRequest.mockResolvedValue({ found: false, reason });
    await renderPage(<ValidateEmailPage />, { path: PATH, route: ROUTE });
    await waitFor(() => expect(currentLocation()).toBe(`/validate-email-failed/${reason}`));
    expect(api.validateToken).not.toHaveBeenCalled();
  });

  it('an already approved request: the success destination, without a PUT', async () => {
    api.getSignInRequest.mockResolvedValue({ found: true, request: { ...pendingRequest, state: 'validated' } });
    await renderPage(<ValidateEmailPage />, { path: PATH, route: ROUTE });
    await waitFor(() => expect(currentLocation()).toBe('/validate-email-success'));
    expect(api.validateToken).not.toHaveBeenCalled();
  });

  it('an already refused request: its page', async () => {
    api.getSignInRequest.mockResolvedValue({ found: true, request: { ...pendingRequest, state: 'refused' } });
    await renderPage(<ValidateEmailPage />, { path: PATH, route: ROUTE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing was signed in' })).toBeInTheDocument();
    expect(api.validateToken).not.toHaveBeenCalled();
  });
});

describe('ValidateEmailPage: Yes, sign in this device', () => {
  it('PUTs the code once (SPEC §7), then on this device: notification and the stored redirect', async () => {
    useSessionStore.setState({ token: { name: 't42', bearer: 'b42' } });
    usePreferencesStore.getState().setAuthRedirection('/create-product');
    api.validateToken.mockResolvedValue({ isValidated: true });
    await open();
    fireEvent.click(screen.getByRole('button', { name: YES }));
    await waitFor(() => expect(currentLocation()).toBe('/create-product'));
    expect(api.validateToken).toHaveBeenCalledTimes(1);
    expect(api.validateToken).toHaveBeenCalledWith({ tokenName: 't42', validationCode: 'code-1' });
    expect(notifications()).toEqual([expect.objectContaining({ type: 'success', message: AUTH_SUCCESS })]);
    expect(usePreferencesStore.getState().authRedirection).toBeNull();
  });

  it('on this device without a stored redirect: the default list page', async () => {
    useSessionStore.setState({ token: { name: 't42', bearer: 'b42' } });
    api.validateToken.mockResolvedValue({ isValidated: true });
    await open();
    fireEvent.click(screen.getByRole('button', { name: YES }));
    await waitFor(() => expect(currentLocation()).toBe('/product-list/L1'));
    expect(notifications()).toHaveLength(1);
  });

  it('already signed in here with another token: the default list page', async () => {
    useSessionStore.setState({ token: { name: 't7', bearer: 'b7' }, defaultListId: 'L9' });
    api.validateToken.mockResolvedValue({ isValidated: true });
    await open();
    fireEvent.click(screen.getByRole('button', { name: YES }));
    await waitFor(() => expect(currentLocation()).toBe('/product-list/L9'));
    expect(notifications()).toEqual([]);
  });

  it('another device: /validate-email-success', async () => {
    api.validateToken.mockResolvedValue({ isValidated: true });
    await open();
    fireEvent.click(screen.getByRole('button', { name: YES }));
    await waitFor(() => expect(currentLocation()).toBe('/validate-email-success'));
    expect(api.refreshDefaultListId).not.toHaveBeenCalled();
    expect(notifications()).toEqual([]);
  });

  it('same token name but its bearer does not work: /validate-email-success', async () => {
    useSessionStore.setState({ token: { name: 't42', bearer: 'b42' } });
    api.refreshDefaultListId.mockResolvedValue(null);
    api.validateToken.mockResolvedValue({ isValidated: true });
    await open();
    fireEvent.click(screen.getByRole('button', { name: YES }));
    await waitFor(() => expect(currentLocation()).toBe('/validate-email-success'));
  });

  it.each(['too-many-tries', 'incorrect-data', 'unknown'] as const)('failure %s: its failure page', async (reason) => {
    api.validateToken.mockResolvedValue({ isValidated: false, reason });
    await open();
    fireEvent.click(screen.getByRole('button', { name: YES }));
    await waitFor(() => expect(currentLocation()).toBe(`/validate-email-failed/${reason}`));
    expect(notifications()).toEqual([]);
  });
});

describe('ValidateEmailPage: This was not me', () => {
  it('refuses the request, never PUTs, and says nothing was signed in', async () => {
    api.refuseSignIn.mockResolvedValue({ refused: true });
    await open();
    fireEvent.click(screen.getByRole('button', { name: NOT_ME }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing was signed in' })).toHaveFocus();
    expect(api.refuseSignIn).toHaveBeenCalledWith({ tokenName: 't42', validationCode: 'code-1' });
    expect(api.validateToken).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/authenticate');
    expect(currentLocation()).toBe(PATH);
  });

  it('in the browser that asked, the refused token is dropped', async () => {
    useSessionStore.setState({ token: { name: 't42', bearer: 'b42' } });
    api.refuseSignIn.mockResolvedValue({ refused: true });
    await open();
    fireEvent.click(screen.getByRole('button', { name: NOT_ME }));
    await screen.findByRole('heading', { level: 1, name: 'Nothing was signed in' });
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('a transient failure lets the person try again', async () => {
    api.refuseSignIn.mockResolvedValueOnce({ refused: false, reason: 'unknown' }).mockResolvedValueOnce({ refused: true });
    await open();
    fireEvent.click(screen.getByRole('button', { name: NOT_ME }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The request could not be refused. Try again in a moment.');
    fireEvent.click(screen.getByRole('button', { name: NOT_ME }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing was signed in' })).toBeInTheDocument();
  });

  it('a dead link: its failure page', async () => {
    api.refuseSignIn.mockResolvedValue({ refused: false, reason: 'too-many-tries' });
    await open();
    fireEvent.click(screen.getByRole('button', { name: NOT_ME }));
    await waitFor(() => expect(currentLocation()).toBe('/validate-email-failed/too-many-tries'));
  });
});
