import { fireEvent, screen, waitFor } from '@testing-library/react';
import * as api from '@wishlist/api-client';
import { initI18n, setLanguage } from '@wishlist/i18n';
import { useNotificationsStore, usePreferencesStore, useSessionStore } from '@wishlist/stores';
import { decideHome } from '../src/session/defaultList';
import { renderApp } from './helpers';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(async (id: string) => ({ default: () => <h1>{`page:${id}`}</h1> })),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));
jest.mock('@wishlist/api-client', () => ({
  ...jest.requireActual('@wishlist/api-client'),
  checkHealth: jest.fn(),
}));
const checkHealth = api.checkHealth as jest.MockedFunction<typeof api.checkHealth>;

// GET /api/product-lists answered by a fake fetch (the default list is refreshed inside the client).
type ListsAnswer = { status: number; body?: unknown } | 'offline';
let listsAnswer: ListsAnswer;
// jsdom has no Response: the client only reads status, the content type and the text.
const jsonResponse = (status: number, body: unknown) =>
  ({ status, headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body) }) as unknown as Response;
const fetchMock = jest.fn(async (url: string) => {
  if (url.split('?')[0] !== '/api/product-lists') return jsonResponse(404, {});
  if (listsAnswer === 'offline') throw new TypeError('Failed to fetch');
  return jsonResponse(listsAnswer.status, listsAnswer.body ?? {});
});
const getProductLists = {
  mockResolvedValue: (lists: unknown[]) => (listsAnswer = { status: 200, body: { data: lists } }),
  mockRejectedValue: (e: api.ApiError) => (listsAnswer = e.unreachable ? 'offline' : { status: e.status, body: {} }),
};
const listCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === '/api/product-lists');

beforeAll(() => initI18n('en'));
beforeEach(async () => {
  checkHealth.mockReset();
  fetchMock.mockClear();
  listsAnswer = { status: 500 };
  api.clearApiCaches();
  api.configureApiClient({ fetch: fetchMock as unknown as typeof fetch });
  useSessionStore.setState({ token: null, defaultListId: null });
  useNotificationsStore.setState({ items: [] });
  await setLanguage('en');
});

const list = (id: string) => ({ id, name: id, isOwner: true, products: [] });

describe('decideHome (SPEC §2 `/`)', () => {
  it('goes to the default list when known', async () => {
    useSessionStore.setState({ defaultListId: 'L1' });
    await expect(decideHome()).resolves.toEqual({ to: '/product-list/L1' });
    expect(checkHealth).not.toHaveBeenCalled();
  });
  it('refreshes the default list with a stored bearer (first list returned)', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'b' } });
    getProductLists.mockResolvedValue([list('A'), list('B')]);
    await expect(decideHome()).resolves.toEqual({ to: '/product-list/A' });
    expect(useSessionStore.getState().defaultListId).toBe('A');
  });
  it('goes to /authenticate when signed out and the API answers', async () => {
    checkHealth.mockResolvedValue(true);
    await expect(decideHome()).resolves.toEqual({ to: '/authenticate' });
    expect(listCalls()).toHaveLength(0);
  });
  it('treats a 401 on lists as logged out', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'b' }, defaultListId: null });
    getProductLists.mockRejectedValue(new api.ApiError(401, {}));
    checkHealth.mockResolvedValue(true);
    await expect(decideHome()).resolves.toEqual({ to: '/authenticate' });
  });
  it('goes to /server-error when the API does not answer', async () => {
    checkHealth.mockResolvedValue(false);
    await expect(decideHome()).resolves.toEqual({ to: '/server-error' });
  });
  it('goes to /server-error when the lists call is unreachable', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'b' } });
    getProductLists.mockRejectedValue(new api.ApiError(500, {}, true));
    await expect(decideHome()).resolves.toEqual({ to: '/server-error' });
  });
});

describe('`/` and `/server-error` pages', () => {
  it('navigates from / to the decided route', async () => {
    checkHealth.mockResolvedValue(false);
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/server-error'));
    expect(await screen.findByRole('heading', { name: 'We can’t reach the server' })).toBeInTheDocument();
  });

  it('keeps the encodedProductUrl query on the way to the default list (desktop product from a link)', async () => {
    useSessionStore.setState({ defaultListId: 'L1' });
    renderApp('/?encodedProductUrl=aHR0cHM6Ly9zaG9wLmV4YW1wbGUvcA%3D%3D');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/product-list/L1?encodedProductUrl=aHR0cHM6Ly9zaG9wLmV4YW1wbGUvcA%3D%3D'),
    );
  });

  it('goes to the list the link chose, not the default one, keeping the product (desktop Open in Wishlist)', async () => {
    useSessionStore.setState({ defaultListId: 'L1' });
    renderApp('/?encodedProductUrl=aHR0cHM6Ly9zaG9wLmV4YW1wbGUvcA%3D%3D&productListId=L2');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/product-list/L2?encodedProductUrl=aHR0cHM6Ly9zaG9wLmV4YW1wbGUvcA%3D%3D'),
    );
  });

  it('signed out, the chosen list waits in auth-redirection with the product link', async () => {
    checkHealth.mockResolvedValue(true);
    usePreferencesStore.getState().setAuthRedirection(null);
    renderApp('/?encodedProductUrl=abc&productListId=L2');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/authenticate/mandatory'));
    expect(usePreferencesStore.getState().authRedirection).toBe('/?encodedProductUrl=abc&productListId=L2');
  });

  it('signed out, the product link waits in auth-redirection while the person signs in', async () => {
    checkHealth.mockResolvedValue(true);
    usePreferencesStore.getState().setAuthRedirection(null);
    renderApp('/?encodedProductUrl=abc');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/authenticate/mandatory'));
    expect(usePreferencesStore.getState().authRedirection).toBe('/?encodedProductUrl=abc');
  });

  it('Retry shows the api-unreachable notification while the API is down', async () => {
    checkHealth.mockResolvedValue(false);
    renderApp('/server-error');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(useNotificationsStore.getState().items).toEqual([
        expect.objectContaining({ type: 'error', message: 'Sorry, there is a problem with the product. Try again later.' }),
      ]),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/server-error');
  });

  it('Retry goes to / once reachable (then on to /authenticate)', async () => {
    checkHealth.mockResolvedValue(true);
    renderApp('/server-error');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/authenticate'));
    expect(await screen.findByText('page:remote_auth/AuthenticatePage')).toBeInTheDocument();
    expect(checkHealth).toHaveBeenCalledTimes(2);
  });
});
