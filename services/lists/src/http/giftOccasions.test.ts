import { startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { ProductList } from '../data/models';
import { api, fromService, newId, person } from '../test-support/harness';
import { UPCOMING_PAGE } from './giftOccasions';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

describe('POST /internal/lists/occasions', () => {
  it("answers each known list's name and date; unknown and malformed ids are missing", async () => {
    const me = await person();
    const created = await api().post('/api/product-lists').set(me.headers).send({ name: 'Birthday', eventDate: '2030-02-28' });
    const birthday = created.body.data.id as string;
    const res = await api()
      .post('/internal/lists/occasions')
      .set(await fromService('offers'))
      .send({ ids: [birthday, me.defaultListId, newId(), 'junk', birthday] });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        { id: birthday, name: 'Birthday', eventDate: '2030-02-28' },
        { id: me.defaultListId, name: 'My wish list', eventDate: null },
      ]),
    );
  });

  it('is for the offers service only, and refuses a malformed body', async () => {
    expect((await api().post('/internal/lists/occasions').send({ ids: [] })).status).toBe(401);
    expect((await api().post('/internal/lists/occasions').set(await fromService('gateway')).send({ ids: [] })).status).toBe(403);
    expect((await api().post('/internal/lists/occasions').set(await fromService('offers')).send({ ids: 'x' })).status).toBe(400);
  });
});

describe('POST /internal/lists/occasions/upcoming', () => {
  const upcoming = async (body: object) => api().post('/internal/lists/occasions/upcoming').set(await fromService('offers')).send(body);

  it('answers the lists whose date lies between the two days, both included, a page at a time in id order', async () => {
    const me = await person();
    const made: Record<string, string> = {};
    for (const eventDate of ['2030-03-09', '2030-03-10', '2030-03-12', '2030-03-13']) {
      made[eventDate] = (await api().post('/api/product-lists').set(me.headers).send({ name: `On ${eventDate}`, eventDate })).body.data.id;
    }
    const res = await upcoming({ from: '2030-03-10', to: '2030-03-12' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { id: made['2030-03-10'], name: 'On 2030-03-10', eventDate: '2030-03-10' },
        { id: made['2030-03-12'], name: 'On 2030-03-12', eventDate: '2030-03-12' },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
      next: null,
    });
    // More than a page: each list once, across the pages.
    await ProductList.insertMany(Array.from({ length: UPCOMING_PAGE + 20 }, (_, i) => ({ ownerId: me.id, name: `Party ${i}`, eventDate: '2030-03-11' })));
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await upcoming({ from: '2030-03-10', to: '2030-03-12', ...(after ? { after } : {}) });
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((l: { id: string }) => l.id));
      after = page.body.next ?? undefined;
      pages++;
    } while (after);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(UPCOMING_PAGE + 22);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(seen);
  });

  it('is for the offers service only, and refuses days that are not days, in the wrong order, or too far apart', async () => {
    const ok = { from: '2030-03-10', to: '2030-03-12' };
    expect((await api().post('/internal/lists/occasions/upcoming').send(ok)).status).toBe(401);
    expect((await api().post('/internal/lists/occasions/upcoming').set(await fromService('gateway')).send(ok)).status).toBe(403);
    for (const body of [{}, { from: '2030-3-10', to: '2030-03-12' }, { from: '2030-03-12', to: '2030-03-10' }, { from: '2030-01-01', to: '2031-06-01' }, { ...ok, after: 'junk' }]) {
      const res = await upcoming(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBeDefined();
    }
  });
});
