// The integration-test setup of the offers app: the real app on the embedded engine, small fakes
// of lists' and auth's internal APIs, a capturing mailer and a hand-moved clock.
import request from 'supertest';
import mongoose from 'mongoose';
import { IDENTITY_HEADER, signIdentity, startTestDatabase, type Mail, type TestDatabase } from '@wishlist/service-kit';
import { offersConfig } from '../config';
import { createOffersService, type OffersService } from '../http/app';
import { capturingMailer, fakeLists, fakeUsers, testClock } from './fakes';

export const PUBLIC_URL = 'http://wishlist.test';
export const ALICE = 'a'.repeat(24);
export const BOB = 'b'.repeat(24);
export const CAROL = 'c'.repeat(24);
/** Signed in with the address the offers are made with (`offerBody`): no verification mail. */
export const GIVER = 'd'.repeat(24);

/** The link of a verification mail: the offering id and the code (in the fragment). */
export const VERIFICATION_LINK = /(https?:\/\/[^\s"<>]+)\/(en|fr)\/offer-confirmation\/([A-Za-z0-9_-]+)#code=([A-Za-z0-9_-]+)/;
export const isVerification = (mail: Mail) => VERIFICATION_LINK.test(mail.text);

export function verificationLink(mail: Mail): { lang: string; id: string; code: string } {
  const m = VERIFICATION_LINK.exec(mail.text);
  if (!m) throw new Error(`no verification link in: ${mail.text}`);
  return { lang: m[2], id: m[3], code: m[4] };
}

/** The link of a pledge's mail: the pledge id and its token (in the fragment). */
export const PLEDGE_LINK = /(https?:\/\/[^\s"<>]+)\/(en|fr)\/pledge\/([A-Za-z0-9_-]+)#token=([A-Za-z0-9_-]+)/;

export function pledgeLink(mail: Mail): { lang: string; id: string; token: string } {
  const m = PLEDGE_LINK.exec(mail.text);
  if (!m) throw new Error(`no pledge link in: ${mail.text}`);
  return { lang: m[2], id: m[3], token: m[4] };
}

/** Registers the jest hooks; the returned object's fields are current inside tests. */
export function offersHarness() {
  let db: TestDatabase;
  const lists = fakeLists();
  const users = fakeUsers();
  let listsPort = 0;
  let authPort = 0;
  const state = { offers: undefined as unknown as OffersService, mailer: capturingMailer(), clock: testClock() };
  /** Another copy of the service (same database, its own mailer, the same clock). */
  function make(env: Record<string, string> = {}, mailer = capturingMailer()): OffersService {
    return createOffersService(
      offersConfig.load({
        NODE_ENV: 'test',
        PUBLIC_URL,
        LISTS_URL: `http://127.0.0.1:${listsPort}`,
        AUTH_URL: `http://127.0.0.1:${authPort}`,
        OFFERING_RATE_PER_CLIENT: '1000',
        OFFERING_CONFIRMATION_RATE_PER_CLIENT: '1000',
        OFFERING_WITHDRAWAL_RATE_PER_CLIENT: '1000',
        PLEDGE_RATE_PER_CLIENT: '1000',
        INTERNAL_TIMEOUT_MS: '5000',
        ...env,
      }),
      { mailer, now: () => state.clock.now() },
    );
  }
  const h = {
    lists,
    users,
    get offers() {
      return state.offers;
    },
    get mailer() {
      return state.mailer;
    },
    get clock() {
      return state.clock;
    },
    make,
    /** Replaces the service under test (stopping the previous one). */
    async restart(env: Record<string, string> = {}) {
      await state.offers.stop();
      state.mailer = capturingMailer();
      state.offers = make(env, state.mailer);
    },
    as: async (userId: string) => ({ [IDENTITY_HEADER]: await signIdentity({ userId }) }),
    offeringsInDb: () => mongoose.connection.db!.collection('offerings').find().sort({ createdAt: 1, _id: 1 }).toArray(),
    offerBody(products: string[], extra: Record<string, unknown> = {}) {
      return { isExpectingAddress: true, products, offererEmail: 'giver@example.com', offererIdentity: 'Grandma', offererMessage: 'Happy birthday!', ...extra };
    },
    post: (body: unknown, headers: Record<string, string> = {}) => request(state.offers.app).post('/api/offerings').set(headers).send(body as object),
    confirm: (id: string, body: unknown, service: OffersService = state.offers) =>
      request(service.app).post(`/api/offerings/${id}/confirmation`).send(body as object),
    /**
     * Makes an offer and, when the giver must confirm their address, confirms it as the giver would
     * (the code from the verification mail, which is then left out of `mailer.sent`): for the tests
     * of what follows a confirmation.
     */
    async postConfirmed(body: unknown, headers: Record<string, string> = {}) {
      const res = await request(state.offers.app).post('/api/offerings').set(headers).send(body as object);
      if (res.status === 201 && res.body.data.confirmationRequired) {
        const mail = state.mailer.sent.find((m) => isVerification(m) && verificationLink(m).id === res.body.data.id);
        if (!mail) throw new Error('no verification mail');
        state.mailer.sent.splice(state.mailer.sent.indexOf(mail), 1);
        const confirmed = await request(state.offers.app).post(`/api/offerings/${res.body.data.id}/confirmation`).send({ code: verificationLink(mail).code });
        if (confirmed.status !== 200) throw new Error(`confirmation answered ${confirmed.status}`);
      }
      return res;
    },
    /** A confirmed offering of one new product of Alice. */
    async offerToAlice(extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
      const productId = lists.add(ALICE);
      const res = await h.postConfirmed(h.offerBody([productId], extra), headers);
      if (res.status !== 201) throw new Error(`offer answered ${res.status}`);
      return { id: res.body.data.id as string, productId };
    },
    resend: (id: string) => request(state.offers.app).post(`/api/offerings/${id}/verification-mail`),
    verificationsTo: (to: string) => state.mailer.to(to).filter(isVerification),
  };

  beforeAll(async () => {
    db = await startTestDatabase();
    listsPort = await lists.start();
    authPort = await users.start();
  });
  beforeEach(() => {
    lists.products.clear();
    lists.keepers.clear();
    lists.calls.length = 0;
    lists.control.fail = [];
    lists.control.claimDelayMs = 0;
    users.users.clear();
    users.control.status = 0;
    users.users.set(ALICE, { email: 'alice@example.com', lang: 'en' });
    users.users.set(BOB, { email: 'bob@example.com', lang: 'fr' });
    users.users.set(CAROL, { email: 'carol@example.com', lang: 'en' });
    users.users.set(GIVER, { email: 'giver@example.com', lang: 'en' });
    state.mailer = capturingMailer();
    state.clock = testClock();
    state.offers = make({}, state.mailer);
  });
  afterEach(async () => {
    await h.offers.stop();
    await db.clear();
  });
  afterAll(async () => {
    await lists.stop();
    await users.stop();
    await db.close();
  });
  return h;
}
