// main.ts as ops run it: `npm start -w services/lists` in its own process, alone.
import { describeStandaloneStart } from '@wishlist/service-kit/src/testing/standalone';

describe('services/lists started alone', () => {
  jest.setTimeout(60_000);
  describeStandaloneStart({ name: 'lists', usesDatabase: true, upstreams: [], production: ['IDENTITY_SECRET'] });
});
