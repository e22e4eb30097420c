import request from 'supertest';
import { startTestDatabase, type Mail, type Mailer, type TestDatabase } from '@wishlist/service-kit';
import { listsConfig } from '../config';
import { Reminder } from '../data/reminders';
import { createListsService } from '../http/app';
import { api, person, type Person } from '../test-support/harness';
import { reminderTexts } from './reminderMail';
import { createReminderSweeper } from './sweep';
import { unsubscribePageTexts } from './unsubscribe';
import type { UsersApi } from './users';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

const PUBLIC_URL = 'https://wishlist.example';

/** A fake auth service, a mailer that keeps what it sends, and a clock the test moves. */
function world() {
  const sent: Mail[] = [];
  const langs = new Map<string, 'en' | 'fr'>();
  const gone = new Set<string>();
  let failures = 0;
  const clock = { now: new Date('2030-01-01T08:00:00Z') };
  const users: UsersApi = {
    async contact(userId) {
      return gone.has(userId) ? null : { email: `${userId}@mail.example`, lang: langs.get(userId) ?? 'en' };
    },
  };
  const mailer: Mailer = {
    mode: 'outbox',
    async send(mail) {
      if (failures > 0) {
        failures--;
        throw new Error('smtp down');
      }
      sent.push(mail);
    },
    close: () => undefined,
  };
  const config = listsConfig.load({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL });
  const service = createListsService(config, { users, mailer, now: () => clock.now });
  const sweeper = () => createReminderSweeper({ users, mailer, publicUrl: PUBLIC_URL, now: () => clock.now });
  return {
    sent,
    langs,
    gone,
    clock,
    service,
    sweeper,
    failNext: (n: number) => (failures = n),
    at: (iso: string) => (clock.now = new Date(iso)),
    sweep: () => service.reminders.sweep(),
    to: (p: Person) => sent.filter((m) => m.to === `${p.id}@mail.example`),
  };
}

async function follow(follower: Person, listId: string) {
  expect((await api().put(`/api/favorites/${listId}`).set(follower.headers)).status).toBe(204);
}

async function setDate(owner: Person, listId: string, eventDate: string | null) {
  const res = await api().patch(`/api/product-lists/${listId}`).set(owner.headers).send({ eventDate });
  expect(res.status).toBe(200);
}

/** Polls a condition (the sweep runs in the background), failing after 10 s. */
async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(condition()).toBe(true);
}

const tokenOf = (mail: Mail) => /\/api\/favorites\/reminders\/([A-Za-z0-9_-]{22})/.exec(mail.text)![1];

describe('occasion reminders', () => {
  it('mail each follower once, 14 days before, in their language; never the owner', async () => {
    const w = world();
    const owner = await person();
    const anna = await person();
    const bruno = await person('fr');
    w.langs.set(bruno.id, 'fr');
    await follow(anna, owner.defaultListId);
    await follow(bruno, owner.defaultListId);
    await setDate(owner, owner.defaultListId, '2030-01-20');

    w.at('2030-01-05T23:59:00Z');
    expect(await w.sweep()).toEqual({ lists: 0, sent: 0, dropped: 0 });
    w.at('2030-01-06T00:01:00Z');
    expect(await w.sweep()).toEqual({ lists: 1, sent: 2, dropped: 0 });
    expect(await w.sweep()).toEqual({ lists: 0, sent: 0, dropped: 0 });
    expect(w.to(owner)).toEqual([]);

    const [en] = w.to(anna);
    expect(en.subject).toBe(reminderTexts.en.subject);
    expect(en.text).toContain('“My wish list”');
    expect(en.text).toMatch(/Sunday,? 20 January 2030, in 14 days\./);
    expect(en.text).toContain(`${PUBLIC_URL}/see/${owner.defaultListId}`);
    expect(en.headers).toEqual({
      'List-Unsubscribe': `<${PUBLIC_URL}/api/favorites/reminders/${tokenOf(en)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const [fr] = w.to(bruno);
    expect(fr.subject).toBe(reminderTexts.fr.subject);
    expect(fr.text).toMatch(/dimanche 20 janvier 2030, dans 14\s+jours\./);
    expect(fr.html).toContain('<html lang="fr">');
  });

  it('are sent once whatever the number of copies sweeping together', async () => {
    const w = world();
    const owner = await person();
    const followers = await Promise.all([person(), person(), person()]);
    for (const f of followers) await follow(f, owner.defaultListId);
    await setDate(owner, owner.defaultListId, '2030-01-10');
    const results = await Promise.all([w.sweeper().sweep(), w.sweeper().sweep(), w.sweeper().sweep()]);
    expect(results.reduce((n, r) => n + r.lists, 0)).toBe(1);
    // Another copy sweeping afterwards finds nothing left either.
    await w.sweeper().sweep();
    expect(w.sent).toHaveLength(3);
    expect(new Set(w.sent.map((m) => m.to)).size).toBe(3);
  });

  it('a new date re-arms the reminder; the same date again reminds nobody twice', async () => {
    const w = world();
    const owner = await person();
    const anna = await person();
    await follow(anna, owner.defaultListId);
    await setDate(owner, owner.defaultListId, '2030-01-10');
    await w.sweep();
    expect(w.to(anna)).toHaveLength(1);
    await setDate(owner, owner.defaultListId, '2030-01-12');
    await w.sweep();
    expect(w.to(anna)).toHaveLength(2);
    expect(w.to(anna)[1].text).toContain('12 January 2030');
    await setDate(owner, owner.defaultListId, '2030-01-10');
    await w.sweep();
    expect(w.to(anna)).toHaveLength(2);
  });

  it('none for a date in the past, none for an archived list, none after the date was cleared, none to a deleted account', async () => {
    const w = world();
    const owner = await person();
    const anna = await person();
    const second = await owner.createList('Second');
    await follow(anna, owner.defaultListId);
    await follow(anna, second);
    await setDate(owner, owner.defaultListId, '2029-12-31');
    await w.sweep();
    expect(w.sent).toEqual([]);

    await setDate(owner, second, '2030-01-10');
    await api().patch(`/api/product-lists/${second}`).set(owner.headers).send({ archived: true });
    await w.sweep();
    expect(w.sent).toEqual([]);
    // Restored after the date: still nothing.
    w.at('2030-01-11T00:00:00Z');
    await api().patch(`/api/product-lists/${second}`).set(owner.headers).send({ archived: false });
    await w.sweep();
    expect(w.sent).toEqual([]);

    await setDate(owner, owner.defaultListId, '2030-01-30');
    await setDate(owner, owner.defaultListId, null);
    await w.sweep();
    expect(w.sent).toEqual([]);

    const bob = await person();
    await follow(bob, second);
    w.gone.add(bob.id);
    await setDate(owner, second, '2030-01-20');
    expect(await w.sweep()).toMatchObject({ lists: 1, sent: 1, dropped: 1 });
    expect(w.to(anna)).toHaveLength(1);
  });

  it('a mail that cannot be sent is retried later, then sent once', async () => {
    const w = world();
    const owner = await person();
    const anna = await person();
    await follow(anna, owner.defaultListId);
    await setDate(owner, owner.defaultListId, '2030-01-10');
    w.failNext(1);
    await w.sweep();
    expect(w.sent).toEqual([]);
    await w.sweep();
    expect(w.sent).toEqual([]); // not before its retry time
    w.at('2030-01-01T08:02:00Z');
    await w.sweep();
    await w.sweep();
    expect(w.to(anna)).toHaveLength(1);
  });

  it('unsubscribe: opening the link changes nothing, its POST stops this list’s reminders, without signing in', async () => {
    const w = world();
    const owner = await person();
    const anna = await person();
    await follow(anna, owner.defaultListId);
    await setDate(owner, owner.defaultListId, '2030-01-10');
    await w.sweep();
    const token = tokenOf(w.to(anna)[0]);
    const app = w.service.app;

    // Stored hashed only.
    const stored = await Reminder.findOne({}).lean().exec();
    expect(JSON.stringify(stored)).not.toContain(token);

    const read = await request(app).get(`/api/favorites/reminders/${token}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ listName: 'My wish list', eventDate: '2030-01-10', unsubscribed: false });
    const page = await request(app).get(`/api/favorites/reminders/${token}`).set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html');
    expect(page.text).toContain('<form method="post"><button type="submit">Stop the reminders</button></form>');
    expect((await request(app).get(`/api/favorites/reminders/${token}`)).body.data.unsubscribed).toBe(false);

    // RFC 8058: the mail client's one-click POST.
    const done = await request(app).post(`/api/favorites/reminders/${token}`).type('form').send('List-Unsubscribe=One-Click');
    expect(done.status).toBe(200);
    expect(done.body.data.unsubscribed).toBe(true);
    const again = await request(app).post(`/api/favorites/reminders/${token}`).set('Accept', 'text/html');
    expect(again.text).toContain('Done: you will receive no more reminders');

    // Still a favorite, but no more reminders of this list.
    expect((await api().get('/api/favorites').set(anna.headers)).body.data).toHaveLength(1);
    await setDate(owner, owner.defaultListId, '2030-01-12');
    await w.sweep();
    expect(w.to(anna)).toHaveLength(1);
  });

  it('the unsubscribe page speaks the recipient’s language; unknown and malformed tokens answer 404', async () => {
    const w = world();
    const owner = await person();
    const bruno = await person('fr');
    w.langs.set(bruno.id, 'fr');
    await follow(bruno, owner.defaultListId);
    await setDate(owner, owner.defaultListId, '2030-01-10');
    await w.sweep();
    const token = tokenOf(w.to(bruno)[0]);
    const page = await request(w.service.app).get(`/api/favorites/reminders/${token}`).set('Accept', 'text/html');
    expect(page.text).toContain('<html lang="fr">');
    expect(page.text).toContain(unsubscribePageTexts.fr.button);
    for (const bad of ['A'.repeat(22), 'short', `${token}x`]) {
      const res = await request(w.service.app).post(`/api/favorites/reminders/${bad}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('reminder_not_found');
    }
  });

  it('escape the list name in the HTML mail and keep it off the subject', async () => {
    const w = world();
    const owner = await person();
    const anna = await person();
    await api().patch(`/api/product-lists/${owner.defaultListId}`).set(owner.headers).send({ name: '<b>Party</b> & "fun"' });
    await follow(anna, owner.defaultListId);
    await setDate(owner, owner.defaultListId, '2030-01-10');
    await w.sweep();
    const [mail] = w.to(anna);
    expect(mail.html).toContain('&lt;b&gt;Party&lt;/b&gt; &amp; &quot;fun&quot;');
    expect(mail.html).not.toContain('<b>Party');
    expect(mail.subject).not.toContain('Party');
  });

  it('someone who follows the list once its reminder is due is reminded too, once', async () => {
    // Following goes through the app, which reads the real clock: dates from today.
    const w = world();
    const today = new Date();
    w.at(today.toISOString());
    const inDays = (n: number) => new Date(today.getTime() + n * 86_400_000).toISOString().slice(0, 10);
    const owner = await person();
    const anna = await person();
    await follow(anna, owner.defaultListId);
    await setDate(owner, owner.defaultListId, inDays(9));
    await w.sweep();
    const late = await person();
    await follow(late, owner.defaultListId);
    w.at(new Date(Date.now() + 1000).toISOString()); // the late reminder is due from the moment of the follow
    await w.sweep();
    expect(w.to(late)).toHaveLength(1);
    await api().delete(`/api/favorites/${owner.defaultListId}`).set(late.headers);
    await follow(late, owner.defaultListId);
    await w.sweep();
    expect(w.to(late)).toHaveLength(1);
    expect(w.to(anna)).toHaveLength(1);
    // Following a list whose date is further away than the reminder reaches reminds nobody yet.
    const second = await owner.createList('Later');
    await setDate(owner, second, inDays(100));
    await follow(late, second);
    await w.sweep();
    expect(w.to(late)).toHaveLength(1);
  });

  it('a started service sends a reminder as soon as a change makes it due, without waiting for its interval', async () => {
    const w = world();
    const owner = await person();
    const anna = await person();
    await follow(anna, owner.defaultListId);
    w.service.start();
    try {
      const res = await request(w.service.app).patch(`/api/product-lists/${owner.defaultListId}`).set(owner.headers).send({ eventDate: '2030-01-10' });
      expect(res.status).toBe(200);
      await waitFor(() => w.to(anna).length === 1);
    } finally {
      await w.service.stop();
    }
    expect(w.to(anna)).toHaveLength(1);
  });

  it('texts exist in English and French alike', () => {
    expect(Object.keys(reminderTexts.fr).sort()).toEqual(Object.keys(reminderTexts.en).sort());
    expect(Object.keys(unsubscribePageTexts.fr).sort()).toEqual(Object.keys(unsubscribePageTexts.en).sort());
  });
});
