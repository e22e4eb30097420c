import { GROUP_GIFT_MIN_PLEDGE, type PledgerView } from '@wishlist/contracts';
import { HttpError, type Lang, type Logger, type Mailer } from '@wishlist/service-kit';
import { emailKey, insertOfferings } from '../data/offerings';
import {
  addHold,
  completeRound,
  completionsDue,
  deletePledge,
  ensurePot,
  findPledge,
  findPot,
  findPots,
  finishCompletion,
  insertPledge,
  movePledge,
  newRound,
  pledgesExpiredBy,
  pledgesOfRound,
  pledgesStuckBefore,
  refreshEmptyPot,
  removeHold,
  retakeCompletion,
  startCompleting,
  type PledgeDoc,
  type PledgeState,
  type PotDoc,
} from '../data/pledges';
import type { OfferingDoc } from '../data/models';
import { codeMatches, hashCode, newCode } from './codes';
import { newOfferingId } from './ids';
import { pledgeVerificationMail } from './pledgeMailer';
import type { ListsApi } from './upstreams';
import { hiddenProducts, surpriseOfProducts } from './surprise';

/** A pledge that would cross the price is cut to what remains (never refused while something remains). */
export const MIN_PLEDGE = GROUP_GIFT_MIN_PLEDGE;
/** How long one call has to finish what it started (a hold, a withdrawal, a completion) before the sweep takes over. */
export const CHANGE_LEASE_MS = 60_000;
/** Attempts at the conditional update that adds a hold when other pledges keep changing the pot. */
const MAX_HOLD_ATTEMPTS = 200;
const SWEEP_BATCH = 100;

export interface NewPledge {
  productId: string;
  name: string;
  email: string;
  amount: number;
  message: string;
  lang: Lang;
}

/** What everyone sees of a group gift (never who gave, nor how much each one gave). */
export interface GroupGiftTotal {
  productId: string;
  /** Absent for the product's owner: the amounts stay a surprise. */
  price?: number;
  pledged?: number;
  remaining?: number;
  minimum?: number;
  /** Fully pledged and offered to the owner (or being offered). */
  complete: boolean;
}

/** What a pledger sees from their link (the contract's shape). */
export type { PledgerView } from '@wishlist/contracts';

const notFound = () => HttpError.notFound('This pledge link is not valid. Check that you copied the whole link from the mail.', 'pledge_not_found');
const productNotFound = () => HttpError.notFound('This product does not exist any more.', 'product_not_found');

export function createPledges(deps: {
  lists: ListsApi;
  mailer: Mailer;
  publicUrl: string;
  confirmationMs: number;
  logger?: Logger;
  now: () => Date;
  /** Sends what an offering owes (the owner's mail, the pledgers' mail), once across copies. */
  sendDueMails: (offeringId: string) => Promise<void>;
}) {
  const log = deps.logger;
  const now = deps.now;
  const hours = Math.max(1, Math.round(deps.confirmationMs / 3_600_000));

  async function pledgeWithToken(id: string, token: string): Promise<PledgeDoc> {
    const pledge = await findPledge(id);
    if (!pledge || pledge.state === 'reserving' || !codeMatches(token, [pledge.tokenHash])) throw notFound();
    return pledge;
  }

  /** Adds the hold: whole when it fits, else cut to what remains (conditional on the pot as read). */
  async function hold(productId: string, pledgeId: string, asked: number): Promise<{ amount: number; pot: PotDoc } | { refused: HttpError }> {
    for (let attempt = 0; attempt < MAX_HOLD_ATTEMPTS; attempt++) {
      const pot = await findPot(productId);
      if (!pot) return { refused: productNotFound() };
      if (pot.state !== 'open') return { refused: fullyPledged() };
      const remaining = pot.price - pot.pledged;
      if (remaining <= 0) return { refused: fullyPledged() };
      if (asked < MIN_PLEDGE && asked !== remaining) return { refused: belowMinimum(remaining) };
      if (asked <= remaining) {
        if (await addHold(pot, pledgeId, asked, 'fits')) return { amount: asked, pot };
      } else if (await addHold(pot, pledgeId, remaining, 'as-read')) {
        return { amount: remaining, pot };
      }
    }
    return { refused: HttpError.serviceUnavailable('Many people are chipping in for this gift right now. Try again in a moment.') };
  }

  /** Completes a fully pledged round whose pledges are all confirmed: one call moves the pot and makes the offering. */
  async function tryComplete(productId: string): Promise<void> {
    const pot = await findPot(productId);
    if (!pot || pot.state !== 'open' || pot.pledged !== pot.price) return;
    const confirmed = await pledgesOfRound(productId, pot.round, ['confirmed']);
    if (confirmed.reduce((sum, p) => sum + p.amount, 0) !== pot.price) return;
    const taken = await startCompleting(productId, pot.round, pot.price, newOfferingId(), new Date(now().getTime() + CHANGE_LEASE_MS));
    if (taken) await complete(taken);
  }

  /**
   * Claims the product for the pot's offering through lists (idempotent for the same offering),
   * then writes the offering (pending, owing the owner's mail and the pledgers' mail) and sends
   * them. Lists unreachable: the sweep takes it over once the lease has run out.
   */
  async function complete(pot: PotDoc): Promise<void> {
    const offeringId = pot.offeringId!;
    const claim = await deps.lists.claim([pot._id], offeringId);
    if (!claim.ok) {
      log?.warn({ productId: pot._id, offeringId }, 'group gift fully pledged but the product is no longer available');
      await finishCompletion(pot._id, offeringId, 'unavailable');
      return;
    }
    const pledgers = await pledgesOfRound(pot._id, pot.round, ['confirmed', 'withdrawing', 'complete']);
    await completeRound(pot._id, pot.round);
    const at = now();
    const offering: OfferingDoc = {
      _id: offeringId,
      basketId: offeringId,
      state: 'pending',
      ownerId: pot.ownerId,
      products: [{ id: pot._id, ...pot.product, price: pot.price, quantity: 1 }],
      isExpectingAddress: true,
      offererEmail: null,
      offererEmailKey: null,
      offererIdentity: pledgers.map((p) => p.name).filter(Boolean).join(', ').slice(0, 500),
      offererMessage: pledgers
        .filter((p) => p.message)
        .map((p) => `${p.name || '?'}: ${p.message}`)
        .join('\n\n')
        .slice(0, 10_000),
      offererUserId: null,
      offererLang: pledgers[0]?.lang ?? 'en',
      address: null,
      answeredAt: null,
      releasePending: false,
      codeHashes: [],
      expiresAt: null,
      confirmedAt: at,
      verificationResends: 0,
      lastVerificationAt: null,
      mailsDue: ['owner-offer', 'pledgers-complete'],
      mailAttempts: 0,
      nextMailAt: at,
      createdAt: at,
      pledgeProductId: pot._id,
      pledgeRound: pot.round,
      surpriseLists: await surpriseOfProducts(deps.lists, [pot._id], log),
    };
    try {
      await insertOfferings([offering]);
    } catch (err) {
      // Written already by an earlier attempt at this completion.
      if ((err as { code?: number }).code !== 11000) throw err;
    }
    await finishCompletion(pot._id, offeringId, 'offered');
    log?.info({ productId: pot._id, offeringId, pledgers: pledgers.length }, 'group gift fully pledged and offered');
    await deps.sendDueMails(offeringId);
  }

  async function completeQuietly(pot: PotDoc): Promise<void> {
    try {
      await complete(pot);
    } catch (err) {
      log?.warn({ productId: pot._id, err: (err as Error).message }, 'group gift not offered yet; the sweep will retry');
    }
  }

  /**
   * Frees a pledge's amount and moves it to `to`; the pot is written first (idempotent), so a crash
   * between is finished by the sweep. A pot that stopped taking changes (the gift completed just
   * before) keeps the amount: the pledge is part of the gift and this answers false.
   */
  async function free(pledge: PledgeDoc, to: 'withdrawn' | 'expired'): Promise<boolean> {
    if (!(await removeHold(pledge.productId, pledge.round, pledge._id, pledge.amount))) {
      const pot = await findPot(pledge.productId);
      if (pot && pot.round === pledge.round && pot.holds.some((h) => h.pledgeId === pledge._id)) {
        await movePledge(pledge._id, ['withdrawing'], { state: pot.state === 'open' ? (pledge.confirmedAt ? 'confirmed' : 'unconfirmed') : 'complete', changingSince: null });
        return false;
      }
    }
    const erase = to === 'expired' ? { email: null, emailKey: null, message: '' } : {};
    return (await movePledge(pledge._id, ['withdrawing'], { state: to, changingSince: null, ...erase })) !== null;
  }

  return {
    /** `POST /api/pledges`: holds the amount (cut to what remains), then mails the pledger the link to confirm. */
    async create(input: NewPledge) {
      const [product] = await deps.lists.lookup([input.productId]);
      if (!product) throw productNotFound();
      if (!product.groupGift || product.price === null || product.price < MIN_PLEDGE) {
        throw HttpError.conflict('This product is not a group gift: offer it from the list instead.', 'not_group_gift');
      }
      const snapshot = {
        name: product.name,
        image: product.image,
        url: product.url,
        websiteName: product.websiteName,
        productListId: product.productListId,
        listName: product.listName,
      };
      const pot = await ensurePot(product.id, product.ownerId, product.price, snapshot);
      if (product.price !== pot.price) await refreshEmptyPot(pot, product.price, snapshot);
      if (pot.state === 'open' && product.hasBeenOffered) throw fullyPledged();

      const at = now();
      const token = newCode();
      const draft: PledgeDoc = {
        _id: newOfferingId(),
        productId: product.id,
        round: pot.round,
        state: 'reserving',
        amount: 0,
        requested: input.amount,
        name: input.name,
        email: input.email,
        emailKey: emailKey(input.email),
        message: input.message,
        lang: input.lang,
        tokenHash: hashCode(token),
        expiresAt: new Date(at.getTime() + deps.confirmationMs),
        confirmedAt: null,
        createdAt: at,
        changingSince: at,
      };
      await insertPledge(draft);
      const held = await hold(product.id, draft._id, input.amount);
      if ('refused' in held) {
        await deletePledge(draft._id);
        throw held.refused;
      }
      const pledge = await movePledge(draft._id, ['reserving'], { state: 'unconfirmed', amount: held.amount, round: held.pot.round, changingSince: null });
      if (!pledge) throw HttpError.serviceUnavailable('The pledge could not be made. Try again in a moment.');
      try {
        await deps.mailer.send(
          pledgeVerificationMail({ to: input.email, lang: input.lang, publicUrl: deps.publicUrl, pledgeId: pledge._id, token, amount: held.amount, requested: input.amount, hours }),
        );
      } catch (err) {
        // Not retried (only the token's hash is kept): the amount is freed at expiry.
        log?.warn({ pledgeId: pledge._id, err: (err as Error).message }, 'pledge verification mail not sent');
      }
      const pledged = held.pot.pledged + held.amount;
      log?.info({ pledgeId: pledge._id, productId: product.id, cut: held.amount < input.amount }, 'pledge made');
      return {
        id: pledge._id,
        productId: product.id,
        amount: held.amount,
        requested: input.amount,
        cut: held.amount < input.amount,
        price: held.pot.price,
        pledged,
        remaining: held.pot.price - pledged,
        expiresAt: pledge.expiresAt.toISOString(),
      };
    },

    /** `GET /api/pledges/{id}/confirmation`: the pledger's page (changes nothing). */
    async read(id: string, token: string): Promise<PledgerView> {
      const pledge = await pledgeWithToken(id, token);
      const pot = await findPot(pledge.productId);
      if (!pot) throw notFound();
      const sameRound = pot.round === pledge.round;
      const others = sameRound ? (await pledgesOfRound(pledge.productId, pledge.round, ['confirmed', 'complete'])).filter((p) => p._id !== pledge._id) : [];
      const state = pledge.state === 'withdrawing' ? (pledge.confirmedAt ? 'confirmed' : 'unconfirmed') : pledge.state;
      return {
        id: pledge._id,
        productId: pledge.productId,
        state: state as PledgerView['state'],
        amount: pledge.amount,
        requested: pledge.requested,
        name: pledge.name,
        message: pledge.message,
        product: { name: pot.product.name, image: pot.product.image, url: pot.product.url, price: pot.price },
        pledged: sameRound ? pot.pledged : pot.price,
        remaining: sameRound ? pot.price - pot.pledged : 0,
        others: others.map((p) => p.name).filter(Boolean),
        withdrawable: sameRound && pot.state === 'open' && (pledge.state === 'unconfirmed' || pledge.state === 'confirmed'),
        expiresAt: pledge.expiresAt.toISOString(),
      };
    },

    /** `POST /api/pledges/{id}/confirmation`: unconfirmed → confirmed (once), then the gift completes if this was the last part. */
    async confirm(id: string, token: string): Promise<{ id: string; state: PledgeState; amount: number }> {
      const pledge = await pledgeWithToken(id, token);
      const at = now();
      if (pledge.state === 'expired' || (pledge.state === 'unconfirmed' && pledge.expiresAt <= at)) {
        throw new HttpError(410, 'pledge_expired', 'This pledge was not confirmed in time: its amount was freed. Pledge again from the list.');
      }
      if (pledge.state === 'withdrawn') throw HttpError.conflict('You withdrew this pledge.', 'pledge_withdrawn');
      const moved = await movePledge(id, ['unconfirmed'], { state: 'confirmed', confirmedAt: at }, { expiresAt: { $gt: at } });
      if (moved) {
        log?.info({ pledgeId: id }, 'pledge confirmed');
        await tryComplete(pledge.productId);
      }
      const after = (await findPledge(id)) ?? pledge;
      return { id, state: after.state, amount: after.amount };
    },

    /** `POST /api/pledges/{id}/withdrawal`: frees the amount, until the gift is fully pledged and offered. */
    async withdraw(id: string, token: string): Promise<{ id: string; state: 'withdrawn' }> {
      const pledge = await pledgeWithToken(id, token);
      if (pledge.state === 'withdrawn') return { id, state: 'withdrawn' };
      const pot = await findPot(pledge.productId);
      const at = now();
      if (pledge.state === 'complete' || !pot || pot.round !== pledge.round || pot.state !== 'open') {
        throw HttpError.conflict('This gift is fully pledged and offered: the pledge can no longer be withdrawn.', 'pledge_complete');
      }
      if (pledge.state === 'expired') throw new HttpError(410, 'pledge_expired', 'This pledge expired: its amount was already freed.');
      // The pledge stops counting as confirmed first, so the gift cannot complete with it meanwhile.
      const taken = await movePledge(id, ['unconfirmed', 'confirmed'], { state: 'withdrawing', changingSince: at });
      if (!taken) {
        const now2 = await findPledge(id);
        if (now2?.state === 'withdrawn' || now2?.state === 'withdrawing') return { id, state: 'withdrawn' };
        throw HttpError.conflict('This gift is fully pledged and offered: the pledge can no longer be withdrawn.', 'pledge_complete');
      }
      if (!(await free(taken, 'withdrawn'))) {
        throw HttpError.conflict('This gift is fully pledged and offered: the pledge can no longer be withdrawn.', 'pledge_complete');
      }
      log?.info({ pledgeId: id }, 'pledge withdrawn');
      return { id, state: 'withdrawn' };
    },

    /** `GET /api/group-gifts?products=…`: the totals everyone sees (not the owner). */
    async totals(productIds: string[], viewerId: string | undefined): Promise<GroupGiftTotal[]> {
      const pots = new Map((await findPots(productIds)).map((p) => [p._id, p]));
      // Before a surprise's reveal the owner is not told a gift is complete either.
      const hidden = await hiddenProducts(deps.lists, viewerId === undefined ? [] : productIds.filter((id) => pots.get(id)?.ownerId === viewerId), now());
      return productIds.map((productId) => {
        const pot = pots.get(productId);
        if (!pot) return { productId, pledged: 0, minimum: MIN_PLEDGE, complete: false };
        const complete = pot.state !== 'open';
        if (viewerId !== undefined && viewerId === pot.ownerId) return { productId, complete: complete && !hidden.has(productId) };
        const remaining = pot.price - pot.pledged;
        return { productId, price: pot.price, pledged: pot.pledged, remaining, minimum: Math.min(MIN_PLEDGE, remaining), complete };
      });
    },

    /** The owner refused the group gift: a new round of pledges may start. */
    async refused(doc: OfferingDoc): Promise<void> {
      if (!doc.pledgeProductId) return;
      await newRound(doc.pledgeProductId, doc._id);
    },

    /** Expiries, interrupted holds and withdrawals, completions left unfinished. */
    async sweep(): Promise<{ expired: number; completed: number }> {
      const at = now();
      let expired = 0;
      for (const p of await pledgesExpiredBy(at, SWEEP_BATCH)) {
        const taken = await movePledge(p._id, ['unconfirmed'], { state: 'withdrawing', changingSince: at }, { expiresAt: { $lte: at } });
        if (taken && (await free(taken, 'expired'))) expired += 1;
      }
      for (const p of await pledgesStuckBefore(new Date(at.getTime() - CHANGE_LEASE_MS), SWEEP_BATCH)) {
        if (p.state === 'reserving') {
          // A hold added before the crash carries the amount the pledge never recorded: read it from the pot.
          const pot = await findPot(p.productId);
          const stray = pot?.holds.find((h) => h.pledgeId === p._id);
          if (stray) await removeHold(p.productId, pot!.round, p._id, stray.amount);
          await deletePledge(p._id);
        } else {
          await free(p, p.expiresAt <= at && !p.confirmedAt ? 'expired' : 'withdrawn');
        }
      }
      let completed = 0;
      for (const pot of await completionsDue(at, SWEEP_BATCH)) {
        const taken = await retakeCompletion(pot._id, at, new Date(at.getTime() + CHANGE_LEASE_MS));
        if (!taken) continue;
        await completeQuietly(taken);
        completed += 1;
      }
      if (expired > 0) log?.info({ expired }, 'unconfirmed pledges expired');
      return { expired, completed };
    },
  };
}

export type Pledges = ReturnType<typeof createPledges>;

function fullyPledged(): HttpError {
  return HttpError.conflict(
    'This gift is fully pledged. Parts not confirmed in time are freed: look again later.',
    'fully_pledged',
  );
}

function belowMinimum(remaining: number): HttpError {
  return HttpError.unprocessable(
    { amount: 'below-minimum' },
    `A pledge is at least ${MIN_PLEDGE / 100} €, or exactly what remains (${(remaining / 100).toFixed(2)} €).`,
  );
}
