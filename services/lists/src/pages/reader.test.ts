import { createPageReader, PageReaderBusy, PageUnreadable, type PageReader } from './reader';

// A page that costs its reader seconds: every block re-opens the formatting elements left open
// before it (bounded to a few by markup.ts, still far more than 200 ms on 3 MB).
const slowPage = () => {
  let html = '<!doctype html><title>Slow</title><body>';
  for (let i = 0; html.length < 3 * 1024 * 1024; i += 1) html += `<div><b id=${i}>x</div>`;
  return html;
};

describe('createPageReader: pages read in worker threads', () => {
  jest.setTimeout(60_000);
  const readers: PageReader[] = [];
  const reader = (options: Partial<Parameters<typeof createPageReader>[0]> = {}) => {
    const created = createPageReader({ threads: 1, timeoutMs: 10_000, maxQueue: 4, maxHeapMb: 256, ...options });
    readers.push(created);
    return created;
  };
  afterAll(() => Promise.all(readers.map((r) => r.close())));

  it('reads a page off the main thread and answers its metadata', async () => {
    const meta = await reader().read('<title>Blue Teapot | Shop</title><h1>Blue Teapot</h1><img src="/t.jpg">', 'https://shop.example/p');
    expect(meta).toEqual({ title: 'Blue Teapot', images: ['https://shop.example/t.jpg'], price: null, currency: null, siteName: null });
  });

  it('terminates a read past its deadline (PageUnreadable "deadline"); the next read gets a new thread', async () => {
    const short = reader({ timeoutMs: 300 });
    await short.read('<title>Warm</title>', 'https://shop.example/'); // the thread is up: the deadline measures the read
    await expect(short.read(slowPage(), 'https://shop.example/slow')).rejects.toEqual(expect.objectContaining({ name: 'PageUnreadable', reason: 'deadline' }));
    const after = await short.read('<title>After</title>', 'https://shop.example/');
    expect(after.title).toBe('After');
  });

  it('refuses a read at once when every thread is busy and the queue is full (PageReaderBusy)', async () => {
    const full = reader({ timeoutMs: 1000, maxQueue: 0 });
    const running = full.read(slowPage(), 'https://shop.example/slow').catch((err: unknown) => err);
    await expect(full.read('<title>Next</title>', 'https://shop.example/')).rejects.toBeInstanceOf(PageReaderBusy);
    expect(await running).toBeInstanceOf(PageUnreadable);
  });

  it('lets a read wait for a thread, no longer than the deadline', async () => {
    const queued = reader({ timeoutMs: 500, maxQueue: 2 });
    await queued.read('<title>Warm</title>', 'https://shop.example/');
    const page = slowPage();
    // Ended by its deadline, or by the heap limit first on a new thread's longer allowance.
    const settle = (p: Promise<unknown>) => p.then(() => 'read', (err: unknown) => (err instanceof PageReaderBusy ? 'busy' : err instanceof PageUnreadable ? 'unreadable' : 'other'));
    // The first read runs until its deadline or the heap limit ends it; the second waits for the
    // thread (never refused at once), then runs on a new one. The third waits for both: it runs
    // when they ended early enough (the heap limit), else it is refused as busy once it has waited
    // one read's time. Either way nothing is read, and nothing waits for ever.
    const outcomes = await Promise.all([settle(queued.read(page, 'https://shop.example/1')), settle(queued.read(page, 'https://shop.example/2')), settle(queued.read(page, 'https://shop.example/3'))]);
    expect(outcomes.slice(0, 2)).toEqual(['unreadable', 'unreadable']);
    expect(['unreadable', 'busy']).toContain(outcomes[2]);
  });

  it('refuses reads once closed', async () => {
    const closing = reader();
    await closing.close();
    await expect(closing.read('<title>x</title>', 'https://shop.example/')).rejects.toBeInstanceOf(PageReaderBusy);
  });
});
