// The service worker's routing rules: what it may serve, and what must always reach
// the network so that a remote deployed alone is picked up (README "Upgrading one box").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HASHED_CACHE, isAppNavigation, isHashedStatic, serviceWorkerOptions, type MatchContext } from './serviceWorker';

const origin = self.location.origin;
const nav = (path: string, base = origin): MatchContext => ({ url: new URL(path, base), request: { mode: 'navigate', destination: 'document' } });
const sub = (path: string, base = origin): MatchContext => ({ url: new URL(path, base), request: { mode: 'cors', destination: 'script' } });

describe('navigations: network only, the offline page when the network is gone', () => {
  it.each(['/', '/en', '/fr/politique-de-confidentialite', '/share-target?text=Look%20https%3A%2F%2Fshop.example%2Fp', '/product-list/abc/def', '/create-product/from/aHR0cA%3D%3D/to'])(
    'handles the page %s',
    (path) => {
      expect(isAppNavigation(nav(path))).toBe(true);
    },
  );

  it.each(['/api/health', '/api/images/x', '/remotes/content/mf-manifest.json', '/remotes.json', '/downloads/wishlist-chrome.zip', '/dev/mails', '/.well-known/assetlinks.json', '/manifest.webmanifest', '/sw.js'])(
    'leaves %s to the browser',
    (path) => {
      expect(isAppNavigation(nav(path))).toBe(false);
    },
  );

  it('ignores other origins and sub-resources', () => {
    expect(isAppNavigation(nav('/en', 'https://elsewhere.example'))).toBe(false);
    expect(isAppNavigation(sub('/en'))).toBe(false);
  });
});

describe('cache-first: content-hashed static files only', () => {
  it.each([
    '/static/js/index.1651c216ba.js',
    '/static/js/async/7s.f03faeae79.js',
    '/static/css/async/r.428a15686b.css',
    '/remotes/lists/static/js/async/__federation_expose_ShareTargetPage.0123456789.js',
    '/remotes/content/static/image/extension-popup-en.1a2b3c4d.png',
  ])('serves %s from the cache once fetched', (path) => {
    expect(isHashedStatic(sub(path))).toBe(true);
  });

  it.each([
    ['the runtime config', '/remotes.json'],
    ['a remote manifest', '/remotes/lists/mf-manifest.json'],
    ['a remote entry', '/remotes/lists/remoteEntry.js'],
    ['the API', '/api/product-lists'],
    ['an API path that looks hashed', '/api/images/abcdef0123456789.png'],
    ['the shell page', '/index.html'],
    ['the service worker', '/sw.js'],
    ['the web app manifest', '/manifest.webmanifest'],
    ['an icon (not hashed)', '/icons/icon-192.png'],
    ['a hashed name with a query', '/static/js/index.1651c216ba.js?v=2'],
    ['a short hash', '/static/js/index.1651c2.js'],
  ])('never caches %s (%s)', (_label, path) => {
    expect(isHashedStatic(sub(path))).toBe(false);
  });

  it('ignores other origins and navigations', () => {
    expect(isHashedStatic(sub('/static/js/index.1651c216ba.js', 'https://cdn.example'))).toBe(false);
    expect(isHashedStatic(nav('/static/js/index.1651c216ba.js'))).toBe(false);
  });
});

describe('generateSW options', () => {
  const options = serviceWorkerOptions('/tmp/dist');

  it('takes over at once and precaches nothing but the offline page', () => {
    expect(options).toMatchObject({
      swDest: '/tmp/dist/sw.js',
      globPatterns: ['offline.html'],
      skipWaiting: true,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      navigationPreload: true,
      inlineWorkboxRuntime: true,
    });
    expect(options).not.toHaveProperty('navigateFallback');
  });

  it('has exactly two routes: navigations network-only with the offline fallback, hashed files cache-first', () => {
    expect(options.runtimeCaching).toEqual([
      { urlPattern: isAppNavigation, handler: 'NetworkOnly', options: { precacheFallback: { fallbackURL: '/offline.html' } } },
      {
        urlPattern: isHashedStatic,
        handler: 'CacheFirst',
        options: expect.objectContaining({ cacheName: HASHED_CACHE, cacheableResponse: { statuses: [200] } }),
      },
    ]);
  });

  it('serializes its matchers as self-contained functions (no outer reference)', () => {
    for (const fn of [isAppNavigation, isHashedStatic]) {
      const source = fn.toString();
      // Re-evaluated alone, as sw.js will: same answers.
      const copy = new Function(`return (${source})`)() as typeof fn;
      expect(copy(nav('/en'))).toBe(fn(nav('/en')));
      expect(copy(sub('/static/js/index.1651c216ba.js'))).toBe(fn(sub('/static/js/index.1651c216ba.js')));
      expect(copy(sub('/api/x.1651c216ba.js'))).toBe(false);
    }
  });
});

describe('the offline page', () => {
  const html = readFileSync(join(__dirname, '../public/offline.html'), 'utf8');
  it('speaks English and French and runs no script (the CSP allows none inline)', () => {
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<h1[^>]*>You are offline<\/h1>/);
    expect(html).toMatch(/<section lang="fr"[\s\S]*Vous êtes hors ligne/);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\s(src|href)="(?!")[^"]+"/);
  });
});
