import { cleanDisplayName } from '@wishlist/contracts';
import { HttpError, type Lang } from '@wishlist/service-kit';
import { findList } from '../data/lists';
import { findReminderByToken, remindersAreOff, turnRemindersOff, type ReminderDoc } from '../data/reminders';
import { escapeHtml } from './reminderMail';

/** A token as mailed: 128 bits in base64url. Anything else names nothing. */
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

export interface UnsubscribeState {
  listName: string;
  eventDate: string;
  unsubscribed: boolean;
  lang: Lang;
}

function reminderNotFound(): HttpError {
  return HttpError.notFound('This unsubscribe link is not valid (the list may have been deleted).', 'reminder_not_found');
}

async function reminderOf(token: string): Promise<ReminderDoc> {
  const reminder = TOKEN.test(token) ? await findReminderByToken(token) : null;
  if (!reminder) throw reminderNotFound();
  return reminder;
}

async function stateOf(reminder: ReminderDoc, unsubscribed?: boolean): Promise<UnsubscribeState> {
  const list = await findList(String(reminder.listId));
  return {
    listName: list?.name ?? '',
    eventDate: reminder.eventDate,
    unsubscribed: unsubscribed ?? (await remindersAreOff(reminder.userId, reminder.listId)),
    lang: reminder.lang === 'fr' ? 'fr' : 'en',
  };
}

/** GET: what the link is about; changes nothing (mail scanners open links). */
export async function readUnsubscribe(token: string): Promise<UnsubscribeState> {
  return stateOf(await reminderOf(token));
}

/** POST (the page's button, or a mail client's RFC 8058 one-click POST): idempotent. */
export async function unsubscribe(token: string): Promise<UnsubscribeState> {
  const reminder = await reminderOf(token);
  await turnRemindersOff(reminder.userId, reminder.listId);
  return stateOf(reminder, true);
}

/** The words of one kind of unsubscribe page (occasion reminders, price alerts), per language. */
export interface UnsubscribePageTexts {
  title: string;
  ask: (name: string) => string;
  button: string;
  done: (name: string) => string;
  quote: (n: string) => string;
}

const pageTexts: Record<Lang, UnsubscribePageTexts> = {
  en: {
    title: 'Occasion reminders',
    ask: (name) => `Stop receiving reminders of the occasion of the wish list ${name}? The list stays in your favorites.`,
    button: 'Stop the reminders',
    done: (name) => `Done: you will receive no more reminders of the wish list ${name}.`,
    quote: (n) => `“${n}”`,
  },
  fr: {
    title: 'Rappels d’occasion',
    ask: (name) => `Ne plus recevoir de rappel de l’occasion de la liste d’envies ${name}\u00a0? La liste reste dans vos favoris.`,
    button: 'Arrêter les rappels',
    done: (name) => `C’est fait\u00a0: vous ne recevrez plus de rappel de la liste d’envies ${name}.`,
    quote: (n) => `«\u00a0${n}\u00a0»`,
  },
};

/** The texts of each language (for the key-parity test). */
export const unsubscribePageTexts = pageTexts;

/**
 * The page the mail's link opens in a browser (an occasion reminder's, or with other `texts` a
 * price alert's): it asks, and only its button (a POST to the same
 * address) unsubscribes. Plain HTML without script, readable at 360 px, usable with a keyboard.
 */
export function unsubscribePage(
  state: Pick<UnsubscribeState, 'listName' | 'unsubscribed' | 'lang'>,
  texts: Record<Lang, UnsubscribePageTexts> = pageTexts,
): string {
  const t = texts[state.lang];
  const name = escapeHtml(t.quote(cleanDisplayName(state.listName)));
  const body = state.unsubscribed
    ? `<p role="status">${t.done(name)}</p>`
    : `<p>${t.ask(name)}</p>
<form method="post"><button type="submit">${escapeHtml(t.button)}</button></form>`;
  return `<!doctype html>
<html lang="${state.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)} - Wishlist</title>
<style>
body { font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5; margin: 0; padding: 24px 16px; }
main { max-width: 560px; margin: 0 auto; }
h1 { font-size: 1.5rem; }
button { font: inherit; min-height: 48px; padding: 10px 20px; border: 0; border-radius: 4px; background: #ad1457; color: #fff; cursor: pointer; }
button:focus-visible { outline: 3px solid #222; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(t.title)}</h1>
${body}
</main>
</body>
</html>
`;
}
