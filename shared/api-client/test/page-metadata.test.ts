import { useReachabilityStore, useSessionStore } from '@wishlist/stores';
import * as api from '../src';

type Call = { url: string; init: RequestInit };
let calls: Call[];
let responder: (url: string, init: RequestInit) => Promise<Response> | Response;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const meta = {
  url: 'https://shop.example/kite',
  title: '  Red kite  ',
  images: ['https://shop.example/a.jpg', 'http://shop.example/b.jpg', 'javascript:alert(1)', 'https://shop.example/a.jpg'],
  // Only our own picture paths, for images of the answer, are kept.
  pictures: {
    'http://shop.example/b.jpg': '/api/images/aHR0cA.sig',
    'https://shop.example/a.jpg': 'https://evil.example/track.gif',
    'https://elsewhere.example/c.jpg': '/api/images/Yw.sig',
  },
  price: 1999,
  currency: 'eur',
  siteName: 'Shop',
};

beforeEach(() => {
  calls = [];
  responder = () => json(200, { data: meta });
  api.configureApiClient({
    fetch: ((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(responder(url, init));
    }) as typeof fetch,
    timeoutMs: api.CONNECT_TIMEOUT_MS,
  });
  api.clearPageMetadataCache();
  useSessionStore.setState({ token: { name: 't1', bearer: 'b' }, defaultListId: 'L1' });
  useReachabilityStore.setState({ isApiReachable: true });
});
afterEach(() => jest.useRealTimers());

/** The service answers `body` after `ms`, unless the client aborts first (then `aborted()`). */
function answerAfter(ms: number, body: unknown): { aborted: () => boolean } {
  let aborted = false;
  responder = (_url, init) =>
    new Promise((resolve, reject) => {
      init.signal?.addEventListener('abort', () => {
        aborted = true;
        reject(new Error('aborted'));
      });
      setTimeout(() => resolve(json(200, body)), ms);
    });
  return { aborted: () => aborted };
}

describe('getPageMetadata', () => {
  it('posts the URL to /api/pages/metadata and returns normalised metadata', async () => {
    const m = await api.getPageMetadata('https://shop.example/k');
    expect(calls[0].url).toBe('/api/pages/metadata');
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ url: 'https://shop.example/k' });
    expect(m).toEqual({
      url: 'https://shop.example/kite',
      title: 'Red kite',
      images: ['https://shop.example/a.jpg', 'http://shop.example/b.jpg'],
      price: 1999,
      currency: 'EUR',
      siteName: 'Shop',
      pictures: { 'http://shop.example/b.jpg': '/api/images/aHR0cA.sig' },
    });
  });

  it('fills safe defaults when the answer lacks fields', async () => {
    responder = () => json(200, { data: { price: 12.5, images: 'x', url: 'ftp://x' } });
    expect(await api.getPageMetadata('https://a.example/')).toEqual({
      url: 'https://a.example/',
      title: '',
      images: [],
      price: null,
      currency: null,
      siteName: null,
      pictures: {},
    });
  });

  it('caches per URL and drops the entry on failure', async () => {
    await api.getPageMetadata('https://a.example/');
    await api.getPageMetadata('https://a.example/');
    expect(calls).toHaveLength(1);
    responder = () => json(422, { errors: { url: 'The page could not be reached.' } });
    await expect(api.getPageMetadata('https://b.example/')).rejects.toMatchObject({
      status: 422,
      data: { errors: { url: 'The page could not be reached.' } },
    });
    responder = () => json(200, { data: meta });
    await expect(api.getPageMetadata('https://b.example/')).resolves.toMatchObject({ title: 'Red kite' });
    expect(calls).toHaveLength(3);
  });

  it('waits longer than the connect timeout (the service fetches the page first)', async () => {
    jest.useFakeTimers();
    const slow = answerAfter(api.CONNECT_TIMEOUT_MS + 2000, { data: meta });
    const pending = api.getPageMetadata('https://slow.example/');
    await jest.advanceTimersByTimeAsync(api.CONNECT_TIMEOUT_MS + 2500);
    await expect(pending).resolves.toMatchObject({ title: 'Red kite' });
    expect(slow.aborted()).toBe(false);
  });

  it('gives up after its own timeout, as unreachable', async () => {
    jest.useFakeTimers();
    responder = (_url, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const pending = api.getPageMetadata('https://hung.example/');
    const settled = expect(pending).rejects.toMatchObject({ unreachable: true });
    await jest.advanceTimersByTimeAsync(api.PAGE_METADATA_TIMEOUT_MS + 1);
    await settled;
  });

  it('keeps POST /api/pages (the spec HTML fetch) as it was', async () => {
    responder = () => new Response('<title>A</title>', { status: 200, headers: { 'content-type': 'text/html' } });
    expect(await api.fetchPage('https://c.example/')).toBe('<title>A</title>');
    expect(calls[0].url).toBe('/api/pages');
  });
});

describe('checkProductPrice', () => {
  it('waits as long as a page read: the service reads the shop page before it answers', async () => {
    jest.useFakeTimers();
    const slow = answerAfter(api.CONNECT_TIMEOUT_MS + 4000, { data: { id: 'p1', name: 'Kite', price: 1920 } });
    const pending = api.checkProductPrice('p1');
    await jest.advanceTimersByTimeAsync(api.CONNECT_TIMEOUT_MS + 4500);
    await expect(pending).resolves.toMatchObject({ id: 'p1', price: 1920 });
    expect(slow.aborted()).toBe(false);
    expect(calls[0].url).toBe('/api/products-in-lists/p1/price-check');
    expect(calls[0].init.method).toBe('POST');
  });
});
