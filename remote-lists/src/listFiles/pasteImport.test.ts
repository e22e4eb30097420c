import { ApiError, type PageMetadata } from '@wishlist/api-client';
import { NO_IMAGE, type CreateProductRequest, type Product } from '@wishlist/contracts';
import { MAX_PASTE_LINES, PAGE_LIMIT_WAIT_S, productFromPage, readPastedLines, runPasteImport, type PasteImportDeps } from './pasteImport';

const meta = (url: string, over: Partial<PageMetadata> = {}): PageMetadata => ({
  url,
  title: `Title of ${url}`,
  images: [`${url}/a.jpg`],
  price: 1999,
  currency: 'EUR',
  siteName: null,
  ...over,
});

function fakes(over: Partial<PasteImportDeps> = {}) {
  const saved: CreateProductRequest[] = [];
  const waits: number[] = [];
  const deps: PasteImportDeps = {
    getPageMetadata: jest.fn(async (url: string) => meta(url)),
    createProduct: jest.fn(async (p: CreateProductRequest) => {
      saved.push(p);
      return { ...p, id: `P${saved.length}`, websiteName: 'shop.example', hasBeenOffered: false } as Product;
    }),
    wait: jest.fn(async (s: number) => {
      waits.push(s);
    }),
    ...over,
  };
  return { deps, saved, waits };
}

describe('readPastedLines', () => {
  it('keeps addresses in order with their line numbers; refuses what is not an address, and repeats', () => {
    const { lines, refused, tooMany } = readPastedLines('https://a.example/1\n\n  not an address \r\nhttps://a.example/1\nhttps://b.example/2  ');
    expect(lines).toEqual([
      { line: 1, url: 'https://a.example/1' },
      { line: 5, url: 'https://b.example/2' },
    ]);
    expect(refused).toEqual([
      { line: 3, url: 'not an address', problem: { kind: 'invalidUrl' } },
      { line: 4, url: 'https://a.example/1', problem: { kind: 'duplicate', firstLine: 1 } },
    ]);
    expect(tooMany).toBe(false);
    expect(readPastedLines(Array.from({ length: MAX_PASTE_LINES + 1 }, (_, i) => `https://a.example/${i}`).join('\n')).tooMany).toBe(true);
  });
});

describe('productFromPage', () => {
  it('proposes what the single-address flow proposes: title, first picture, price in euros only', () => {
    expect(productFromPage(meta('https://a.example/1'), 'https://a.example/1', 'L1')).toEqual({
      name: 'Title of https://a.example/1',
      image: 'https://a.example/1/a.jpg',
      price: 1999,
      url: 'https://a.example/1',
      productListId: 'L1',
    });
    const bare = productFromPage(meta('https://www.a.example/1', { title: '', images: [], currency: 'USD' }), 'https://www.a.example/1', 'L1');
    expect(bare).toMatchObject({ name: 'a.example', image: NO_IMAGE, price: null });
  });
});

describe('runPasteImport', () => {
  const lines = [1, 2, 3].map((n) => ({ line: n, url: `https://a.example/${n}` }));

  it('adds every line in order, one at a time', async () => {
    const { deps, saved } = fakes();
    const started: number[] = [];
    const results = await runPasteImport(lines, 'L1', deps, { onLineStart: (i) => started.push(i) });
    expect(started).toEqual([0, 1, 2]);
    expect(saved.map((p) => p.url)).toEqual(lines.map((l) => l.url));
    expect(results.every((r) => 'added' in r)).toBe(true);
  });

  it('reports a page that cannot be read and goes on with the next line', async () => {
    const { deps } = fakes({
      getPageMetadata: jest.fn(async (url: string) => {
        if (url.endsWith('/2')) throw new ApiError(422, { code: 'page_blocked', errors: { url: 'blocked' } });
        return meta(url);
      }),
    });
    const results = await runPasteImport(lines, 'L1', deps);
    expect(results.map((r) => ('added' in r ? 'added' : r.problem))).toEqual(['added', { kind: 'page', code: 'page_blocked' }, 'added']);
  });

  it('waits when the page reading limit answers 429, then reads the line again', async () => {
    let refusals = 1;
    const { deps, waits } = fakes({
      getPageMetadata: jest.fn(async (url: string) => {
        if (url.endsWith('/2') && refusals-- > 0) throw new ApiError(429, { error: { code: 'too_many_requests' } });
        return meta(url);
      }),
    });
    const waiting: number[] = [];
    const results = await runPasteImport(lines, 'L1', deps, { onWaiting: (s) => waiting.push(s) });
    expect(waits).toEqual([PAGE_LIMIT_WAIT_S]);
    expect(waiting).toEqual([PAGE_LIMIT_WAIT_S]);
    expect(results.every((r) => 'added' in r)).toBe(true);
  });

  it('stops at a limit of the account: that line and every later one say why, none is tried', async () => {
    const { deps } = fakes();
    (deps.createProduct as jest.Mock).mockImplementationOnce(async (p: CreateProductRequest) => ({ ...p, id: 'P1' }));
    (deps.createProduct as jest.Mock).mockRejectedValueOnce(new ApiError(429, { error: { code: 'too_many_requests' } }));
    const results = await runPasteImport(lines, 'L1', deps);
    expect(results.map((r) => ('added' in r ? 'added' : r.problem.kind))).toEqual(['added', 'tooManyCreated', 'tooManyCreated']);
    expect(deps.getPageMetadata).toHaveBeenCalledTimes(2);
  });

  it('a stop between lines leaves the rest not added', async () => {
    const { deps } = fakes();
    let stop = false;
    const results = await runPasteImport(lines, 'L1', deps, { onLineDone: () => (stop = true), stopped: () => stop });
    expect(results.map((r) => ('added' in r ? 'added' : r.problem.kind))).toEqual(['added', 'stopped', 'stopped']);
  });
});
