import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import mongoose from 'mongoose';
import type { Mail } from '@wishlist/service-kit';
import type { OffersService } from './app';
import { capturingMailer } from '../test-support/fakes';
import { ALICE, BOB, GIVER, offersHarness } from '../test-support/harness';

// Two copies of the offers service on one database, each with its sweep every second, sending
// through one SMTP server that takes 300 ms per mail: the request that makes a mail due and the
// sweeps of both copies all try to send it, and each mail goes exactly once.
const h = offersHarness();

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One SMTP server shared by the copies, answering each mail after `delayMs`. */
function slowSmtp(delayMs: number) {
  const mailer = capturingMailer();
  const record = mailer.send.bind(mailer);
  mailer.send = async (mail: Mail) => {
    await sleep(delayMs);
    await record(mail);
  };
  return mailer;
}

const mailsStillDue = async () =>
  (await mongoose.connection.db!.collection('offerings').find({ 'mailsDue.0': { $exists: true } }).toArray()).length;

describe('two copies of the offers service', () => {
  const copies: OffersService[] = [];
  afterEach(async () => {
    for (const c of copies.splice(0)) await c.stop();
  });

  it('send every mail exactly once with a slow SMTP server and a 1 s sweep on each', async () => {
    const smtp = slowSmtp(300);
    const a = h.make({ OFFERING_SWEEP_SECONDS: '1' }, smtp);
    const b = h.make({ OFFERING_SWEEP_SECONDS: '1' }, smtp);
    copies.push(a, b);
    a.start();
    b.start();
    const giver = await h.as(GIVER);
    const offers = 12;
    const answers = await Promise.all(
      Array.from({ length: offers }, async (_, i) => {
        const product = h.lists.add(i % 2 ? ALICE : BOB);
        // The sweeps keep running while the offers are made, spread over both copies.
        await sleep(i * 150);
        return request((i % 2 ? a : b).app).post('/api/offerings').set(giver).send(h.offerBody([product]));
      }),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(offers).fill(201));
    expect(answers.every((r) => r.body.data.confirmationRequired === false)).toBe(true);
    // Two more sweeps of each copy after the last mail was sent.
    for (let i = 0; i < 100 && (await mailsStillDue()) > 0; i++) await sleep(100);
    await sleep(2500);

    expect(await mailsStillDue()).toBe(0);
    // Each offering: one mail to its owner, one receipt to the giver.
    expect(smtp.sent).toHaveLength(offers * 2);
    const ids = answers.map((r) => r.body.data.id as string);
    for (const id of ids) {
      expect(smtp.sent.filter((m) => m.text.includes(`/offerings/${id}`))).toHaveLength(1);
    }
    expect(smtp.sent.filter((m) => m.to === 'giver@example.com')).toHaveLength(offers);
  });

  it('make offers when one copy of lists died: lookups and claims go again to the live copy', async () => {
    // A port nothing listens on: a copy of lists that died.
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
    await new Promise<void>((r) => dead.close(() => r()));
    const offers = h.make({ LISTS_URL: `${deadUrl},${h.lists.url()}` });
    copies.push(offers);
    const giver = await h.as(GIVER);
    for (let i = 0; i < 4; i++) {
      const product = h.lists.add(ALICE);
      const res = await request(offers.app).post('/api/offerings').set(giver).send(h.offerBody([product]));
      expect(res.status).toBe(201);
      expect(h.lists.heldBy(product)).toBe(res.body.data.id);
    }
    // Each call reached the live copy once: one lookup and one claim per offer.
    expect(h.lists.calls.filter((c) => c.route === 'claim')).toHaveLength(4);
    expect(h.lists.calls.filter((c) => c.route === 'lookup')).toHaveLength(4);
  });
});
