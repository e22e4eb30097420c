import { screen, waitFor } from '@testing-library/react';
import { useNotificationsStore, usePreferencesStore, useSessionStore } from '@wishlist/stores';
import { mocked } from '../test/api';
import { currentLocation, renderPage } from '../test/render';
import ValidateEmailPage, { forgetValidations } from './ValidateEmailPage';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();

const ROUTE = '/validate-email/:tokenName/:validationCode';
const PATH = '/validate-email/t42/code-1';
const notifications = () => useNotificationsStore.getState().items;
const AUTH_SUCCESS = 'You are authenticated. You can start adding products to your wishlist.';

beforeEach(() => {
  jest.clearAllMocks();
  forgetValidations();
  localStorage.clear();
  useSessionStore.setState({ token: null, defaultListId: null });
  usePreferencesStore.setState({ authRedirection: null });
  useNotificationsStore.setState({ items: [] });
  api.refreshDefaultListId.mockImplementation(async () => {
    useSessionStore.setState({ defaultListId: 'L1' });
    return 'L1';
  });
});

describe('ValidateEmailPage', () => {
  it('shows a wait message while the link is checked, once per link', async () => {
    api.validateToken.mockReturnValue(new Promise(() => {}));
    await renderPage(<ValidateEmailPage />, { path: PATH, route: ROUTE });
    expect(screen.getByRole('heading', { level: 1, name: 'Validating your e-mail' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Just a moment, we are checking your link…');
    expect(api.validateToken).toHaveBeenCalledTimes(1);
    expect(api.validateToken).toHaveBeenCalledWith({ tokenName: 't42', validationCode: 'code-1' });
  });

  it('on this device: notification, then the stored redirect', async () => {
    useSessionStore.setState({ token: { name: 't42', bearer: 'b42' } });
    usePreferencesStore.getState().setAuthRedirection('/create-product');
    api.validateToken.mockResolvedValue({ isValidated: true });
    await renderPage(<ValidateEmailPage />, { path: PATH, route: ROUTE });
    await waitFor(() => expect(currentLocation()).toBe('/create-product'));
    expect(notifications()).toEqual([expect.objectContaining({ type: 'success', message: AUTH_SUCCESS })]);
    expect(usePreferencesStore.getState().authRedirection).toBeNull();
  });

  it('on this device without a stored redirect: the default list page', async () => {
    useSessionStore.setState({ token: { name: 't42', bearer: 'b42' } });
    api.validateToken.mockResolvedValue({ isValidated: true });
    await renderPage(<ValidateEmailPage />, { path: PATH, route: ROUTE });
    await waitFor(() => expect(currentLocation()).toBe('/product-list/L1'));
    expect(notifications()).toHaveLength(1);
  });

  it('already signed in here with another token: the default list page', async () => {
    useSessionStore.setState({ token: { name: 't7', bearer: 'b7' }, defaultListId: 'L9' });
    api.validateToken.mockResolvedValue({ isValidated: true });
    await renderPage(<ValidateEmailPage />, { path: PATH, route: ROUTE });
    await waitFor(() => expect(currentLocation()).toBe('/product-list/L9'));
    expect(notifications()).toEqual([]);
  });

  it('another device: /validate-email-success', async () => {
    api.validateToken.mockResolvedValue({ isValidated: true });
    await renderPage(<ValidateEmailPage />, { path: PATH, route: ROUTE });
    await waitFor(() => expect(currentLocation()).toBe('/validate-email-success'));
    expect(api.refreshDefaultListId).not.toHaveBeenCalled();
    expect(notifications()).toEqual([]);
  });

  it('same token name but its bearer does not work: /validate-email-success', async () => {
    useSessionStore.setState({ token: { name: 't42', bearer: 'b42' } });
    api.refreshDefaultListId.mockResolvedValue(null);
    api.validateToken.mockResolvedValue({ isValidated: true });
    await renderPage(<ValidateEmailPage />, { path: PATH, route: ROUTE });
    await waitFor(() => expect(currentLocation()).toBe('/validate-email-success'));
  });

  it.each([
    ['too-many-tries', 400],
    ['incorrect-data', 422],
    ['unknown', 500],
  ] as const)('failure %s (status %s): /validate-email-failed/%s', async (reason, _status) => {
    api.validateToken.mockResolvedValue({ isValidated: false, reason });
    await renderPage(<ValidateEmailPage />, { path: PATH, route: ROUTE });
    await waitFor(() => expect(currentLocation()).toBe(`/validate-email-failed/${reason}`));
    expect(notifications()).toEqual([]);
  });
});
