import request from 'supertest';
import { startTestDatabase, type Mail, type Mailer, type TestDatabase } from '@wishlist/service-kit';
import { INVITATION_TOKEN_HEADER } from '@wishlist/contracts';
import { listsConfig } from '../config';
import { createListsService } from '../http/app';
import { as, fromService, newUserId } from '../test-support/harness';
import type { UsersApi } from '../reminders/users';
import { invitationTexts } from './invitationMail';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

const PUBLIC_URL = 'https://wishlist.example';

/** The real service with a mailer that keeps what it sends and a fake auth service. */
function world() {
  const sent: Mail[] = [];
  const users: UsersApi = { contact: async (userId) => ({ email: `${userId}@mail.example`, lang: 'en' }) };
  const mailer: Mailer = { mode: 'outbox', send: async (mail) => void sent.push(mail), close: () => undefined };
  const service = createListsService(listsConfig.load({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL }), { users, mailer });
  const api = () => request(service.app);
  async function someone(lang?: 'en' | 'fr') {
    const id = newUserId();
    const headers = await as(id, lang);
    const lists = await api().get('/api/product-lists').set(headers);
    return { id, headers, defaultListId: lists.body.data[0].id as string };
  }
  /** The token of the last invitation mailed to `email` (from the link's fragment). */
  function tokenMailedTo(email: string): string {
    const mail = [...sent].reverse().find((m) => m.to === email);
    if (!mail) throw new Error(`no mail to ${email}`);
    const m = /list-invitation#([A-Za-z0-9_-]+)/.exec(mail.text);
    if (!m) throw new Error('no link in the mail');
    return m[1];
  }
  async function invite(owner: { headers: Record<string, string> }, listId: string, email: string) {
    const res = await api().post(`/api/product-lists/${listId}/managers`).set(owner.headers).send({ email });
    await service.invitations.deliver();
    return res;
  }
  /** Invites `email` and accepts as `who`: the usual way to make a manager. */
  async function makeManager(owner: { headers: Record<string, string> }, listId: string, who: { headers: Record<string, string> }) {
    const email = `keeper-${newUserId()}@mail.example`;
    expect((await invite(owner, listId, email)).status).toBe(201);
    const accepted = await api().post('/api/product-lists/invitations/current/accept').set(who.headers).set(INVITATION_TOKEN_HEADER, tokenMailedTo(email));
    expect(accepted.status).toBe(200);
    return email;
  }
  return { sent, service, api, someone, invite, makeManager, tokenMailedTo };
}

describe('inviting a co-manager by e-mail', () => {
  it('mails a single-use link in the inviter language; opening it changes nothing; accepting needs a sign-in and binds the account', async () => {
    const w = world();
    const owner = await w.someone('fr');
    const friend = await w.someone();
    const res = await w.invite(owner, owner.defaultListId, ' Friend@Mail.example ');
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual(expect.objectContaining({ email: 'friend@mail.example', state: 'pending', isYou: false, acceptedAt: null }));
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0]).toEqual(expect.objectContaining({ to: 'friend@mail.example', subject: invitationTexts.fr.subject }));
    expect(w.sent[0].text).toContain(`${PUBLIC_URL}/fr/list-invitation#`);
    expect(w.sent[0].text).toContain(`${owner.id}@mail.example`);
    // The screen's language wins over the account's.
    await w.api().post(`/api/product-lists/${owner.defaultListId}/managers`).set(owner.headers).set('Accept-Language', 'en-GB,en;q=0.9').send({ email: 'other@mail.example' });
    await w.service.invitations.deliver();
    expect(w.sent.find((m) => m.to === 'other@mail.example')?.subject).toBe(invitationTexts.en.subject);
    w.sent.splice(1);
    const token = w.tokenMailedTo('friend@mail.example');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    // Sending again (a sweep of another copy) mails nothing more.
    await w.service.invitations.deliver();
    expect(w.sent).toHaveLength(1);

    const read = await w.api().get('/api/product-lists/invitations/current').set(INVITATION_TOKEN_HEADER, token);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(expect.objectContaining({ listName: 'Ma liste d’envies', email: 'friend@mail.example' }));
    expect((await w.api().get('/api/product-lists/invitations/current').set(INVITATION_TOKEN_HEADER, token)).status).toBe(200);

    expect((await w.api().post('/api/product-lists/invitations/current/accept').set(INVITATION_TOKEN_HEADER, token)).status).toBe(401);
    const accepted = await w.api().post('/api/product-lists/invitations/current/accept').set(friend.headers).set(INVITATION_TOKEN_HEADER, token);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toEqual({ listId: owner.defaultListId, listName: 'Ma liste d’envies' });

    // Single use.
    expect((await w.api().post('/api/product-lists/invitations/current/accept').set(friend.headers).set(INVITATION_TOKEN_HEADER, token)).status).toBe(404);
    expect((await w.api().get('/api/product-lists/invitations/current').set(INVITATION_TOKEN_HEADER, token)).status).toBe(404);

    // The list is among the friend's lists, after their own, marked as kept with someone.
    const lists = (await w.api().get('/api/product-lists').set(friend.headers)).body.data;
    expect(lists.map((l: { id: string }) => l.id)).toEqual([friend.defaultListId, owner.defaultListId]);
    expect(lists[1]).toEqual(expect.objectContaining({ isOwner: true, isManager: true, recipient: 'me' }));
    expect(lists[0].isManager).toBeUndefined();

    const managers = await w.api().get(`/api/product-lists/${owner.defaultListId}/managers`).set(friend.headers);
    expect(managers.body.data).toEqual([
      expect.objectContaining({ email: 'friend@mail.example', state: 'active', isYou: true, expiresAt: null }),
      expect.objectContaining({ email: 'other@mail.example', state: 'pending', isYou: false }),
    ]);
  });

  it('refuses bad input and strangers with clear errors', async () => {
    const w = world();
    const owner = await w.someone();
    const stranger = await w.someone();
    expect((await w.invite(owner, owner.defaultListId, 'not an address')).body).toEqual(expect.objectContaining({ errors: { email: 'invalid-email' } }));
    expect((await w.invite(owner, owner.defaultListId, 'not an address')).status).toBe(422);
    expect((await w.api().post(`/api/product-lists/${owner.defaultListId}/managers`).set(owner.headers).send({})).status).toBe(422);
    expect((await w.invite(stranger, owner.defaultListId, 'x@mail.example')).status).toBe(403);
    expect((await w.api().get(`/api/product-lists/${owner.defaultListId}/managers`).set(stranger.headers)).status).toBe(404);
    expect((await w.invite(owner, '0123456789abcdef01234567', 'x@mail.example')).status).toBe(404);
    expect((await w.api().get('/api/product-lists/invitations/current').set(INVITATION_TOKEN_HEADER, 'AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await w.api().get('/api/product-lists/invitations/current')).status).toBe(400);
    // The owner cannot become a manager of their own list.
    await w.invite(owner, owner.defaultListId, 'me@mail.example');
    const own = await w.api().post('/api/product-lists/invitations/current/accept').set(owner.headers).set(INVITATION_TOKEN_HEADER, w.tokenMailedTo('me@mail.example'));
    expect(own.status).toBe(409);
    expect(own.body.error.code).toBe('own_list');
  });

  it('inviting an address again renews the invitation: the older link stops working', async () => {
    const w = world();
    const owner = await w.someone();
    const friend = await w.someone();
    await w.invite(owner, owner.defaultListId, 'friend@mail.example');
    const first = w.tokenMailedTo('friend@mail.example');
    await w.invite(owner, owner.defaultListId, 'friend@mail.example');
    const second = w.tokenMailedTo('friend@mail.example');
    expect(second).not.toBe(first);
    expect((await w.api().get(`/api/product-lists/${owner.defaultListId}/managers`).set(owner.headers)).body.data).toHaveLength(1);
    expect((await w.api().post('/api/product-lists/invitations/current/accept').set(friend.headers).set(INVITATION_TOKEN_HEADER, first)).status).toBe(404);
    expect((await w.api().post('/api/product-lists/invitations/current/accept').set(friend.headers).set(INVITATION_TOKEN_HEADER, second)).status).toBe(200);
    const again = await w.invite(owner, owner.defaultListId, 'friend@mail.example');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_manager');
  });
});

describe('what a manager may do', () => {
  it('edits the list as the owner does, and nothing that stays the owner’s', async () => {
    const w = world();
    const owner = await w.someone();
    const friend = await w.someone();
    const listId = owner.defaultListId;
    await w.makeManager(owner, listId, friend);
    const h = friend.headers;

    const created = await w.api().post('/api/products-in-lists').set(h).send({ name: 'Kite', image: 'https://shop.example/k.jpg', price: 1500, url: 'https://shop.example/k', productListId: listId });
    expect(created.status).toBe(201);
    const productId = created.body.data.id;
    const second = (await w.api().post('/api/products-in-lists').set(owner.headers).send({ name: 'Ball', image: 'https://shop.example/b.jpg', price: 500, url: 'https://shop.example/b', productListId: listId })).body.data.id;

    expect((await w.api().patch(`/api/products-in-lists/${productId}`).set(h).send({ name: 'Red kite' })).status).toBe(200);
    expect((await w.api().patch(`/api/product-lists/${listId}/products/${productId}`).set(h).send({ hasBeenOffered: true })).status).toBe(200);
    expect((await w.api().put(`/api/product-lists/${listId}/products-ordering`).set(h).send({ products: [second, productId] })).status).toBe(200);
    const renamed = await w.api().patch(`/api/product-lists/${listId}`).set(h).send({ name: 'Our list', recipient: 'someone-else' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual(expect.objectContaining({ name: 'Our list', recipient: 'someone-else', isOwner: true, isManager: true }));
    expect((await w.api().get(`/api/product-lists/${listId}/export?format=json`).set(h)).status).toBe(200);

    // The owner's view shows the manager's work.
    const seen = (await w.api().get(`/api/product-lists/${listId}`).set(owner.headers)).body.data;
    expect(seen.products.map((p: { name: string }) => p.name)).toEqual(['Ball', 'Red kite']);
    expect(seen).toEqual(expect.objectContaining({ isOwner: true, recipient: 'someone-else' }));
    expect(seen.isManager).toBeUndefined();

    // Owner only: deleting the list, inviting and removing others.
    expect((await w.api().delete(`/api/product-lists/${listId}`).set(h)).status).toBe(403);
    expect((await w.invite(friend, listId, 'other@mail.example')).status).toBe(403);
    const managers = (await w.api().get(`/api/product-lists/${listId}/managers`).set(h)).body.data;
    expect(managers).toHaveLength(1);

    expect((await w.api().delete(`/api/products-in-lists/${productId}`).set(h)).status).toBe(204);
    const link = await w.api().post(`/api/product-lists/${listId}/share-link`).set(h);
    expect(link.status).toBe(200);
    // The keepers follow the list to its new link.
    expect((await w.api().get(`/api/product-lists/${link.body.data.id}/managers`).set(owner.headers)).body.data).toHaveLength(1);
  });

  it('sees private products and places a product on the owner’s lists they keep, never on a list of their own', async () => {
    const w = world();
    const owner = await w.someone();
    const friend = await w.someone();
    const listId = owner.defaultListId;
    const second = (await w.api().post('/api/product-lists').set(owner.headers).send({ name: 'Christmas' })).body.data.id as string;
    await w.makeManager(owner, listId, friend);
    const product = { image: 'https://shop.example/s.jpg', price: 900, url: 'https://shop.example/s', productListId: listId };
    const secret = (await w.api().post('/api/products-in-lists').set(owner.headers).send({ ...product, name: 'Secret', hidden: true })).body.data.id as string;

    const keeperView = (await w.api().get(`/api/product-lists/${listId}`).set(friend.headers)).body.data;
    expect(keeperView.products.map((p: { name: string }) => p.name)).toEqual(['Secret']);
    expect((await w.api().get(`/api/product-lists/${listId}`)).body.data.products).toEqual([]);

    // Christmas is the owner's but not kept by the friend; the friend's own list is not the owner's.
    const put = (ids: string[]) => w.api().put(`/api/products-in-lists/${secret}/lists`).set(friend.headers).send({ productListIds: ids });
    expect((await put([listId, second])).status).toBe(422);
    expect((await put([listId, friend.defaultListId])).status).toBe(422);
    await w.makeManager(owner, second, friend);
    const placed = await put([listId, second]);
    expect(placed.status).toBe(200);
    expect(placed.body.data.productListIds).toEqual([listId, second]);
    const stranger = await w.someone();
    expect((await w.api().put(`/api/products-in-lists/${secret}/lists`).set(stranger.headers).send({ productListIds: [stranger.defaultListId] })).status).toBe(403);
  });

  it('a stranger changes nothing, and a visitor never sees who receives', async () => {
    const w = world();
    const owner = await w.someone();
    const stranger = await w.someone();
    const listId = owner.defaultListId;
    const productId = (await w.api().post('/api/products-in-lists').set(owner.headers).send({ name: 'Ball', image: 'https://shop.example/b.jpg', price: 500, url: 'https://shop.example/b', productListId: listId })).body.data.id;
    const h = stranger.headers;
    expect((await w.api().post('/api/products-in-lists').set(h).send({ name: 'X', image: 'https://shop.example/x.jpg', price: 1, url: 'https://shop.example/x', productListId: listId })).status).toBe(403);
    expect((await w.api().patch(`/api/products-in-lists/${productId}`).set(h).send({ name: 'Y' })).status).toBe(403);
    expect((await w.api().delete(`/api/products-in-lists/${productId}`).set(h)).status).toBe(403);
    expect((await w.api().patch(`/api/product-lists/${listId}`).set(h).send({ name: 'Z' })).status).toBe(403);
    expect((await w.api().put(`/api/product-lists/${listId}/products-ordering`).set(h).send({ products: [productId] })).status).toBe(403);
    expect((await w.api().post(`/api/product-lists/${listId}/share-link`).set(h)).status).toBe(403);
    expect((await w.api().get(`/api/product-lists/${listId}/export?format=json`).set(h)).status).toBe(404);
    for (const viewer of [h, {}]) {
      const seen = (await w.api().get(`/api/product-lists/${listId}`).set(viewer)).body.data;
      expect(seen.isOwner).toBe(false);
      expect(seen.recipient).toBeUndefined();
      expect(seen.isManager).toBeUndefined();
    }
  });

  it('recipient is asked on creation and checked', async () => {
    const w = world();
    const owner = await w.someone();
    const made = await w.api().post('/api/product-lists').set(owner.headers).send({ name: 'For Léa', recipient: 'someone-else' });
    expect(made.status).toBe(201);
    expect(made.body.data.recipient).toBe('someone-else');
    const plain = await w.api().post('/api/product-lists').set(owner.headers).send({ name: 'Mine' });
    expect(plain.body.data.recipient).toBe('me');
    const bad = await w.api().post('/api/product-lists').set(owner.headers).send({ name: 'X', recipient: 'cat' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ recipient: 'invalid-recipient' });
    expect((await w.api().patch(`/api/product-lists/${made.body.data.id}`).set(owner.headers).send({ recipient: 'us' })).body.data.recipient).toBe('us');
  });
});

describe('removing keepers', () => {
  it('the owner removes a manager or an invitation; access ends at once; a manager may leave', async () => {
    const w = world();
    const owner = await w.someone();
    const friend = await w.someone();
    const other = await w.someone();
    const listId = owner.defaultListId;
    await w.makeManager(owner, listId, friend);
    await w.makeManager(owner, listId, other);
    await w.invite(owner, listId, 'pending@mail.example');
    const entries = (await w.api().get(`/api/product-lists/${listId}/managers`).set(owner.headers)).body.data as { id: string; state: string; isYou: boolean }[];
    expect(entries.map((e) => e.state)).toEqual(['active', 'active', 'pending']);

    // A manager cannot remove another one.
    expect((await w.api().delete(`/api/product-lists/${listId}/managers/${entries[1].id}`).set(friend.headers)).status).toBe(403);
    // The owner removes the pending invitation: its link stops working.
    const pendingToken = w.tokenMailedTo('pending@mail.example');
    expect((await w.api().delete(`/api/product-lists/${listId}/managers/${entries[2].id}`).set(owner.headers)).status).toBe(204);
    expect((await w.api().get('/api/product-lists/invitations/current').set(INVITATION_TOKEN_HEADER, pendingToken)).status).toBe(404);

    // Read once (cached), then removed: the next write and read know it.
    expect((await w.api().get(`/api/product-lists/${listId}`).set(friend.headers)).body.data.isOwner).toBe(true);
    expect((await w.api().delete(`/api/product-lists/${listId}/managers/${entries[0].id}`).set(owner.headers)).status).toBe(204);
    expect((await w.api().patch(`/api/product-lists/${listId}`).set(friend.headers).send({ name: 'Mine now' })).status).toBe(403);
    expect((await w.api().get(`/api/product-lists/${listId}`).set(friend.headers)).body.data.isOwner).toBe(false);
    expect((await w.api().get('/api/product-lists').set(friend.headers)).body.data).toHaveLength(1);

    // The other manager leaves by themselves.
    const mine = ((await w.api().get(`/api/product-lists/${listId}/managers`).set(other.headers)).body.data as { id: string; isYou: boolean }[]).find((e) => e.isYou)!;
    expect((await w.api().delete(`/api/product-lists/${listId}/managers/${mine.id}`).set(other.headers)).status).toBe(204);
    expect((await w.api().get(`/api/product-lists/${listId}/managers`).set(owner.headers)).body.data).toEqual([]);
    expect((await w.api().delete(`/api/product-lists/${listId}/managers/${mine.id}`).set(owner.headers)).status).toBe(404);
  });

  it('erasing an account removes its manager roles and its invitations', async () => {
    const w = world();
    const owner = await w.someone();
    const friend = await w.someone();
    await w.makeManager(owner, owner.defaultListId, friend);
    await w.invite(friend, friend.defaultListId, 'invited@mail.example');
    await w.invite(owner, owner.defaultListId, 'gone@mail.example');
    const erase = await w.api().post(`/internal/users/${friend.id}/erase`).set(await fromService('auth')).send({ email: 'gone@mail.example' });
    expect(erase.status).toBe(200);
    expect(erase.body.data.deleted.managers).toBe(3);
    expect((await w.api().get(`/api/product-lists/${owner.defaultListId}/managers`).set(owner.headers)).body.data).toEqual([]);
    const seen = (await w.api().get(`/api/product-lists/${owner.defaultListId}`).set(friend.headers)).body.data;
    expect(seen.isOwner).toBe(false);
  });
});

describe('GET /internal/product-lists/{id}/keepers', () => {
  it('tells the offers service who keeps a list and who receives', async () => {
    const w = world();
    const owner = await w.someone();
    const friend = await w.someone();
    await w.makeManager(owner, owner.defaultListId, friend);
    const res = await w.api().get(`/internal/product-lists/${owner.defaultListId}/keepers`).set(await fromService('offers'));
    expect(res.body.data).toEqual({ listId: owner.defaultListId, ownerId: owner.id, managerIds: [friend.id], recipient: 'me' });
    expect((await w.api().get(`/internal/product-lists/${owner.defaultListId}/keepers`).set(await fromService('gateway'))).status).toBe(403);
    expect((await w.api().get('/internal/product-lists/0123456789abcdef01234567/keepers').set(await fromService('offers'))).status).toBe(404);
  });
});
