import { HttpError, type Lang, type Logger } from '@wishlist/service-kit';
import { findById } from '../data/offerings';
import { addWithdrawalHash, withdraw } from '../data/withdrawals';
import type { OfferingDoc } from '../data/models';
import { codeMatches, hashCode, newCode } from './codes';
import { releaseProducts } from './release';
import type { ListsApi } from './upstreams';
import { toView, type OfferingView } from './views';

/** What the giver's withdrawal page reads: that one offering, never anything else of the basket. */
export interface WithdrawalView {
  id: string;
  /** `pending` (may be withdrawn), `address-given` / `refused` (the owner answered), `withdrawn`, `expired`. */
  state: 'pending' | 'address-given' | 'refused' | 'withdrawn' | 'expired';
  withdrawable: boolean;
  products: OfferingView['products'];
  offererIdentity: string;
  offererMessage: string;
  isExpectingAddress: boolean;
  createdAt: string;
  answeredAt: string | null;
  withdrawnAt: string | null;
}

/** One answer for a wrong token and an unknown offering: the route does not tell whether an offering exists. */
const notFound = () =>
  HttpError.notFound('This link to withdraw an offer is not valid. Open the whole link from the latest e-mail.', 'offering_not_found');

function tooLate(doc: OfferingDoc): HttpError {
  if (doc.state === 'refused') return HttpError.conflict('The owner of the list already declined this offer: there is nothing to withdraw.', 'offering_refused');
  if (doc.state === 'expired') return new HttpError(410, 'offering_expired', 'This offer has expired: its gifts are free again.');
  return HttpError.conflict('The owner of the list already answered this offer and gave an address: it can no longer be withdrawn. Write to them if you changed your mind.', 'offering_answered');
}

type Reachable = OfferingDoc & { state: WithdrawalView['state'] };

function view(doc: Reachable): WithdrawalView {
  const state = doc.state;
  const products = toView(doc).products.map((p) => ({ ...p, hasBeenOffered: state === 'pending' || state === 'address-given' }));
  return {
    id: doc._id,
    state,
    withdrawable: state === 'pending',
    products,
    offererIdentity: doc.offererIdentity ?? '',
    offererMessage: doc.offererMessage ?? '',
    isExpectingAddress: doc.isExpectingAddress,
    createdAt: doc.createdAt.toISOString(),
    answeredAt: doc.answeredAt ? doc.answeredAt.toISOString() : null,
    withdrawnAt: doc.withdrawnAt ? doc.withdrawnAt.toISOString() : null,
  };
}

/**
 * A giver takes back an offer the owner has not answered yet, from the link of the receipt mail.
 * The link carries a token (128 random bits, only its SHA-256 kept) that opens that one offering.
 * Opening the page changes nothing; only the POST withdraws. The withdrawal is one conditional
 * update (`pending` → `withdrawn`), so of racing requests or service copies exactly one releases
 * the products and mails the owner.
 */
export function createWithdrawals(deps: {
  lists: ListsApi;
  publicUrl: string;
  logger?: Logger;
  now: () => Date;
  /** Sends what an offering owes (here the owner's "withdrawn" mail). */
  sendDueMails: (id: string) => Promise<void>;
  /** When the owed mails are retried by the sweep if sending them now fails. */
  retryDelayMs: number;
}) {
  const log = deps.logger;

  // Tokens are only ever given to pending offerings, which never go back to `creating` or
  // `unconfirmed`: those states cannot be reached through a link.
  async function found(id: string, token: string): Promise<Reachable> {
    const doc = await findById(id);
    if (!doc || doc.state === 'creating' || doc.state === 'unconfirmed' || !codeMatches(token, doc.withdrawalHashes ?? [])) throw notFound();
    return doc as Reachable;
  }

  return {
    /**
     * A new withdrawal link for the receipt mail, or null when the offering is not pending any
     * more. Each call adds a token (a retried mail carries a new one; earlier links keep working).
     */
    async newLink(offeringId: string, lang: Lang): Promise<string | null> {
      const token = newCode();
      if (!(await addWithdrawalHash(offeringId, hashCode(token)))) return null;
      const base = deps.publicUrl.replace(/\/+$/, '');
      return `${base}/${lang}/offer-withdrawal/${encodeURIComponent(offeringId)}#token=${encodeURIComponent(token)}`;
    },

    /** `GET /api/offerings/{id}/withdrawal`: the offering and whether it may still be withdrawn. */
    async read(id: string, token: string): Promise<WithdrawalView> {
      return view(await found(id, token));
    },

    /**
     * `POST /api/offerings/{id}/withdrawal`: withdraws a pending offering. Withdrawing again
     * answers the same; after the owner's answer (or expiry) it is too late (409 / 410).
     */
    async withdraw(id: string, token: string): Promise<{ id: string; state: 'withdrawn' }> {
      return withdrawFound(await found(id, token));
    },

    /**
     * The same withdrawal for a caller the giver's "My gifts" page has already recognised as the
     * giver (by its link or their account): same rules, same answers.
     */
    async withdrawAsGiver(id: string): Promise<{ id: string; state: 'withdrawn' }> {
      const doc = await findById(id);
      if (!doc || doc.state === 'creating' || doc.state === 'unconfirmed') throw notFound();
      return withdrawFound(doc as Reachable);
    },
  };

  async function withdrawFound(doc: Reachable): Promise<{ id: string; state: 'withdrawn' }> {
    const id = doc._id;
    if (doc.state === 'withdrawn') return { id, state: 'withdrawn' };
    if (doc.state !== 'pending') throw tooLate(doc);
    const at = deps.now();
    const moved = await withdraw(id, at, new Date(at.getTime() + deps.retryDelayMs));
    if (!moved) {
      const current = (await findById(id)) ?? doc;
      if (current.state === 'withdrawn') return { id, state: 'withdrawn' };
      throw tooLate(current);
    }
    log?.info({ offeringId: id }, 'offer withdrawn by the giver');
    await releaseProducts(deps.lists, moved, log, 'withdrawn offer: products not released yet; the sweep will retry');
    await deps.sendDueMails(id);
    return { id, state: 'withdrawn' };
  }
}

export type Withdrawals = ReturnType<typeof createWithdrawals>;
