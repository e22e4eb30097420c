// The api-client functions the auth pages call, mocked (jest.mock in each test file with
// `jest.mock('@wishlist/api-client', () => require('../test/api').apiMock())`).
import type * as Api from '@wishlist/api-client';

export function apiMock() {
  const actual = jest.requireActual<typeof Api>('@wishlist/api-client');
  return {
    ...actual,
    createToken: jest.fn(),
    askSignIn: jest.fn(),
    getSignInRequest: jest.fn(),
    refuseSignIn: jest.fn(),
    getTokenState: jest.fn(),
    validateToken: jest.fn(),
    refreshDefaultListId: jest.fn(),
    deleteAccount: jest.fn(),
    getSignedInDevices: jest.fn(),
    endSignedInDevice: jest.fn(),
    signOut: jest.fn(() => Promise.resolve()),
  };
}

export function mocked() {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const api = require('@wishlist/api-client') as typeof Api;
  return {
    createToken: api.createToken as jest.MockedFunction<typeof Api.createToken>,
    askSignIn: api.askSignIn as jest.MockedFunction<typeof Api.askSignIn>,
    getSignInRequest: api.getSignInRequest as jest.MockedFunction<typeof Api.getSignInRequest>,
    refuseSignIn: api.refuseSignIn as jest.MockedFunction<typeof Api.refuseSignIn>,
    getTokenState: api.getTokenState as jest.MockedFunction<typeof Api.getTokenState>,
    validateToken: api.validateToken as jest.MockedFunction<typeof Api.validateToken>,
    refreshDefaultListId: api.refreshDefaultListId as jest.MockedFunction<typeof Api.refreshDefaultListId>,
    deleteAccount: api.deleteAccount as jest.MockedFunction<typeof Api.deleteAccount>,
    getSignedInDevices: api.getSignedInDevices as jest.MockedFunction<typeof Api.getSignedInDevices>,
    endSignedInDevice: api.endSignedInDevice as jest.MockedFunction<typeof Api.endSignedInDevice>,
    signOut: api.signOut as jest.MockedFunction<typeof Api.signOut>,
    ApiError: api.ApiError,
  };
}
