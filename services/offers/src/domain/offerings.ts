import { HttpError, type Lang, type Logger, type Mailer } from '@wishlist/service-kit';
import {
  answer,
  backToCreating,
  deleteUnfinished,
  emailKey,
  eraseUser,
  findOwned,
  insertOfferings,
  mailsDueBy,
  clearSpentMailDates,
  markPending,
  markUnconfirmed,
  claimRelease,
  releasesDue,
  unfinishedBefore,
} from '../data/offerings';
import type { OfferingDoc } from '../data/models';
import { erasePledger } from '../data/pledges';
import { createDueMails, MAIL_RETRY_MS } from './dueMails';
import { createConfirmations } from './confirmation';
import { snapshot, toView, type OfferingView } from './views';
import { newOfferingId } from './ids';
import { releaseProducts } from './release';
import { createWithdrawals } from './withdrawal';
import { currentSurprise, hiddenView, surpriseSnapshot } from './surprise';
import type { ListedProduct, ListsApi, UsersApi } from './upstreams';
import { ownerToActAs } from './keepers';

/**
 * 409 `already_offered`: some products are offered already, were just taken by someone else, or
 * have fewer units left than asked. `available` says how many units each of them still has.
 */
export class AlreadyOfferedError extends HttpError {
  constructor(
    readonly conflicts: string[],
    readonly available: Record<string, number> = {},
  ) {
    const someLeft = conflicts.some((id) => (available[id] ?? 0) > 0);
    super(
      409,
      'already_offered',
      someLeft
        ? 'Someone else has just offered some of these products: fewer are left than you asked for. Lower the quantities in your basket and try again.'
        : conflicts.length === 1
          ? 'One of these products has just been offered by someone else. Remove it from your basket and try again.'
          : 'Some of these products have just been offered by someone else. Remove them from your basket and try again.',
    );
  }
}

/** 409 `list_archived`: some products are on a list its owner archived, which takes no new offer. */
export class ListArchivedError extends HttpError {
  constructor(readonly conflicts: string[]) {
    super(
      409,
      'list_archived',
      conflicts.length === 1
        ? 'One of these products is on a list its owner has archived: it can no longer be offered. Remove it from your basket.'
        : 'Some of these products are on a list its owner has archived: they can no longer be offered. Remove them from your basket.',
    );
  }
}
/** 409 `group_gift`: visitors chip in for these products (`POST /api/pledges`); they are not offered whole. */
export class GroupGiftError extends HttpError {
  constructor(readonly conflicts: string[]) {
    super(409, 'group_gift', 'This product is a group gift: chip in for it from the list instead of offering it whole. Remove it from your basket.');
  }
}

/** Units a product still has for givers. */
const unitsLeft = (p: ListedProduct) => (p.hasBeenOffered ? 0 : Math.max(0, p.quantity - p.offeredQuantity));

/** 422 `{ errors: { products: 'unknown-products' } }`: some products do not exist (any more). */
export class UnknownProductsError extends HttpError {
  constructor(readonly unknown: string[]) {
    super(422, 'validation_failed', 'Some products do not exist any more.', { products: 'unknown-products' });
  }
}

/** A basket line: a product and how many of its units. */
export interface OfferLine {
  id: string;
  quantity: number;
}

export interface NewOffering {
  products: OfferLine[];
  isExpectingAddress: boolean;
  offererEmail: string;
  offererIdentity: string;
  offererMessage: string;
  offererUserId: string | null;
  lang: Lang;
  /** The address is known to be the giver's (a signed-in account's own): no verification mail. */
  addressConfirmed: boolean;
}

export interface CreatedOfferings {
  ids: string[];
  /** The owner is told only once the giver confirms from the verification mail. */
  confirmationRequired: boolean;
}

const SWEEP_BATCH = 100;

/**
 * Offerings (ARCHITECTURE §4 Offers). An offer is never half made: the offerings are written
 * first as `creating` (invisible), the products are flagged per owner through the lists service
 * (all-or-nothing per owner), and only when every owner's products are flagged do the offerings
 * become `pending`. Any failure releases what was flagged and deletes the offerings; what a crash
 * leaves behind is rolled back by `sweep()` once `unfinishedAfterMs` has passed.
 */
export function createOfferingService(deps: {
  lists: ListsApi;
  users: UsersApi;
  mailer: Mailer;
  publicUrl: string;
  unfinishedAfterMs: number;
  /** How long an anonymous giver has to confirm their address. */
  confirmationMs: number;
  logger?: Logger;
  now?: () => Date;
  /** A group gift's offering was refused: its pledges are done with (domain/pledges). */
  onGroupGiftRefused?: (doc: OfferingDoc) => Promise<void>;
}) {
  const now = deps.now ?? (() => new Date());
  const log = deps.logger;
  const mails = createDueMails({
    lists: deps.lists,
    users: deps.users,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    logger: log,
    now,
    newWithdrawalLink: (id, lang) => withdrawals.newLink(id, lang),
  });
  const sendDueMailsQuietly = mails.sendQuietly;
  const confirmations = createConfirmations({
    lists: deps.lists,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    confirmationMs: deps.confirmationMs,
    logger: log,
    now,
    sendDueMails: (id) => sendDueMailsQuietly(id),
    retryDelayMs: MAIL_RETRY_MS,
  });
  const withdrawals = createWithdrawals({
    lists: deps.lists,
    publicUrl: deps.publicUrl,
    logger: log,
    now,
    sendDueMails: (id) => sendDueMailsQuietly(id),
    retryDelayMs: MAIL_RETRY_MS,
  });

  /** Releases the products of unfinished offerings and deletes them; those lists could not release stay for the sweep. */
  async function rollBack(docs: OfferingDoc[]): Promise<void> {
    await Promise.all(
      docs.map(async (doc) => {
        try {
          await deps.lists.release(
            doc.products.map((p) => p.id),
            doc._id,
          );
          await deleteUnfinished(doc._id);
        } catch (err) {
          log?.warn({ offeringId: doc._id, err: (err as Error).message }, 'offering not rolled back yet; the sweep will retry');
        }
      }),
    );
  }

  /** Units each product has left, read again after a lost race (nothing when lists cannot say). */
  async function availableNow(ids: string[]): Promise<Record<string, number>> {
    try {
      return Object.fromEntries((await deps.lists.lookup(ids)).map((p) => [p.id, unitsLeft(p)]));
    } catch {
      return {};
    }
  }


  async function ownedOrThrow(id: string, ownerId: string): Promise<OfferingDoc> {
    const doc = await findOwned(id, ownerId);
    if (!doc) throw HttpError.notFound('This offer does not exist, or it is not addressed to you.', 'offering_not_found');
    return doc;
  }

  function notPending(doc: OfferingDoc): HttpError {
    if (doc.state === 'withdrawn') return HttpError.conflict('The giver withdrew this offer: it can no longer be answered.', 'offering_withdrawn');
    return doc.state === 'refused'
      ? HttpError.conflict('You refused this offer: it can no longer be answered.', 'offering_refused')
      : HttpError.conflict('You already gave an address for this offer.', 'offering_answered');
  }

  return {
    /**
     * Makes one offering per owner of the products; returns their ids (basket order). Unless the
     * address is known to be the giver's, the offerings wait `unconfirmed` (products held, owner
     * not told) and the giver gets only the verification mail.
     */
    async create(input: NewOffering): Promise<CreatedOfferings> {
      const productIds = input.products.map((l) => l.id);
      const units = new Map(input.products.map((l) => [l.id, l.quantity]));
      const found = await deps.lists.lookup(productIds);
      const byId = new Map(found.map((p) => [p.id, p]));
      const unknown = productIds.filter((id) => !byId.has(id));
      if (unknown.length > 0) throw new UnknownProductsError(unknown);
      const groupGifts = productIds.filter((id) => byId.get(id)!.groupGift);
      if (groupGifts.length > 0) throw new GroupGiftError(groupGifts);
      const short = input.products.filter((l) => unitsLeft(byId.get(l.id)!) < l.quantity).map((l) => l.id);
      if (short.length > 0) throw new AlreadyOfferedError(short, Object.fromEntries(short.map((id) => [id, unitsLeft(byId.get(id)!)])));

      const byOwner = new Map<string, ListedProduct[]>();
      for (const id of productIds) {
        const p = byId.get(id)!;
        byOwner.set(p.ownerId, [...(byOwner.get(p.ownerId) ?? []), p]);
      }
      const createdAt = now();
      const basketId = newOfferingId();
      const drafts: OfferingDoc[] = [...byOwner].map(([ownerId, products]) => ({
        _id: newOfferingId(),
        basketId,
        state: 'creating',
        ownerId,
        products: products.map((p) => snapshot(p, units.get(p.id) ?? 1)),
        surpriseLists: surpriseSnapshot(products),
        isExpectingAddress: input.isExpectingAddress,
        offererEmail: input.offererEmail,
        offererEmailKey: emailKey(input.offererEmail),
        offererIdentity: input.offererIdentity,
        offererMessage: input.offererMessage,
        offererUserId: input.offererUserId,
        offererLang: input.lang,
        address: null,
        answeredAt: null,
        releasePending: false,
        codeHashes: [],
        expiresAt: null,
        confirmedAt: null,
        verificationResends: 0,
        lastVerificationAt: null,
        mailsDue: [],
        mailAttempts: 0,
        nextMailAt: null,
        createdAt,
      }));
      await insertOfferings(drafts);

      const claims = await Promise.allSettled(
        drafts.map((d) =>
          deps.lists.claim(
            d.products.map((p) => p.id),
            d._id,
            d.products.some((p) => p.quantity !== 1) ? Object.fromEntries(d.products.map((p) => [p.id, p.quantity ?? 1])) : undefined,
          ),
        ),
      );
      const conflicts = claims.flatMap((c) => (c.status === 'fulfilled' && !c.value.ok ? c.value.conflicts : []));
      const failure = claims.find((c): c is PromiseRejectedResult => c.status === 'rejected');
      if (conflicts.length > 0 || failure) {
        await rollBack(drafts);
        const archived = claims.flatMap((c) => (c.status === 'fulfilled' && !c.value.ok && c.value.archived ? c.value.conflicts : []));
        if (archived.length > 0) throw new ListArchivedError(archived);
        if (conflicts.length > 0) throw new AlreadyOfferedError(conflicts, await availableNow(conflicts));
        throw failure!.reason instanceof HttpError
          ? failure!.reason
          : HttpError.serviceUnavailable('The offer could not be made. Try again in a moment.');
      }

      const ids = drafts.map((d) => d._id);
      // Past half the sweep's delay the sweep could be rolling these back: undo, never race it.
      const tooLate = now().getTime() - createdAt.getTime() > deps.unfinishedAfterMs / 2;
      const at = now();
      const challenge = input.addressConfirmed ? null : confirmations.newChallenge(at);
      const moved = tooLate
        ? 0
        : challenge
          ? await markUnconfirmed(ids, challenge.hash, challenge.expiresAt, at)
          : await markPending(ids, (id) => (id === ids[0] ? ['owner-offer', 'keepers-offer', 'giver-confirmation'] : ['owner-offer', 'keepers-offer']), at);
      if (moved !== ids.length) {
        await backToCreating(ids);
        await rollBack(drafts);
        throw HttpError.serviceUnavailable('The offer could not be made in time. Try again in a moment.');
      }
      log?.info({ offeringIds: ids, products: productIds.length, confirmationRequired: Boolean(challenge) }, 'offer made');
      if (challenge) await confirmations.sendFirst(input.offererEmail, input.lang, ids[0], challenge.code);
      else for (const id of ids) await sendDueMailsQuietly(id);
      return { ids, confirmationRequired: Boolean(challenge) };
    },

    confirm: confirmations.confirm,
    resendVerification: confirmations.resend,
    readWithdrawal: withdrawals.read,
    withdraw: withdrawals.withdraw,
    withdrawAsGiver: withdrawals.withdrawAsGiver,

    /** `userId`: the owner, or a manager who answers the list's offers (domain/keepers); no product while one of its lists keeps the surprise. */
    async read(id: string, userId: string): Promise<OfferingView> {
      const doc = await ownedOrThrow(id, await ownerToActAs(deps.lists, id, userId));
      return hiddenView(toView(doc), await currentSurprise(deps.lists, doc, log), now());
    },

    /** The owner (or a manager who answers offers) gives an address: the giver gets it by mail. Only once, only while pending. */
    async giveAddress(id: string, userId: string, address: string): Promise<OfferingView> {
      const ownerId = await ownerToActAs(deps.lists, id, userId);
      const doc = await answer(id, ownerId, 'address-given', { address, answeredAt: now(), mail: 'giver-address' });
      if (!doc) throw notPending(await ownedOrThrow(id, ownerId));
      await sendDueMailsQuietly(doc._id);
      return hiddenView(toView(doc), await currentSurprise(deps.lists, doc, log), now());
    },

    /**
     * The owner refuses: the offering is refused at once (the answer wins over a concurrent one),
     * then the products' offered flags are cleared; if lists cannot be reached now, the sweep
     * clears them later. The giver is told by mail.
     */
    async refuse(id: string, userId: string): Promise<void> {
      const ownerId = await ownerToActAs(deps.lists, id, userId);
      const doc = await answer(id, ownerId, 'refused', { answeredAt: now(), mail: 'giver-refused', releasePending: true });
      if (!doc) throw notPending(await ownedOrThrow(id, ownerId));
      await releaseProducts(deps.lists, doc, log, 'offered flags not cleared yet; the sweep will retry');
      if (doc.pledgeProductId) await deps.onGroupGiftRefused?.(doc);
      await sendDueMailsQuietly(doc._id);
    },

    /** Sends what an offering owes, once across copies (group gifts' offerings too). */
    sendDueMails: sendDueMailsQuietly,

    /** Account erasure (idempotent): see data/offerings `eraseUser`. */
    async erase(userId: string, email?: string) {
      const erased = await eraseUser(userId, email);
      // Pledges are made signed out: found by the address's key only.
      if (email) await erasePledger(emailKey(email));
      return erased;
    },

    /** Rolls back interrupted creations, expires unconfirmed offers, clears the flags of refusals and expiries, retries due mails. */
    async sweep(): Promise<{ rolledBack: number; expired: number; released: number; mailed: number }> {
      const at = now();
      const unfinished = await unfinishedBefore(new Date(at.getTime() - deps.unfinishedAfterMs), SWEEP_BATCH);
      await rollBack(unfinished);
      const expired = await confirmations.expireDue(at, SWEEP_BATCH);
      let released = 0;
      for (const doc of await releasesDue(at, SWEEP_BATCH)) {
        if (!(await claimRelease(doc._id, at))) continue;
        if (await releaseProducts(deps.lists, doc, log, 'offered flags still not cleared')) released += 1;
      }
      await clearSpentMailDates(at);
      const due = await mailsDueBy(at, SWEEP_BATCH);
      for (const doc of due) await sendDueMailsQuietly(doc._id);
      return { rolledBack: unfinished.length, expired, released, mailed: due.length };
    },
  };
}

export type OfferingService = ReturnType<typeof createOfferingService>;
