// main.ts as ops run it: `npm start -w services/auth` in its own process, alone.
import { describeStandaloneStart } from '@wishlist/service-kit/src/testing/standalone';

describe('services/auth started alone', () => {
  jest.setTimeout(60_000);
  describeStandaloneStart({ name: 'auth', usesDatabase: true, upstreams: ['LISTS_URL', 'OFFERS_URL'], production: ['PUBLIC_URL', 'IDENTITY_SECRET', 'SMTP_URL'] });
});
