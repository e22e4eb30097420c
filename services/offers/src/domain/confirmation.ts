import { HttpError, type Lang, type Logger, type Mailer } from '@wishlist/service-kit';
import {
  allowResendNow,
  confirm,
  expire,
  expiredBy,
  findById,
  recordResend,
  unconfirmedBasket,
} from '../data/offerings';
import { CONFIRMED_STATES, type OfferingDoc, type OfferingState } from '../data/models';
import { codeMatches, hashCode, newCode } from './codes';
import { giverVerificationMail } from './offeringMailer';
import { releaseProducts } from './release';
import type { ListsApi } from './upstreams';

/** The verification mail is sent again at most this many times, and not more often than every RESEND_GAP_MS. */
export const MAX_VERIFICATION_RESENDS = 3;
export const RESEND_GAP_MS = 10 * 60_000;

export type ConfirmedState = (typeof CONFIRMED_STATES)[number];
const isConfirmed = (state: OfferingState): state is ConfirmedState => (CONFIRMED_STATES as readonly string[]).includes(state);

/** One answer for a wrong code and an unknown offering: the route does not tell whether an offering exists. */
const notFound = () => HttpError.notFound('This confirmation link is not valid. Check that you copied the whole link from the mail.', 'offering_not_found');
const expiredError = () =>
  new HttpError(410, 'offering_expired', 'This offer was not confirmed in time and has expired: its gifts are free again. Make the offer again from the list.');

/**
 * The giver confirms their address (anonymous offers): the offering waits `unconfirmed` until the
 * link of the verification mail is used, then goes on as a signed-in giver's would. Unconfirmed
 * past `confirmationMs`, the sweep expires it and releases its products.
 */
export function createConfirmations(deps: {
  lists: ListsApi;
  mailer: Mailer;
  publicUrl: string;
  confirmationMs: number;
  logger?: Logger;
  now: () => Date;
  /** Sends what an offering owes (the owner's mail, the giver's receipt). */
  sendDueMails: (id: string) => Promise<void>;
  /** When the owed mails are retried by the sweep if sending them now fails. */
  retryDelayMs: number;
}) {
  const log = deps.logger;
  const hours = Math.max(1, Math.round(deps.confirmationMs / 3_600_000));
  const isPast = (doc: OfferingDoc, at: Date) => doc.state === 'expired' || (doc.state === 'unconfirmed' && (!doc.expiresAt || doc.expiresAt <= at));

  async function sendVerification(to: string, lang: Lang, offeringId: string, code: string): Promise<void> {
    await deps.mailer.send(giverVerificationMail({ to, lang, publicUrl: deps.publicUrl, offeringId, code, hours }));
  }

  /** A new code: the plain code (mailed), its hash (stored) and the expiry of a new offer. */
  function newChallenge(at: Date) {
    const code = newCode();
    return { code, hash: hashCode(code), expiresAt: new Date(at.getTime() + deps.confirmationMs) };
  }

  return {
    newChallenge,

    /**
     * The first verification mail. It is not retried by the sweep (only the code's hash is kept):
     * on failure the giver may ask for it again from the offer-created page at once.
     */
    async sendFirst(to: string, lang: Lang, offeringId: string, code: string): Promise<boolean> {
      try {
        await sendVerification(to, lang, offeringId, code);
        return true;
      } catch (err) {
        log?.warn({ offeringId, err: (err as Error).message }, 'verification mail not sent; the giver may ask for it again');
        await allowResendNow(offeringId);
        return false;
      }
    },

    /**
     * `POST /api/offerings/{id}/confirmation`: confirms every unconfirmed offering of the basket
     * the code was sent for, then sends the mails they owe (once: only the call whose conditional
     * update moved an offering sends its mails). Confirming again answers the current state.
     */
    async confirm(id: string, code: string): Promise<{ id: string; state: ConfirmedState }> {
      const doc = await findById(id);
      if (!doc || doc.state === 'creating' || !codeMatches(code, doc.codeHashes ?? [])) throw notFound();
      const at = deps.now();
      if (isPast(doc, at)) throw expiredError();
      if (doc.state === 'unconfirmed') {
        const moved: string[] = [];
        const retryAt = new Date(at.getTime() + deps.retryDelayMs);
        for (const o of await unconfirmedBasket(doc.basketId)) {
          if (!codeMatches(code, o.codeHashes ?? [])) continue;
          const mails = o._id === doc._id ? (['owner-offer', 'keepers-offer', 'giver-confirmation'] as const) : (['owner-offer', 'keepers-offer'] as const);
          if (await confirm(o._id, at, [...mails], retryAt)) moved.push(o._id);
        }
        if (moved.length > 0) log?.info({ offeringIds: moved }, 'offer confirmed by the giver');
        // Every offering of the basket is pending before the receipt (which lists them all) is made.
        for (const movedId of moved) await deps.sendDueMails(movedId);
      }
      const now = await findById(id);
      if (!now || isPast(now, deps.now())) throw expiredError();
      if (!isConfirmed(now.state)) throw notFound();
      return { id, state: now.state };
    },

    /** `POST /api/offerings/{id}/verification-mail`: a new code, mailed to the same address, within the limits. */
    async resend(id: string): Promise<void> {
      const doc = await findById(id);
      if (!doc || doc.state === 'creating') throw HttpError.notFound('This offer does not exist.', 'offering_not_found');
      const at = deps.now();
      if (isPast(doc, at)) throw expiredError();
      if (isConfirmed(doc.state)) throw HttpError.conflict('This offer is confirmed already: there is nothing to send again.', 'offering_confirmed');
      if (!doc.offererEmail) throw HttpError.notFound('This offer does not exist.', 'offering_not_found');
      const { code, hash } = newChallenge(at);
      const allowed = await recordResend(id, doc.basketId, hash, at, { maxResends: MAX_VERIFICATION_RESENDS, minGapMs: RESEND_GAP_MS });
      if (!allowed) {
        const current = (await findById(id)) ?? doc;
        if (current.verificationResends >= MAX_VERIFICATION_RESENDS) {
          throw new HttpError(429, 'verification_mail_limit', 'The mail was already sent again several times. Check your spam folder, or make the offer again later.');
        }
        const last = current.lastVerificationAt?.getTime() ?? at.getTime();
        const waitS = Math.max(1, Math.ceil((last + RESEND_GAP_MS - at.getTime()) / 1000));
        throw new HttpError(429, 'verification_mail_too_soon', 'The mail was sent a few minutes ago. Wait a little before asking for it again.', undefined, waitS);
      }
      try {
        await sendVerification(doc.offererEmail, doc.offererLang, id, code);
      } catch (err) {
        log?.warn({ offeringId: id, err: (err as Error).message }, 'verification mail not sent again');
        throw HttpError.serviceUnavailable('The mail could not be sent. Try again in a moment.', 'mail_unavailable', 60);
      }
    },

    /**
     * The sweep's part: unconfirmed offerings past their expiry become `expired` (exactly once: a
     * conditional update) and their products are released; what lists cannot release now stays
     * `releasePending` for the next sweeps, as a refusal's does.
     */
    async expireDue(at: Date, batch: number): Promise<number> {
      let expired = 0;
      for (const candidate of await expiredBy(at, batch)) {
        const doc = await expire(candidate._id, at);
        if (!doc) continue;
        expired += 1;
        await releaseProducts(deps.lists, doc, log, 'expired offer: products not released yet; the sweep will retry');
      }
      if (expired > 0) log?.info({ expired }, 'unconfirmed offers expired');
      return expired;
    },
  };
}

export type Confirmations = ReturnType<typeof createConfirmations>;
