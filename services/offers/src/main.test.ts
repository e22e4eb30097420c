// main.ts as ops run it: `npm start -w services/offers` in its own process, alone.
import { describeStandaloneStart } from '@wishlist/service-kit/src/testing/standalone';

describe('services/offers started alone', () => {
  jest.setTimeout(60_000);
  describeStandaloneStart({ name: 'offers', usesDatabase: true, upstreams: ['LISTS_URL', 'AUTH_URL'], production: ['PUBLIC_URL', 'IDENTITY_SECRET', 'SMTP_URL'] });
});
