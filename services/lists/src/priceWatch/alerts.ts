import { HttpError, type Lang, type Logger, type Mailer } from '@wishlist/service-kit';
import { findList } from '../data/lists';
import { findProduct } from '../data/products';
import { addAlertToken, alertsWanted, claimAlert, findAlertByTokenHash, markAlert, retryAlertAt, setFavoriteAlerts, type PriceAlertDoc } from '../data/priceWatch';
import { hashToken } from '../data/reminders';
import { newUnsubscribeToken } from '../reminders/sweep';
import type { UsersApi } from '../reminders/users';
import type { UnsubscribeState } from '../reminders/unsubscribe';
import { priceAlertMail } from './alertMail';
import { alertDrop } from './rules';

/** A copy that claimed an alert has this long to send it before another copy may. */
const SEND_LEASE_MS = 5 * 60_000;
/** A mail that could not be sent: retried after 1 min, doubling, at most this many attempts. */
const MAX_ATTEMPTS = 8;
const MAX_PER_RUN = 500;

export interface PriceAlertSender {
  /** Sends the alerts due (each once, whatever the copies). */
  deliver(): Promise<{ sent: number; dropped: number }>;
}

export function createPriceAlertSender(deps: { users: UsersApi; mailer: Mailer; publicUrl: string; logger?: Logger; now?: () => Date }): PriceAlertSender {
  const now = deps.now ?? (() => new Date());
  const base = deps.publicUrl.replace(/\/+$/, '');

  async function deliverOne(alert: PriceAlertDoc): Promise<'sent' | 'dropped'> {
    const at = now();
    const [list, product] = await Promise.all([findList(String(alert.listId)), findProduct(String(alert.productId))]);
    // Still wanted (followed with alerts on, owner's alerts on) and the drop still true of the product.
    const applies =
      list &&
      product &&
      list.priceAlerts !== false &&
      !list.archived &&
      list.ownerId !== alert.userId &&
      String(product.listId) === String(list._id) &&
      (await alertsWanted(alert.userId, alert.listId)) &&
      alertDrop(alert.oldPrice, product.price ?? null) !== null;
    if (!applies) {
      await markAlert(alert._id, 'dropped', at);
      return 'dropped';
    }
    const contact = await deps.users.contact(alert.userId);
    if (!contact) {
      await markAlert(alert._id, 'dropped', at);
      return 'dropped';
    }
    const token = newUnsubscribeToken();
    await addAlertToken(alert._id, hashToken(token), contact.lang);
    const newPrice = product.price!;
    await deps.mailer.send(
      priceAlertMail({
        to: contact.email,
        lang: contact.lang,
        listName: list.name,
        productName: product.name,
        oldPrice: alert.oldPrice,
        newPrice,
        percent: alertDrop(alert.oldPrice, newPrice)!,
        listUrl: `${base}/see/${encodeURIComponent(String(list._id))}`,
        unsubscribeUrl: `${base}/api/favorites/price-alerts/${token}`,
      }),
    );
    await markAlert(alert._id, 'sent', at);
    return 'sent';
  }

  return {
    async deliver() {
      const out = { sent: 0, dropped: 0 };
      for (let i = 0; i < MAX_PER_RUN; i++) {
        const alert = await claimAlert(now(), SEND_LEASE_MS);
        if (!alert) break;
        try {
          out[await deliverOne(alert)]++;
        } catch (err) {
          deps.logger?.warn({ err, alert: String(alert._id) }, 'price alert not sent; retried later');
          const attempts = alert.attempts ?? 1;
          if (attempts >= MAX_ATTEMPTS) await markAlert(alert._id, 'dropped', now());
          else await retryAlertAt(alert._id, new Date(now().getTime() + 60_000 * 2 ** (attempts - 1)));
        }
      }
      return out;
    },
  };
}

/** A token as mailed: 128 bits in base64url. Anything else names nothing. */
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

async function alertOf(token: string): Promise<PriceAlertDoc> {
  const alert = TOKEN.test(token) ? await findAlertByTokenHash(hashToken(token)) : null;
  if (!alert) throw HttpError.notFound('This unsubscribe link is not valid (the list may have been deleted).', 'price_alert_not_found');
  return alert;
}

export type PriceAlertUnsubscribeState = Omit<UnsubscribeState, 'eventDate'>;

async function stateOf(alert: PriceAlertDoc, unsubscribed?: boolean): Promise<PriceAlertUnsubscribeState> {
  const list = await findList(String(alert.listId));
  const lang: Lang = alert.lang === 'fr' ? 'fr' : 'en';
  return { listName: list?.name ?? '', unsubscribed: unsubscribed ?? !(await alertsWanted(alert.userId, alert.listId)), lang };
}

/** GET of the mail's opt-out link: what it is about; changes nothing (mail scanners open links). */
export async function readPriceAlertUnsubscribe(token: string): Promise<PriceAlertUnsubscribeState> {
  return stateOf(await alertOf(token));
}

/** POST (the page's button, or a mail client's RFC 8058 one-click): idempotent. */
export async function unsubscribePriceAlerts(token: string): Promise<PriceAlertUnsubscribeState> {
  const alert = await alertOf(token);
  await setFavoriteAlerts(alert.userId, alert.listId, false);
  return stateOf(alert, true);
}
