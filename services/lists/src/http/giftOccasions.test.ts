import { startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { api, fromService, newId, person } from '../test-support/harness';

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
