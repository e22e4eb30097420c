// main.ts as ops run it: `npm start -w services/gateway` in its own process, alone.
import { describeStandaloneStart } from '@wishlist/service-kit/src/testing/standalone';

describe('services/gateway started alone', () => {
  jest.setTimeout(60_000);
  describeStandaloneStart({ name: 'gateway', usesDatabase: false, upstreams: ['AUTH_URL', 'LISTS_URL', 'OFFERS_URL'], production: ['PUBLIC_URL', 'IDENTITY_SECRET'] });
});
