import { screen, waitFor } from '@testing-library/react';
import { useSessionStore } from '@wishlist/stores';
import { routes } from '../src/routes';
import { currentLocation as location, renderApp, setUpRouteTests } from './helpers';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
setUpRouteTests(['remote_content', 'remote_auth', 'remote_lists']);

describe('lists routes', () => {
  it.each([
    ['/product-list/L1', 'remote_lists/ProductListingPage'],
    ['/product-list/L1/P1', 'remote_lists/ProductListingPage'],
    ['/see/L1', 'remote_lists/SharedListPage'],
    ['/product-list/L1/favorite/true', 'remote_lists/FavoriteListPage'],
  ])('%s renders %s without a session', async (path, module) => {
    renderApp(path);
    expect(await screen.findByText(`page:${module}`)).toBeInTheDocument();
    expect(location()).toBe(path);
  });

  it.each([
    ['/product-lists', 'remote_lists/ProductListsPage'],
    ['/create-product-list', 'remote_lists/CreateProductListPage'],
    ['/edit-product-list/L1', 'remote_lists/EditProductListPage'],
    ['/share-product-list/L1', 'remote_lists/ShareProductListPage'],
    ['/create-product', 'remote_lists/ProductCreationPage'],
    ['/create-product/L1', 'remote_lists/ProductCreationPage'],
    ['/create-product/from/aHR0cHM6Ly9leC5jb20%3D/to/L1', 'remote_lists/ProductFromUrlPage'],
    ['/create-product/from/aHR0cHM6Ly9leC5jb20%3D/to', 'remote_lists/ProductFromUrlPage'],
    ['/product-list/L1/product/P1/edit', 'remote_lists/ProductEditionPage'],
  ])('%s renders %s with a session', async (path, module) => {
    useSessionStore.setState({ defaultListId: 'L1' });
    renderApp(path);
    expect(await screen.findByText(`page:${module}`)).toBeInTheDocument();
  });

  it.each(['/product-lists', '/create-product-list', '/edit-product-list/L1', '/share-product-list/L1', '/create-product/L1', '/product-list/L1/product/P1/edit'])(
    '%s is login-required: /authenticate/mandatory, remembering the path',
    async (path) => {
      renderApp(path);
      await waitFor(() => expect(location()).toBe('/authenticate/mandatory'));
      expect(JSON.parse(localStorage.getItem('auth-redirection')!)).toBe(path);
    },
  );

  it('/share-target (the manifest\'s share_target) renders remote_lists/ShareTargetPage with its query, signed out too', async () => {
    const path = '/share-target?title=Kite&text=Look%20https%3A%2F%2Fshop.example%2Fkite';
    renderApp(path);
    expect(await screen.findByText('page:remote_lists/ShareTargetPage')).toBeInTheDocument();
    expect(location()).toBe(path);
    expect(localStorage.getItem('auth-redirection')).toBeNull();
  });

  it('names the SPEC routes', () => {
    const named = Object.fromEntries(routes.filter((r) => r.name).map((r) => [r.name, r.path]));
    expect(named['product-listing']).toBe('/product-list/:productListId/:productId?');
    expect(named['url-for-product-creation']).toBe('/create-product/:productListId?');
    expect(named['product-edition']).toBe('/product-list/:productListId/product/:productId/edit');
  });
});
