import { authConfig } from './config';

const load = (env: Record<string, string>) => authConfig.load({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });

describe('auth settings: the services told to erase an account, run as several copies', () => {
  it('takes every copy of lists and offers from LISTS_URL and OFFERS_URL', () => {
    const config = load({ LISTS_URL: 'http://lists-a:4002, http://lists-b:4002/', OFFERS_URL: 'http://offers:4003' });
    expect(config.erasureTargets).toEqual([
      { name: 'lists', url: 'http://lists-a:4002,http://lists-b:4002' },
      { name: 'offers', url: 'http://offers:4003' },
    ]);
  });

  it('reads copies separated by | in ERASURE_TARGETS, and names a bad one', () => {
    expect(load({ ERASURE_TARGETS: 'lists=http://a:1|http://b:2/' }).erasureTargets).toEqual([{ name: 'lists', url: 'http://a:1,http://b:2' }]);
    expect(() => load({ ERASURE_TARGETS: 'lists=http://a:1|nope' })).toThrow(/ERASURE_TARGETS/);
    expect(() => load({ LISTS_URL: 'http://a:1,nope' })).toThrow(/LISTS_URL/);
  });
});
