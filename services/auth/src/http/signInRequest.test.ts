import request from 'supertest';
import { SERVICE_HEADER, signServiceAssertion, startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { harness, type Harness } from '../test-support/harness';

// The page opened from the e-mailed link: it reads the request (POST /api/tokens/request), then
// approves it (PUT /api/tokens) or refuses it (POST /api/tokens/refusal). Nothing but the click
// approves a request.

let db: TestDatabase;
let h: Harness;

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

const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';
const describeRequest = (tokenName: string, validationCode: string) =>
  request(h.auth.app).post('/api/tokens/request').send({ tokenName, validationCode });
const refuse = (tokenName: string, validationCode: string) => request(h.auth.app).post('/api/tokens/refusal').send({ tokenName, validationCode });
const status = (tokenName: string, bearer: string) => request(h.auth.app).get(`/api/tokens/${tokenName}`).set('Authorization', `Bearer ${bearer}`);
const introspect = async (token: string) =>
  request(h.auth.app).post('/internal/introspect').set(SERVICE_HEADER, await signServiceAssertion('gateway')).send({ token });

/** Asks a sign-in as a given browser; returns the bearer, the match code and the mailed code. */
async function ask(email: string, options: { userAgent?: string; timeZone?: unknown; language?: string } = {}) {
  const tokenName = `t${Date.now()}-${Math.random().toString(16).slice(2)}`;
  const before = h.mailer.sent.length;
  const req = request(h.auth.app).post('/api/tokens');
  if (options.userAgent) req.set('User-Agent', options.userAgent);
  const body: Record<string, unknown> = { email, tokenName };
  if (options.timeZone !== undefined) body.timeZone = options.timeZone;
  if (options.language) body.language = options.language;
  const res = await req.send(body);
  if (res.status !== 201) throw new Error(`sign-in answered ${res.status} ${JSON.stringify(res.body)}`);
  const mail = h.mailer.sent[before];
  const code = /\/validate-email\/[^/\s]+\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
  return { tokenName, bearer: res.body.token as string, matchCode: res.body.matchCode as string, code, mail };
}

describe('POST /api/tokens: who asked', () => {
  it('answers the match code beside the bearer, and the mail names the device and the time (en)', async () => {
    const at = h.clock.now();
    const s = await ask('ann@example.com', { userAgent: FIREFOX_ANDROID, timeZone: 'Europe/Paris' });
    expect(s.matchCode).toMatch(/^[0-9]{4}$/);
    const paris = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Paris' }).format(at);
    expect(s.mail.text).toContain(`A sign-in was asked for Firefox on Android on `);
    expect(s.mail.text).toContain(` at ${paris} (Europe/Paris).`);
    expect(s.mail.text).toContain('Open the link only if it was you.');
    expect(s.mail.html).toContain('Firefox on Android');
  });

  it('writes the mail in French for a French reader, and states UTC when the time zone is unknown or invalid', async () => {
    const at = h.clock.now();
    const s = await ask('bea@example.com', { userAgent: FIREFOX_ANDROID, timeZone: 'Mars/Olympus', language: 'fr' });
    const utc = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(at);
    expect(s.mail.text).toContain('Une connexion a été demandée pour Firefox sur Android le ');
    expect(s.mail.text).toContain(` à ${utc} (UTC).`);
    expect(s.mail.text).toContain('N’ouvrez le lien que si c’était vous.');
  });

  it('says "an unknown browser" without a User-Agent, and refuses a time zone of the wrong type (400)', async () => {
    const s = await ask('cid@example.com');
    expect(s.mail.text).toContain('A sign-in was asked for an unknown browser on ');
    const bad = await request(h.auth.app).post('/api/tokens').send({ email: 'cid@example.com', tokenName: 't1', timeZone: 42 });
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/tokens/request', () => {
  it('shows the device, the time and the match code, and changes nothing', async () => {
    const s = await ask('dan@example.com', { userAgent: FIREFOX_ANDROID, timeZone: 'Europe/Paris' });
    const res = await describeRequest(s.tokenName, s.code);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      data: {
        device: { browser: 'Firefox', os: 'Android' },
        requestedAt: h.clock.now().toISOString(),
        timeZone: 'Europe/Paris',
        matchCode: s.matchCode,
        state: 'pending',
      },
    });
    // Read as often as one likes: still pending, the bearer still refused.
    expect((await describeRequest(s.tokenName, s.code)).body.data.state).toBe('pending');
    expect((await status(s.tokenName, s.bearer)).body).toEqual({ isValidated: false });
    expect((await introspect(s.bearer)).status).toBe(401);
  });

  it('says validated once the code was submitted', async () => {
    const s = await ask('eve@example.com');
    expect((await h.validate(s.tokenName, s.code)).status).toBe(200);
    expect((await describeRequest(s.tokenName, s.code)).body.data.state).toBe('validated');
  });

  it('answers a wrong, malformed or expired code as PUT does (422), and an expired one changes nothing', async () => {
    const s = await ask('fay@example.com');
    const wrong = await describeRequest(s.tokenName, 'x'.repeat(43));
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ errors: { validationCode: 'The validation link is incorrect or it expired.' } });
    expect((await describeRequest('../etc', s.code)).status).toBe(422);
    expect((await request(h.auth.app).post('/api/tokens/request').send({ tokenName: 1, validationCode: s.code })).status).toBe(400);
    expect((await request(h.auth.app).post('/api/tokens/request').send('nope')).status).toBe(400);
    h.clock.advance(3601 * 1000);
    expect((await describeRequest(s.tokenName, s.code)).status).toBe(422);
  });

  it('counts wrong codes against the same 5 tries as PUT: it is no way to guess codes', async () => {
    const s = await ask('gus@example.com');
    for (let i = 0; i < 3; i += 1) expect((await describeRequest(s.tokenName, `wrong${'x'.repeat(30)}${i}`)).status).toBe(422);
    for (let i = 0; i < 2; i += 1) expect((await h.validate(s.tokenName, `bad${'y'.repeat(30)}${i}`)).status).toBe(422);
    // Tries spent: the right code no longer reads, validates nor refuses.
    const read = await describeRequest(s.tokenName, s.code);
    expect(read.status).toBe(400);
    expect(read.body.error.code).toBe('too_many_tries');
    expect((await h.validate(s.tokenName, s.code)).status).toBe(400);
    expect((await refuse(s.tokenName, s.code)).status).toBe(400);
    expect((await refuse(s.tokenName, 'z'.repeat(43))).status).toBe(400);
  });

  it('is rate-limited with PUT, per client', async () => {
    await h.auth.stop();
    h = harness({ VALIDATE_RATE_PER_CLIENT: '3' });
    const s = await ask('hal@example.com');
    expect((await describeRequest(s.tokenName, s.code)).status).toBe(200);
    expect((await refuse(s.tokenName, 'x'.repeat(43))).status).toBe(422);
    expect((await h.validate(s.tokenName, s.code)).status).toBe(200);
    expect((await describeRequest(s.tokenName, s.code)).status).toBe(429);
  });
});

describe('POST /api/tokens/refusal', () => {
  it('revokes the pending request: the waiting device is told (410 token_refused) and its bearer never works', async () => {
    const s = await ask('ivy@example.com', { userAgent: FIREFOX_ANDROID });
    const res = await refuse(s.tokenName, s.code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { state: 'refused' } });
    const polled = await status(s.tokenName, s.bearer);
    expect(polled.status).toBe(410);
    expect(polled.body.error.code).toBe('token_refused');
    // The link no longer approves anything; the page can still say it was refused.
    expect((await h.validate(s.tokenName, s.code)).status).toBe(422);
    expect((await introspect(s.bearer)).status).toBe(401);
    expect((await describeRequest(s.tokenName, s.code)).body.data).toMatchObject({ state: 'refused', device: { browser: 'Firefox', os: 'Android' } });
    // Refusing again is harmless.
    expect((await refuse(s.tokenName, s.code)).body).toEqual({ data: { state: 'refused' } });
  });

  it('does not undo an approved sign-in (409), and refuses a wrong code as PUT does', async () => {
    const s = await ask('jon@example.com');
    expect((await refuse(s.tokenName, 'x'.repeat(43))).status).toBe(422);
    expect((await h.validate(s.tokenName, s.code)).status).toBe(200);
    const late = await refuse(s.tokenName, s.code);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('token_already_validated');
    expect((await introspect(s.bearer)).status).toBe(200);
  });

  it('refuses only the request of that code when a name is shared', async () => {
    const a = await ask('kim@example.com');
    const before = h.mailer.sent.length;
    const again = await request(h.auth.app).post('/api/tokens').send({ email: 'kim@example.com', tokenName: a.tokenName });
    const code = /\/validate-email\/[^/\s]+\/([A-Za-z0-9_-]+)/.exec(h.mailer.sent[before].text)![1];
    expect((await refuse(a.tokenName, a.code)).status).toBe(200);
    expect((await h.validate(a.tokenName, code)).status).toBe(200);
    expect((await status(a.tokenName, again.body.token)).body).toEqual({ isValidated: true });
  });
});

describe('a request made by someone else', () => {
  it('is never approved by opening or reading the link: only PUT approves it', async () => {
    const s = await ask('lea@example.com', { userAgent: FIREFOX_ANDROID });
    // Whatever opens the link (a mail scanner, a curious click) can only read it.
    for (let i = 0; i < 3; i += 1) await describeRequest(s.tokenName, s.code);
    expect((await status(s.tokenName, s.bearer)).body).toEqual({ isValidated: false });
    expect((await introspect(s.bearer)).status).toBe(401);
    expect((await h.validate(s.tokenName, s.code)).status).toBe(200);
    expect((await introspect(s.bearer)).status).toBe(200);
  });
});
