// The api-client functions the list pages call, mocked (in each test file:
// `jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock())`).
import type * as Api from '@wishlist/api-client';
import type { Product, ProductList } from '@wishlist/contracts';

const names = [
  'getProductLists',
  'getProductList',
  'getFavorites',
  'createProductList',
  'updateProductList',
  'deleteProductList',
  'resetShareLink',
  'updateProductInList',
  'deleteProductInList',
  'orderProducts',
  'addFavorite',
  'removeFavorite',
  'refreshDefaultListId',
  'signOut',
  'setProductListArchived',
  'setProductReceived',
  'getListManagers',
  'inviteListManager',
  'removeListManager',
  'getListInvitation',
  'acceptListInvitation',
] as const;

export function apiMock() {
  const actual = jest.requireActual<typeof Api>('@wishlist/api-client');
  return { ...actual, ...Object.fromEntries(names.map((n) => [n, jest.fn()])) };
}

type Mocked = { [K in (typeof names)[number]]: jest.MockedFunction<(typeof Api)[K]> };

export function mocked(): Mocked & { ApiError: typeof Api.ApiError } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const api = require('@wishlist/api-client') as typeof Api;
  return { ...(Object.fromEntries(names.map((n) => [n, api[n]])) as unknown as Mocked), ApiError: api.ApiError };
}

/** Sensible defaults: every call succeeds with nothing. */
export function resetApi(api: ReturnType<typeof mocked>) {
  jest.clearAllMocks();
  api.getProductLists.mockResolvedValue([]);
  api.getFavorites.mockResolvedValue([]);
  api.getProductList.mockRejectedValue(new api.ApiError(404, {}));
  api.updateProductInList.mockResolvedValue(undefined);
  api.deleteProductInList.mockResolvedValue(undefined);
  api.deleteProductList.mockResolvedValue(undefined);
  api.resetShareLink.mockRejectedValue(new api.ApiError(404, {}));
  api.orderProducts.mockResolvedValue(undefined);
  api.addFavorite.mockResolvedValue(undefined);
  api.removeFavorite.mockResolvedValue(undefined);
  api.updateProductList.mockResolvedValue(undefined);
  api.refreshDefaultListId.mockResolvedValue('L1');
  api.signOut.mockResolvedValue(undefined);
  api.setProductReceived.mockResolvedValue(undefined);
  api.getListManagers.mockResolvedValue([]);
  api.removeListManager.mockResolvedValue(undefined);
  api.getListInvitation.mockRejectedValue(new api.ApiError(404, {}));
  api.setProductListArchived.mockImplementation(async (id, archived) => ({ ...list(id, id), archived }));
}

export function product(id: string, over: Partial<Product> = {}): Product {
  return {
    id,
    name: `Product ${id}`,
    image: `https://shop.example/${id}.jpg`,
    price: 1999,
    url: `https://www.shop.example/p/${id}`,
    websiteName: 'shop.example',
    productListId: over.productListId ?? 'L1',
    hasBeenOffered: false,
    isWishlisted: true,
    hasFocus: false,
    isMovable: false,
    ...over,
  };
}

export function list(id: string, name: string, products: Product[] = [], isOwner = true): ProductList {
  return { id, name, isOwner, products: products.map((p) => ({ ...p, productListId: id })) };
}
