// The api-client functions the pages call, mocked (jest.mock in each test file with
// `jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock())`).
import type * as Api from '@wishlist/api-client';
import type { BasketInput } from '@wishlist/stores';

export function apiMock() {
  const actual = jest.requireActual<typeof Api>('@wishlist/api-client');
  return {
    ...actual,
    createOffering: jest.fn(),
    getOffering: jest.fn(),
    acceptOffering: jest.fn(),
    refuseOffering: jest.fn(),
    confirmOffering: jest.fn(),
    resendOfferingVerification: jest.fn(),
    getOfferingWithdrawal: jest.fn(),
    withdrawOffering: jest.fn(),
    getProductLists: jest.fn(() => Promise.resolve([])),
    getProductInList: jest.fn(),
    getGroupGiftTotals: jest.fn(),
    createPledge: jest.fn(),
    getPledge: jest.fn(),
    confirmPledge: jest.fn(),
    withdrawPledge: jest.fn(),
    getGifts: jest.fn(),
    getProductList: jest.fn(() => Promise.reject(new actual.ApiError(404, {}))),
    changeGift: jest.fn(),
    withdrawGift: jest.fn(),
  };
}

export function mocked() {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const api = require('@wishlist/api-client') as typeof Api;
  return {
    createOffering: api.createOffering as jest.MockedFunction<typeof Api.createOffering>,
    getOffering: api.getOffering as jest.MockedFunction<typeof Api.getOffering>,
    acceptOffering: api.acceptOffering as jest.MockedFunction<typeof Api.acceptOffering>,
    refuseOffering: api.refuseOffering as jest.MockedFunction<typeof Api.refuseOffering>,
    confirmOffering: api.confirmOffering as jest.MockedFunction<typeof Api.confirmOffering>,
    resendOfferingVerification: api.resendOfferingVerification as jest.MockedFunction<typeof Api.resendOfferingVerification>,
    getOfferingWithdrawal: api.getOfferingWithdrawal as jest.MockedFunction<typeof Api.getOfferingWithdrawal>,
    withdrawOffering: api.withdrawOffering as jest.MockedFunction<typeof Api.withdrawOffering>,
    getProductLists: api.getProductLists as jest.MockedFunction<typeof Api.getProductLists>,
    getProductInList: api.getProductInList as jest.MockedFunction<typeof Api.getProductInList>,
    getGroupGiftTotals: api.getGroupGiftTotals as jest.MockedFunction<typeof Api.getGroupGiftTotals>,
    createPledge: api.createPledge as jest.MockedFunction<typeof Api.createPledge>,
    getPledge: api.getPledge as jest.MockedFunction<typeof Api.getPledge>,
    confirmPledge: api.confirmPledge as jest.MockedFunction<typeof Api.confirmPledge>,
    withdrawPledge: api.withdrawPledge as jest.MockedFunction<typeof Api.withdrawPledge>,
    getProductList: api.getProductList as jest.MockedFunction<typeof Api.getProductList>,
    getGifts: api.getGifts as jest.MockedFunction<typeof Api.getGifts>,
    changeGift: api.changeGift as jest.MockedFunction<typeof Api.changeGift>,
    withdrawGift: api.withdrawGift as jest.MockedFunction<typeof Api.withdrawGift>,
    ApiError: api.ApiError,
  };
}

export const sampleProduct = (id: string, price: number | null = 1000, extra: Partial<BasketInput> = {}) => ({
  id,
  name: `Product ${id}`,
  url: `https://shop.example/${id}`,
  price,
  image: `https://img.example/${id}.jpg`,
  websiteName: 'shop.example',
  hasBeenOffered: false,
  isWishlisted: true,
  hasFocus: false,
  isMovable: false,
  productListId: 'L1',
  ...extra,
});
