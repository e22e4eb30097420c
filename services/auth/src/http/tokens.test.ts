import request from 'supertest';
import mongoose from 'mongoose';
import {
  CLIENT_HEADER,
  clientSpoofAttempts,
  SERVICE_HEADER,
  signClientAddress,
  signServiceAssertion,
  startTestDatabase,
  type TestDatabase,
} from '@wishlist/service-kit';
import { harness, PUBLIC_URL, type Harness } from '../test-support/harness';

let db: TestDatabase;
let h: Harness;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  db = await startTestDatabase();
});
beforeEach(() => {
  h = harness();
});
afterEach(async () => {
  await h.auth.stop();
  await db.clear();
});
afterAll(() => db.close());

const collection = (name: string) => mongoose.connection.db!.collection(name);
const introspect = async (token: unknown, service = 'gateway') =>
  request(h.auth.app)
    .post('/internal/introspect')
    .set(SERVICE_HEADER, await signServiceAssertion(service))
    .send({ token });
const status = (tokenName: string, bearer?: string) => {
  const r = request(h.auth.app).get(`/api/tokens/${tokenName}`);
  return bearer ? r.set('Authorization', `Bearer ${bearer}`) : r;
};

describe('POST /api/tokens (sign-in)', () => {
  it('answers 201 { token } with a random bearer and e-mails the validation link', async () => {
    const res = await request(h.auth.app).post('/api/tokens').send({ email: 'Ann@Example.com', tokenName: 't1700000000000' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['token', 'matchCode']);
    expect(res.body.matchCode).toMatch(/^[0-9]{4}$/);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(res.headers['cache-control']).toBe('no-store');
    expect(h.mailer.sent).toHaveLength(1);
    const mail = h.mailer.sent[0];
    expect(mail.to).toBe('Ann@Example.com');
    expect(mail.subject).toBe('Your Wishlist sign-in link');
    const link = new RegExp(`${PUBLIC_URL}/validate-email/t1700000000000/[A-Za-z0-9_-]{43}`);
    expect(mail.text).toMatch(link);
    expect(mail.html).toMatch(link);
    expect(mail.text).toMatch(/1 hour/);
    expect(mail.text).toMatch(/did not ask/);
  });

  it('stores the bearer and the code hashed only, and the address normalised', async () => {
    const { bearer, code } = await h.signIn('  Bob@Example.COM ', 'tBob');
    const stored = JSON.stringify(await collection('tokens').find().toArray());
    expect(stored).not.toContain(bearer);
    expect(stored).not.toContain(code);
    const users = await collection('users').find().toArray();
    expect(users.map((u) => u.email)).toEqual(['bob@example.com']);
    expect(h.mailer.sent[0].to).toBe('Bob@Example.COM');
  });

  it('gives a different bearer and code every time', async () => {
    const a = await h.signIn('c@example.com', 'tSame');
    const b = await h.signIn('c@example.com', 'tSame');
    expect(a.bearer).not.toBe(b.bearer);
    expect(a.code).not.toBe(b.code);
  });

  it('registers on the first sign-in only, and the answer does not say which one it was', async () => {
    const first = await request(h.auth.app).post('/api/tokens').send({ email: 'new@example.com', tokenName: 'tA' });
    const second = await request(h.auth.app).post('/api/tokens').send({ email: 'new@example.com', tokenName: 'tB' });
    expect(first.status).toBe(second.status);
    expect(Object.keys(first.body)).toEqual(Object.keys(second.body));
    expect(first.body.token.length).toBe(second.body.token.length);
    expect(Object.keys(first.headers).sort()).toEqual(Object.keys(second.headers).sort());
    expect(h.mailer.sent.map((m) => m.subject)).toEqual([h.mailer.sent[0].subject, h.mailer.sent[0].subject]);
    expect(await collection('users').countDocuments()).toBe(1);
  });

  it('makes one account when two first sign-ins of an address arrive at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => request(h.auth.app).post('/api/tokens').send({ email: 'race@example.com', tokenName: `t${i}` })),
    );
    for (const r of answers) expect(r.status).toBe(201);
    expect(await collection('users').countDocuments()).toBe(1);
    expect(await collection('tokens').countDocuments()).toBe(8);
  });

  it('writes in the language of the app: body language, else Accept-Language, else English', async () => {
    await h.signIn('fr1@example.com', 'tFr1', { language: 'fr' });
    await request(h.auth.app).post('/api/tokens').set('Accept-Language', 'fr-FR,fr;q=0.9,en;q=0.8').send({ email: 'fr2@example.com', tokenName: 'tFr2' });
    await request(h.auth.app).post('/api/tokens').set('Accept-Language', 'fr').send({ email: 'en1@example.com', tokenName: 'tEn1', language: 'en' });
    await request(h.auth.app).post('/api/tokens').set('Accept-Language', 'de-DE').send({ email: 'en2@example.com', tokenName: 'tEn2' });
    expect(h.mailer.sent.map((m) => m.subject)).toEqual([
      'Votre lien de connexion Wishlist',
      'Votre lien de connexion Wishlist',
      'Your Wishlist sign-in link',
      'Your Wishlist sign-in link',
    ]);
    expect(h.mailer.sent[0].text).toMatch(/valable 1 heure/);
    expect(h.mailer.sent[0].html).toContain('lang="fr"');
  });

  it.each([
    ['no body', undefined],
    ['an array', [{ email: 'a@example.com', tokenName: 't1' }]],
    ['a string', 'a@example.com'],
    ['email not a string', { email: 42, tokenName: 't1' }],
    ['no tokenName', { email: 'a@example.com' }],
    ['tokenName not a string', { email: 'a@example.com', tokenName: 1 }],
    ['tokenName with a slash', { email: 'a@example.com', tokenName: 'a/b' }],
    ['tokenName too long', { email: 'a@example.com', tokenName: 't'.repeat(65) }],
    ['an unknown language', { email: 'a@example.com', tokenName: 't1', language: 'de' }],
  ])('answers 400 to a malformed body: %s', async (_what, body) => {
    const res = await request(h.auth.app).post('/api/tokens').send(body as object);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(await collection('users').countDocuments()).toBe(0);
    expect(h.mailer.sent).toHaveLength(0);
  });

  it('answers 400 invalid_json to broken JSON', async () => {
    const res = await request(h.auth.app).post('/api/tokens').set('Content-Type', 'application/json').send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_json');
  });

  it.each([
    ['not an address', 'not-an-email'],
    ['no dot in the domain', 'a@localhost'],
    ['two addresses', 'a@example.com,b@example.com'],
    ['a display name', 'Eve <eve@example.com>'],
    ['a header injection', 'a@example.com\r\nBcc: victim@example.com'],
    ['too long', `${'a'.repeat(250)}@example.com`],
    ['empty', ''],
  ])('answers 422 { errors: { email } } for %s, stores and sends nothing', async (_what, email) => {
    const res = await request(h.auth.app).post('/api/tokens').send({ email, tokenName: 't1' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { email: 'invalid-email' } });
    expect(await collection('users').countDocuments()).toBe(0);
    expect(h.mailer.sent).toHaveLength(0);
  });

  it('answers 503 when the mail cannot be sent, leaving no usable token behind', async () => {
    h.mailer.failNext = true;
    const res = await request(h.auth.app).post('/api/tokens').send({ email: 'down@example.com', tokenName: 't1' });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('mail_unavailable');
    expect(await collection('tokens').countDocuments()).toBe(0);
  });
});

describe('PUT /api/tokens (validation code)', () => {
  it('validates with the right code (200), again idempotently, and the bearer then works', async () => {
    const s = await h.signIn('val@example.com');
    expect((await introspect(s.bearer)).status).toBe(401); // useless until validated
    const ok = await h.validate(s.tokenName, s.code);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ isValidated: true });
    expect((await h.validate(s.tokenName, s.code)).status).toBe(200);
    const who = await introspect(s.bearer);
    expect(who.status).toBe(200);
    expect(who.body).toEqual({ data: { userId: expect.stringMatching(/^[a-f0-9]{24}$/), lang: 'en' } });
  });

  it('answers 422 { errors: { validationCode } } to a wrong code', async () => {
    const s = await h.signIn('wrong@example.com');
    const res = await h.validate(s.tokenName, 'x'.repeat(43));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { validationCode: 'The validation link is incorrect or it expired.' } });
  });

  it('allows 5 wrong tries; the 6th attempt and later answer 400 even with the right code (brute force)', async () => {
    const s = await h.signIn('brute@example.com');
    for (let i = 0; i < 5; i += 1) expect((await h.validate(s.tokenName, `wrong${'x'.repeat(30)}${i}`)).status).toBe(422);
    const sixth = await h.validate(s.tokenName, s.code);
    expect(sixth.status).toBe(400);
    expect(sixth.body.error).toEqual({ code: 'too_many_tries', message: 'There were too many failures in trying to validate your email.' });
    expect((await h.validate(s.tokenName, 'y'.repeat(43))).status).toBe(400);
    expect((await h.validate(s.tokenName, s.code)).status).toBe(400);
    expect((await introspect(s.bearer)).status).toBe(401);
    const st = await status(s.tokenName, s.bearer);
    expect(st.status).toBe(410);
    expect(st.body.error.code).toBe('token_too_many_tries');
  });

  it('counts tries atomically when wrong codes arrive at once: never more than 5 wrong answers per token', async () => {
    const s = await h.signIn('parallel@example.com');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => h.validate(s.tokenName, `${'z'.repeat(40)}${i}`)));
    const byStatus = answers.reduce<Record<number, number>>((n, r) => ({ ...n, [r.status]: (n[r.status] ?? 0) + 1 }), {});
    // Exactly the 5 tries are answered "incorrect" (422); every other answer is too-many-tries.
    expect(byStatus).toEqual({ 422: 5, 400: 25 });
    expect((await h.validate(s.tokenName, s.code)).status).toBe(400);
    const token = await collection('tokens').findOne({ name: s.tokenName });
    expect(token?.failedTries).toBe(5);
    expect(token?.validatedAt).toBeNull();
  });

  it('refuses an expired code (422), and the waiting device learns the token is dead (410)', async () => {
    const s = await h.signIn('late@example.com');
    h.clock.advance(3600 * 1000 + 1);
    const res = await h.validate(s.tokenName, s.code);
    expect(res.status).toBe(422);
    expect((await introspect(s.bearer)).status).toBe(401);
    const st = await status(s.tokenName, s.bearer);
    expect(st.status).toBe(410);
    expect(st.body.error.code).toBe('token_expired');
  });

  it('honours VALIDATION_CODE_TTL_SECONDS', async () => {
    h = harness({ VALIDATION_CODE_TTL_SECONDS: '120' });
    const s = await h.signIn('ttl@example.com');
    expect(h.mailer.sent[0].text).toMatch(/2 minutes/);
    h.clock.advance(119 * 1000);
    expect((await h.validate(s.tokenName, s.code)).status).toBe(200);
    const t = await h.signIn('ttl@example.com');
    h.clock.advance(121 * 1000);
    expect((await h.validate(t.tokenName, t.code)).status).toBe(422);
  });

  it('answers 422 to an unknown token name and to a code or name that cannot be ours', async () => {
    const s = await h.signIn('unknown@example.com');
    expect((await h.validate('tNobody', s.code)).status).toBe(422);
    expect((await h.validate('t/../x', s.code)).status).toBe(422);
    expect((await h.validate(s.tokenName, '')).status).toBe(422);
    expect((await h.validate(s.tokenName, 'short')).status).toBe(422);
    // None of these counted as a try: the right code still works.
    expect((await h.validate(s.tokenName, s.code)).status).toBe(200);
  });

  it('does not accept the code of one token for another token name', async () => {
    const a = await h.signIn('a@example.com');
    const b = await h.signIn('b@example.com');
    expect((await h.validate(a.tokenName, b.code)).status).toBe(422);
    expect((await introspect(b.bearer)).status).toBe(401);
  });

  it('tells apart several pending tokens sharing a name (the name is not a secret)', async () => {
    const a = await h.signIn('one@example.com', 'tShared');
    const b = await h.signIn('two@example.com', 'tShared');
    expect((await h.validate('tShared', 'w'.repeat(43))).status).toBe(422);
    const tries = (await collection('tokens').find({ name: 'tShared' }).toArray()).map((t) => t.failedTries);
    expect(tries).toEqual([1, 1]);
    expect((await h.validate('tShared', b.code)).status).toBe(200);
    const whoB = await introspect(b.bearer);
    expect(whoB.status).toBe(200);
    expect((await introspect(a.bearer)).status).toBe(401);
    expect((await h.validate('tShared', a.code)).status).toBe(200);
    const whoA = await introspect(a.bearer);
    expect(whoA.body.data.userId).not.toBe(whoB.body.data.userId);
  });

  it.each([
    ['no body', undefined],
    ['an array', []],
    ['no tokenName', { validationCode: 'abc' }],
    ['no validationCode', { tokenName: 't1' }],
    ['a number code', { tokenName: 't1', validationCode: 123456 }],
    ['null tokenName', { tokenName: null, validationCode: 'abc' }],
  ])('answers 400 to a malformed body: %s', async (_what, body) => {
    const res = await request(h.auth.app).put('/api/tokens').send(body as object);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  it('limits validation attempts per client (429)', async () => {
    h = harness({ VALIDATE_RATE_PER_CLIENT: '3' });
    for (let i = 0; i < 3; i += 1) expect((await h.validate('tX', 'q'.repeat(43))).status).toBe(422);
    const res = await h.validate('tX', 'q'.repeat(43));
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('too_many_requests');
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('GET /api/tokens/:tokenName (the waiting device polls)', () => {
  it('answers { isValidated } to the bearer of that token', async () => {
    const s = await h.signIn('poll@example.com');
    const before = await status(s.tokenName, s.bearer);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ isValidated: false });
    await h.validate(s.tokenName, s.code);
    const after = await status(s.tokenName, s.bearer);
    expect(after.body).toEqual({ isValidated: true });
    expect(after.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 without a bearer, with a wrong one, or with the bearer of another token', async () => {
    const a = await h.signIn('pa@example.com');
    const b = await h.signIn('pb@example.com');
    expect((await status(a.tokenName)).status).toBe(401);
    expect((await status(a.tokenName, 'n'.repeat(43))).status).toBe(401);
    expect((await status(a.tokenName, 'bad bearer')).status).toBe(401);
    expect((await status(a.tokenName, b.bearer)).status).toBe(401);
    expect((await status('t%2F..', a.bearer)).status).toBe(401);
  });

  it('answers 410 once the token is revoked', async () => {
    const s = await h.signIn('rev@example.com');
    await h.validate(s.tokenName, s.code);
    await request(h.auth.app).delete('/api/tokens').send({ token: s.bearer });
    const res = await status(s.tokenName, s.bearer);
    expect(res.status).toBe(410);
    expect(res.body.error.code).toBe('token_revoked');
  });
});

describe('DELETE /api/tokens (revoke)', () => {
  it('revokes the bearer (204): introspection refuses it, the code no longer validates', async () => {
    const s = await h.signIn('out@example.com');
    const pending = await h.signIn('out@example.com');
    await h.validate(s.tokenName, s.code);
    expect((await introspect(s.bearer)).status).toBe(200);
    const res = await request(h.auth.app).delete('/api/tokens').send({ token: s.bearer });
    expect(res.status).toBe(204);
    expect((await introspect(s.bearer)).status).toBe(401);
    expect((await h.validate(s.tokenName, s.code)).status).toBe(422);
    // Revoking a pending token kills its link too.
    await request(h.auth.app).delete('/api/tokens').send({ token: pending.bearer });
    expect((await h.validate(pending.tokenName, pending.code)).status).toBe(422);
    expect((await introspect(pending.bearer)).status).toBe(401);
  });

  it('is idempotent and says nothing about unknown tokens (204)', async () => {
    const s = await h.signIn('idem@example.com');
    expect((await request(h.auth.app).delete('/api/tokens').send({ token: s.bearer })).status).toBe(204);
    expect((await request(h.auth.app).delete('/api/tokens').send({ token: s.bearer })).status).toBe(204);
    expect((await request(h.auth.app).delete('/api/tokens').send({ token: 'u'.repeat(43) })).status).toBe(204);
    expect((await request(h.auth.app).delete('/api/tokens').send({ token: 'not a token' })).status).toBe(204);
  });

  it.each([
    ['no body', undefined],
    ['no token', {}],
    ['a number', { token: 5 }],
  ])('answers 400 to a malformed body: %s', async (_what, body) => {
    expect((await request(h.auth.app).delete('/api/tokens').send(body as object)).status).toBe(400);
  });
});

describe('POST /internal/introspect (for the gateway)', () => {
  it('is for the gateway only', async () => {
    expect((await request(h.auth.app).post('/internal/introspect').send({ token: 'x' })).status).toBe(401);
    expect((await introspect('x', 'lists')).status).toBe(403);
  });

  it('answers 400 to a malformed body and 401 to anything that is not a live bearer', async () => {
    expect((await introspect(42)).status).toBe(400);
    expect((await introspect('')).status).toBe(401);
    expect((await introspect('g'.repeat(43))).status).toBe(401);
    expect((await introspect('x'.repeat(4000))).status).toBe(401);
  });

  it("returns the person's language", async () => {
    const s = await h.signIn('lang@example.com', undefined, { language: 'fr' });
    await h.validate(s.tokenName, s.code);
    expect((await introspect(s.bearer)).body.data.lang).toBe('fr');
  });

  it('slides the bearer expiry while used, and refuses it after a year unused', async () => {
    h = harness({ BEARER_TTL_DAYS: '365', BEARER_MAX_LIFETIME_DAYS: '3650' });
    const s = await h.signIn('year@example.com');
    await h.validate(s.tokenName, s.code);
    h.clock.advance(300 * DAY);
    expect((await introspect(s.bearer)).status).toBe(200); // pushed to day 665
    h.clock.advance(300 * DAY);
    expect((await introspect(s.bearer)).status).toBe(200);
    h.clock.advance(366 * DAY);
    expect((await introspect(s.bearer)).status).toBe(401);
    expect((await status(s.tokenName, s.bearer)).status).toBe(410);
  });
});

describe('rate limits on POST /api/tokens', () => {
  it('per address (case-insensitive): 429 with a clear message, other addresses unaffected', async () => {
    h = harness({ SIGNIN_RATE_PER_ADDRESS: '2' });
    await h.signIn('limit@example.com');
    await h.signIn('LIMIT@example.com');
    const res = await request(h.auth.app).post('/api/tokens').send({ email: 'Limit@Example.com', tokenName: 't9' });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('too_many_requests');
    expect(res.body.error.message).toMatch(/Too many sign-in links/);
    expect(h.mailer.sent).toHaveLength(2);
    await h.signIn('other@example.com');
  });

  it('per client, keyed on the address the gateway signs (X-Wishlist-Client)', async () => {
    h = harness({ SIGNIN_RATE_PER_CLIENT: '3' });
    const from = async (ip: string, i: number) =>
      request(h.auth.app)
        .post('/api/tokens')
        .set(CLIENT_HEADER, await signClientAddress(ip))
        .send({ email: `c${i}@example.com`, tokenName: `t${i}` });
    for (let i = 0; i < 3; i += 1) expect((await from('203.0.113.7', i)).status).toBe(201);
    const limited = await from('203.0.113.7', 3);
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/Too many sign-in requests/);
    expect((await from('198.51.100.1', 4)).status).toBe(201);
  });
});

describe('per-client limits cannot be dodged, and hold across instances and restarts', () => {
  const signInFrom = (app: Harness['auth']['app'], i: number, headers: Record<string, string>) =>
    request(app).post('/api/tokens').set(headers).send({ email: `spoof${i}@example.com`, tokenName: `s${i}` });

  it('rotating forwarding headers or bad X-Wishlist-Client values gives no fresh sign-in limit: 30 of 40 accepted', async () => {
    h = harness({ SIGNIN_RATE_PER_CLIENT: '30' });
    const statuses: number[] = [];
    for (const [i, attempt] of (await clientSpoofAttempts(40)).entries()) {
      statuses.push((await signInFrom(h.auth.app, i, attempt.headers)).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    expect(h.mailer.sent).toHaveLength(30);
  });

  it('nor a fresh validation limit', async () => {
    h = harness({ VALIDATE_RATE_PER_CLIENT: '3' });
    const statuses: number[] = [];
    for (const attempt of await clientSpoofAttempts(20)) {
      statuses.push((await request(h.auth.app).put('/api/tokens').set(attempt.headers).send({ tokenName: 'tX', validationCode: 'q'.repeat(43) })).status);
    }
    expect(statuses).toEqual([422, 422, 422, ...Array(17).fill(429)]);
  });

  it('two auth instances on one database share one per-client limit', async () => {
    h = harness({ SIGNIN_RATE_PER_CLIENT: '4' });
    const other = harness({ SIGNIN_RATE_PER_CLIENT: '4' });
    const [a, b] = await Promise.all([h.auth.listen(0, '127.0.0.1'), other.auth.listen(0, '127.0.0.1')]);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const res = await fetch(`http://127.0.0.1:${(i % 2 === 0 ? a : b).port}/api/tokens`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [CLIENT_HEADER]: await signClientAddress('203.0.113.7') },
          body: JSON.stringify({ email: `both${i}@example.com`, tokenName: `b${i}` }),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, ...Array(6).fill(429)]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await other.auth.stop();
    }
  });

  it('a restarted instance still knows the limit', async () => {
    h = harness({ SIGNIN_RATE_PER_CLIENT: '2' });
    const client = { [CLIENT_HEADER]: await signClientAddress('203.0.113.7') };
    expect((await signInFrom(h.auth.app, 1, client)).status).toBe(201);
    expect((await signInFrom(h.auth.app, 2, client)).status).toBe(201);
    await h.auth.stop();
    h = harness({ SIGNIN_RATE_PER_CLIENT: '2' });
    expect((await signInFrom(h.auth.app, 3, client)).status).toBe(429);
    expect((await signInFrom(h.auth.app, 4, { [CLIENT_HEADER]: await signClientAddress('198.51.100.1') })).status).toBe(201);
  });
});
