import { ALICE, BOB, offersHarness } from '../test-support/harness';

// Offers for products of an archived list: the lists service refuses the claim with
// `list_archived`, and the giver is told so (the real app, test-support/harness.ts).
const h = offersHarness();
const { offeringsInDb, offerBody } = h;
const post = h.postConfirmed;

describe('POST /api/offerings on an archived list', () => {
  it('refuses products of an archived list with 409 list_archived: nothing created, nothing held, no mail', async () => {
    const free = h.lists.add(ALICE);
    const archived = h.lists.add(BOB, { archived: true });
    h.mailer.sent.length = 0;
    const res = await post(offerBody([free, archived]));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('list_archived');
    expect(res.body.error.message).toMatch(/archived/);
    expect(res.body.conflicts).toEqual([archived]);
    expect(h.lists.held()).toEqual([]);
    expect(await offeringsInDb()).toHaveLength(0);
    expect(h.mailer.sent).toHaveLength(0);
  });
});
