// No shop page can freeze or crash the lists service: crafted pages, served by a local "shop",
// are read through the real app on port 0 while another person reads their list; that read stays
// about as fast as the same read measured first, in this test.
import { once } from 'node:events';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { IDENTITY_HEADER, signIdentity, startTestDatabase, type Listening, type TestDatabase } from '@wishlist/service-kit';
import mongoose from 'mongoose';
import { listsConfig } from '../config';
import { createListsService } from '../http/app';
import { closePageReaders } from './index';

const HEAD = '<!doctype html><html><head><meta property="og:type" content="product"><title>Blue Teapot</title></head><body>';
const nest = (open: string, close: string, depth: number, inner = '') => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
/** The largest page the fetch accepts (PAGE_FETCH_MAX_BYTES, 3 MB by default), filled with `unit`. */
const CAP = 3 * 1024 * 1024;
const filled = (prefix: string, unit: string) => prefix + unit.repeat(Math.floor((CAP - prefix.length - 100) / unit.length));
/** One tag with as many differently named attributes as the cap allows. */
const attributeBomb = () => {
  const names: string[] = [];
  for (let i = 0, size = 0; size < CAP - 200; i += 1) {
    names.push(` a${i}`);
    size += names[names.length - 1].length;
  }
  return `${HEAD}<div${names.join('')}>Blue Teapot</div>`;
};
const formattingBomb = () => {
  let html = HEAD;
  for (let i = 0; html.length < CAP - 100; i += 1) html += `<div><b id=${i}>x</div>`;
  return html;
};

/** Each path a crafted page, built once. */
const PAGES: Record<string, () => string> = {
  '/nested-prices': () => HEAD + nest('<div class="price">', '</div>', 2000, 'not a price'),
  '/nested-img': () => HEAD + nest('<div>', '</div>', 8000, '<img src="/teapot.jpg" alt="Blue Teapot">'),
  '/h1-6000-spans': () => `${HEAD}<h1>${nest('<span>', '</span>', 6000, 'Blue Teapot')}</h1>`,
  '/h1-60000-spans': () => `${HEAD}<h1>${nest('<span>', '</span>', 60_000, 'Blue Teapot')}</h1>`,
  '/cap-nested-divs': () => filled(HEAD, '<div class="price">'),
  '/cap-h1-siblings': () => filled(`${HEAD}<h1>`, '<b>T</b>'),
  '/cap-attributes': attributeBomb,
  '/cap-formatting': formattingBomb,
};
const built = new Map<string, string>();
const pageAt = (path: string) => {
  if (!built.has(path)) built.set(path, PAGES[path]());
  return built.get(path)!;
};

let shop: http.Server;
let shopPort: number;
let db: TestDatabase;
let service: Listening;
let base: string;

beforeAll(async () => {
  shop = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (!(path in PAGES)) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(pageAt(path));
  });
  shop.listen(0, '127.0.0.1');
  await once(shop, 'listening');
  shopPort = (shop.address() as AddressInfo).port;
  db = await startTestDatabase();
  const config = listsConfig.load({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PAGE_FETCH_ALLOWLIST: `127.0.0.1:${shopPort}` });
  service = await createListsService(config).listen(0);
  base = `http://127.0.0.1:${service.port}`;
});

afterAll(async () => {
  await service?.close(1000);
  await closePageReaders();
  await db?.close();
  shop.closeAllConnections();
  shop.close();
});

const headersOf = async (userId: string) => ({ [IDENTITY_HEADER]: await signIdentity({ userId }), 'Content-Type': 'application/json' });

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

/** How long one read of `listId` takes, in ms (a fresh read each time: no cached answer). */
async function timedListRead(listId: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/product-lists/${listId}?t=${Math.random()}`, { headers });
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('crafted shop pages against the page reader', () => {
  jest.setTimeout(240_000);

  it('each answers 200 or 422 page_unreadable in bounded time, and another person reads their list meanwhile as fast as before', async () => {
    // Another person and their list of a few products.
    const other = await headersOf(new mongoose.Types.ObjectId().toHexString());
    const lists = await call('GET', '/api/product-lists', other);
    const listId = ((lists.body!.data as Array<{ id: string }>)[0]).id;
    for (let i = 0; i < 5; i += 1) {
      const added = await call('POST', '/api/products-in-lists', other, { name: `Gift ${i}`, price: 1000 + i, url: `https://shop.example/p/${i}`, productListId: listId });
      expect(added.status).toBe(201);
    }
    // Baseline: the same read, measured now, with nothing else running.
    const baseline: number[] = [];
    for (let i = 0; i < 15; i += 1) baseline.push(await timedListRead(listId, other));
    const allowed = Math.max(20 * median(baseline), 1500);

    const reader = await headersOf(new mongoose.Types.ObjectId().toHexString());
    const deadline = listsConfig.load({ NODE_ENV: 'test' }).pageReaderTimeoutMs;
    const during: number[] = [];
    const outcomes: Record<string, string> = {};
    for (const path of Object.keys(PAGES)) {
      pageAt(path); // built before the clock starts
      const started = performance.now();
      let done = false;
      const answer = call('POST', '/api/pages/metadata', reader, { url: `http://127.0.0.1:${shopPort}${path}?n=${Math.random()}` }).finally(() => {
        done = true;
      });
      // The other person keeps reading their list while this page is being read.
      do during.push(await timedListRead(listId, other));
      while (!done);
      const res = await answer;
      const took = performance.now() - started;
      outcomes[path] = `${res.status} ${res.status === 422 ? String(res.body!.code) : ''}`.trim();
      expect({ path, answered: [200, 422].includes(res.status) }).toEqual({ path, answered: true });
      if (res.status === 422) expect(res.body).toEqual({ errors: { url: expect.stringMatching(/could not be read/) }, code: 'page_unreadable' });
      // Fetching 3 MB locally, then at most the deadline and a thread's start.
      expect({ path, slow: took > deadline + 2000 + 3000 }).toEqual({ path, slow: false });
    }
    expect({ reads: during.length >= Object.keys(PAGES).length, slowest: Math.max(...during) <= allowed }).toEqual({ reads: true, slowest: true });
    // Printed for the record (ratios to the baseline of this run).
    console.log(`list read: baseline median ${median(baseline).toFixed(1)} ms; during crafted reads median ${median(during).toFixed(1)} ms, max ${Math.max(...during).toFixed(1)} ms over ${during.length} reads; pages: ${JSON.stringify(outcomes)}`);
  });

  it('reads one page at a time per person: a second page while the first is read answers 503 page_reader_busy', async () => {
    const person = await headersOf(new mongoose.Types.ObjectId().toHexString());
    pageAt('/cap-formatting');
    // Two pages that each take a reading thread for seconds, asked together by one person.
    const answers = await Promise.all(
      ['a', 'b'].map((tag) => call('POST', '/api/pages/metadata', person, { url: `http://127.0.0.1:${shopPort}/cap-formatting?${tag}=${Math.random()}` })),
    );
    const outcomes = answers.map((res) => ({ status: res.status, code: res.status === 503 ? (res.body!.error as { code: string }).code : res.body!.code, retryAfter: res.headers.get('retry-after') }));
    expect(outcomes).toContainEqual({ status: 503, code: 'page_reader_busy', retryAfter: expect.stringMatching(/^\d+$/) });
    expect(outcomes).toContainEqual({ status: 422, code: 'page_unreadable', retryAfter: null });
    // Once it is over, the same person's next page is read.
    const next = await call('POST', '/api/pages/metadata', person, { url: `http://127.0.0.1:${shopPort}/nested-img?next=${Math.random()}` });
    expect(next.status).toBe(200);
  });

  it('a flood of reads past the queue answers 503 page_reader_busy with Retry-After, never queues without bound', async () => {
    const config = listsConfig.load({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PAGE_FETCH_ALLOWLIST: `127.0.0.1:${shopPort}`,
      PAGE_READER_THREADS: '1',
      PAGE_READER_MAX_QUEUE: '1',
      PAGE_READER_TIMEOUT_MS: '500',
    });
    const small = await createListsService(config).listen(0);
    try {
      pageAt('/cap-formatting');
      const statuses = await Promise.all(
        Array.from({ length: 4 }, async (_, i) => {
          const headers = await headersOf(new mongoose.Types.ObjectId().toHexString());
          const res = await fetch(`http://127.0.0.1:${small.port}/api/pages/metadata`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ url: `http://127.0.0.1:${shopPort}/cap-formatting?flood=${i}` }),
          });
          const body = (await res.json()) as { code?: string; error?: { code: string } };
          return { status: res.status, code: body.code ?? body.error?.code, retryAfter: res.headers.get('retry-after') };
        }),
      );
      const busy = statuses.filter((s) => s.status === 503);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      for (const s of busy) expect(s).toEqual({ status: 503, code: 'page_reader_busy', retryAfter: expect.stringMatching(/^\d+$/) });
      for (const s of statuses.filter((x) => x.status !== 503)) expect(s).toEqual({ status: 422, code: 'page_unreadable', retryAfter: null });
    } finally {
      await small.close(1000);
    }
  });
});
