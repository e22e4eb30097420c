import { randomUUID } from 'node:crypto';
import type { Lang, Logger, Mailer } from '@wishlist/service-kit';
import { claimMails, dropMails, findBasket, mailFailed, mailSent, releaseMails } from '../data/offerings';
import type { MailKind, OfferingDoc } from '../data/models';
import { giverAddressMail, giverConfirmationMail, giverRefusedMail, ownerOfferMail, ownerWithdrawnMail, type WithdrawalLink } from './offeringMailer';
import { pledgersOf } from '../data/pledges';
import { forEveryone, pledgersCompleteMail } from './pledgeMailer';
import type { ListsApi, UsersApi } from './upstreams';
import { productsHiddenAt, revealsAt } from './surprise';
import { ownerSurpriseOfferMail, ownerSurpriseWithdrawnMail } from './surpriseMailer';
import { answeringManagers, listOf } from './keepers';
import { giftsLinkBlocks } from './giftMailer';
import { newGiftsLink } from './giftLinks';

const MAX_MAIL_ATTEMPTS = 8;
/** First retry delay of a mail that could not be sent (doubling at each attempt). */
export const MAIL_RETRY_MS = 60_000;
/** Rounds of one sending call: mails made due while it was sending are sent by it too. */
const MAIL_ROUNDS = 3;

/** The mails an offering owes (`mailsDue`), made and sent exactly once across the service's copies. */
export function createDueMails(deps: {
  /** Who keeps a list (the offer's mail to its managers); without it, only the owner is told. */
  lists?: ListsApi;
  users: UsersApi;
  mailer: Mailer;
  publicUrl: string;
  logger?: Logger;
  now: () => Date;
  /** A new withdrawal link for the receipt, or null when the offering is not pending any more. */
  newWithdrawalLink: (offeringId: string, lang: Lang) => Promise<string | null>;
}) {
  const log = deps.logger;
  const now = deps.now;

  /**
   * A group gift's mails to its givers go to every pledger of its round at once (one mail: they
   * know each other once the gift is complete), so each is sent once under the offering's lease.
   */
  async function pledgersMail(doc: OfferingDoc, kind: MailKind) {
    const pledgers = (await pledgersOf(doc.pledgeProductId!, doc.pledgeRound ?? 0)).flatMap((p) =>
      p.email ? [{ name: p.name, email: p.email, amount: p.amount, lang: p.lang }] : [],
    );
    if (pledgers.length === 0) return null;
    switch (kind) {
      case 'pledgers-complete':
        return pledgersCompleteMail({ pledgers, product: doc.products[0] });
      case 'giver-address':
        if (!doc.address) return null;
        return forEveryone(pledgers, (lang) => giverAddressMail({ to: '', lang, address: doc.address!, products: doc.products }));
      case 'giver-refused':
        return forEveryone(pledgers, (lang) => giverRefusedMail({ to: '', lang, products: doc.products }));
      default:
        return null;
    }
  }

  /** The offer as the people it is for read it: without its products before a surprise's reveal. */
  function offerMailTo(doc: OfferingDoc, to: string, lang: Lang) {
    const offer = { to, lang, publicUrl: deps.publicUrl, offeringId: doc._id, offererIdentity: doc.offererIdentity, offererMessage: doc.offererMessage, isExpectingAddress: doc.isExpectingAddress };
    const surprise = doc.surpriseLists ?? [];
    if (!productsHiddenAt(surprise, now())) return ownerOfferMail({ ...offer, products: doc.products });
    return ownerSurpriseOfferMail({ ...offer, listNames: doc.products.map((p) => p.listName ?? ''), revealsAt: revealsAt(surprise, now()) });
  }

  async function mailFor(doc: OfferingDoc, kind: MailKind) {
    if (doc.pledgeProductId && kind !== 'owner-offer' && kind !== 'owner-withdrawn') return pledgersMail(doc, kind);
    switch (kind) {
      case 'pledgers-complete':
        return null;
      case 'owner-offer': {
        // Withdrawn before the owner could be told: they are told nothing.
        if (!doc.ownerId || doc.state === 'withdrawn') return null;
        const owner = await deps.users.contact(doc.ownerId);
        if (!owner) return null;
        return offerMailTo(doc, owner.email, owner.lang);
      }
      case 'keepers-offer': {
        // The managers who answer the list's offers (a list for someone else, a couple's list): one
        // mail to all of them, in each one's language, so that it goes once under the lease.
        const listId = listOf(doc);
        if (!deps.lists || !doc.ownerId || doc.state === 'withdrawn' || !listId) return null;
        const managers = answeringManagers(doc, await deps.lists.keepers(listId));
        const contacts = (await Promise.all(managers.map((id) => deps.users.contact(id)))).flatMap((c) => (c ? [c] : []));
        if (contacts.length === 0) return null;
        // A couple's surprise list: its managers receive too, so their mail names no product either.
        return forEveryone(contacts, (lang) => offerMailTo(doc, '', lang));
      }
      case 'giver-confirmation': {
        if (!doc.offererEmail) return null;
        const basket = await findBasket(doc.basketId);
        const links: WithdrawalLink[] = [];
        for (const o of basket) {
          const href = o.state === 'pending' ? await deps.newWithdrawalLink(o._id, doc.offererLang) : null;
          if (href) links.push({ href, products: o.products });
        }
        return giverConfirmationMail({
          to: doc.offererEmail,
          lang: doc.offererLang,
          isExpectingAddress: doc.isExpectingAddress,
          products: basket.flatMap((o) => o.products),
          withdrawals: links,
          extra: giftsLinkBlocks(doc.offererLang, await newGiftsLink(deps.publicUrl, doc.offererEmail, doc.offererLang, now())),
        });
      }
      case 'owner-withdrawn': {
        // An owner whose offer mail is still due was never told of the offer: nothing to take back.
        if (!doc.ownerId || doc.mailsDue.includes('owner-offer')) return null;
        const owner = await deps.users.contact(doc.ownerId);
        if (!owner) return null;
        if (productsHiddenAt(doc.surpriseLists ?? [], now())) {
          return ownerSurpriseWithdrawnMail({ to: owner.email, lang: owner.lang, offererIdentity: doc.offererIdentity });
        }
        return ownerWithdrawnMail({ to: owner.email, lang: owner.lang, products: doc.products });
      }
      case 'giver-address':
        if (!doc.offererEmail || !doc.address) return null;
        return giverAddressMail({ to: doc.offererEmail, lang: doc.offererLang, address: doc.address, products: doc.products });
      case 'giver-refused':
        if (!doc.offererEmail) return null;
        return giverRefusedMail({ to: doc.offererEmail, lang: doc.offererLang, products: doc.products });
    }
  }

  /**
   * Sends what the offering still owes, exactly once across copies: the call first takes the
   * offering's mail lease (data/offerings `claimMails`); a call that cannot take it leaves the
   * mails to the one sending them. A mail that cannot be made any more (account erased) is
   * dropped; one that fails is retried by the sweep with a growing delay, then given up. A mail
   * made due while this call was sending (an answer arriving meanwhile) is sent in a next round.
   */
  async function sendDueMails(id: string): Promise<void> {
    const by = randomUUID();
    for (let round = 0; round < MAIL_ROUNDS; round++) {
      const doc = await claimMails(id, now(), by);
      if (!doc) return;
      if (doc.state === 'creating' || doc.state === 'unconfirmed' || doc.state === 'expired') {
        await releaseMails(id, by);
        return;
      }
      for (const kind of doc.mailsDue) {
        try {
          const mail = await mailFor(doc, kind);
          if (mail) await deps.mailer.send(mail);
          await mailSent(doc._id, kind);
        } catch (err) {
          const attempts = doc.mailAttempts + 1;
          if (attempts >= MAX_MAIL_ATTEMPTS) {
            log?.error({ offeringId: doc._id, kind, attempts, err: (err as Error).message }, 'offering mail given up');
            await dropMails(doc._id);
          } else {
            const next = new Date(now().getTime() + MAIL_RETRY_MS * 2 ** (attempts - 1));
            log?.warn({ offeringId: doc._id, kind, attempts, retryAt: next.toISOString(), err: (err as Error).message }, 'offering mail not sent; will retry');
            await mailFailed(doc._id, next);
          }
          return;
        }
      }
      const after = await releaseMails(id, by);
      if (!after || after.mailsDue.length === 0) return;
    }
  }

  async function sendDueMailsQuietly(id: string): Promise<void> {
    try {
      await sendDueMails(id);
    } catch (err) {
      log?.error({ offeringId: id, err }, 'offering mails failed');
    }
  }

  return { send: sendDueMails, sendQuietly: sendDueMailsQuietly };
}
