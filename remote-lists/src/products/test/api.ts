// The api-client functions the product forms call, mocked (each test file:
// `jest.mock('@wishlist/api-client', () => require('./test/api').apiMock())`).
import type * as Api from '@wishlist/api-client';
import type { Product, ProductList } from '@wishlist/contracts';

export function apiMock() {
  const actual = jest.requireActual<typeof Api>('@wishlist/api-client');
  return {
    ...actual,
    getPageMetadata: jest.fn(),
    getProductLists: jest.fn(),
    createProductList: jest.fn(),
    createProduct: jest.fn(),
    updateProduct: jest.fn(),
    deleteProduct: jest.fn(),
    getProductInList: jest.fn(),
    setProductLists: jest.fn(),
  };
}

export function mocked() {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const api = require('@wishlist/api-client') as typeof Api;
  return {
    getPageMetadata: api.getPageMetadata as jest.MockedFunction<typeof Api.getPageMetadata>,
    getProductLists: api.getProductLists as jest.MockedFunction<typeof Api.getProductLists>,
    createProductList: api.createProductList as jest.MockedFunction<typeof Api.createProductList>,
    createProduct: api.createProduct as jest.MockedFunction<typeof Api.createProduct>,
    updateProduct: api.updateProduct as jest.MockedFunction<typeof Api.updateProduct>,
    deleteProduct: api.deleteProduct as jest.MockedFunction<typeof Api.deleteProduct>,
    getProductInList: api.getProductInList as jest.MockedFunction<typeof Api.getProductInList>,
    setProductLists: api.setProductLists as jest.MockedFunction<typeof Api.setProductLists>,
    ApiError: api.ApiError,
  };
}

export const list = (id: string, name: string, isOwner = true, products: Product[] = []): ProductList => ({
  id,
  name,
  isOwner,
  products,
});

export const product = (over: Partial<Product> = {}): Product => ({
  id: 'p1',
  name: 'Red kite',
  image: 'https://shop.example/kite.jpg',
  price: 1999,
  url: 'https://shop.example/kite',
  websiteName: 'shop.example',
  productListId: 'L1',
  hasBeenOffered: false,
  isWishlisted: true,
  hasFocus: false,
  isMovable: false,
  ...over,
});
