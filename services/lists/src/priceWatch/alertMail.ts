import { cleanDisplayName, formatPrice } from '@wishlist/contracts';
import type { Lang, Mail } from '@wishlist/service-kit';
import { escapeHtml } from '../reminders/reminderMail';
import type { UnsubscribePageTexts } from '../reminders/unsubscribe';

interface Texts {
  subject: (percent: string) => string;
  greeting: string;
  intro: (product: string, list: string, percent: string) => string;
  prices: (before: string, after: string) => string;
  see: string;
  why: string;
  unsubscribe: string;
  signature: string;
  quote: (name: string) => string;
}

const texts: Record<Lang, Texts> = {
  en: {
    subject: (percent) => `A gift on a wish list you follow is ${percent} cheaper`,
    greeting: 'Hello,',
    intro: (product, list, percent) => `${product} on the wish list ${list} is ${percent} cheaper.`,
    prices: (before, after) => `It went from ${before} to ${after} on the shop's page.`,
    see: 'See the wish list',
    why: 'You receive this because you asked for price alerts of this favorite list (at most one such mail a day).',
    unsubscribe: 'No more price alerts for this list',
    signature: 'The Wishlist team',
    quote: (name) => `“${name}”`,
  },
  fr: {
    subject: (percent) => `Un cadeau d’une liste d’envies que vous suivez est ${percent} moins cher`,
    greeting: 'Bonjour,',
    intro: (product, list, percent) => `${product}, sur la liste d’envies ${list}, est ${percent} moins cher.`,
    prices: (before, after) => `Son prix est passé de ${before} à ${after} sur la page de la boutique.`,
    see: 'Voir la liste d’envies',
    why: 'Vous recevez ce message parce que vous avez demandé les alertes de prix de cette liste favorite (au plus un message de ce type par jour).',
    unsubscribe: 'Ne plus recevoir d’alerte de prix pour cette liste',
    signature: 'L’équipe Wishlist',
    quote: (name) => `«\u00a0${name}\u00a0»`,
  },
};

/** The texts of each language (for the key-parity test). */
export const priceAlertTexts = texts;

/** The unsubscribe page of a price alert (the reminders' page, with these words). */
export const priceAlertPageTexts: Record<Lang, UnsubscribePageTexts> = {
  en: {
    title: 'Price alerts',
    ask: (name) => `Stop receiving price alerts of the wish list ${name}? The list stays in your favorites.`,
    button: 'Stop the price alerts',
    done: (name) => `Done: you will receive no more price alerts of the wish list ${name}.`,
    quote: (n) => `“${n}”`,
  },
  fr: {
    title: 'Alertes de prix',
    ask: (name) => `Ne plus recevoir d’alerte de prix de la liste d’envies ${name}\u00a0? La liste reste dans vos favoris.`,
    button: 'Arrêter les alertes de prix',
    done: (name) => `C’est fait\u00a0: vous ne recevrez plus d’alerte de prix de la liste d’envies ${name}.`,
    quote: (n) => `«\u00a0${n}\u00a0»`,
  },
};

/** "20%" / "20 %" as each language writes it. */
export function formatPercent(percent: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

/**
 * A price drop, in the recipient's language, prices with `formatPrice`. The subject is fixed text
 * with the percentage only (names typed by people never reach a header); the list's and product's
 * names are cleaned to one line, quoted, and escaped in the HTML. RFC 8058 one-click headers.
 */
export function priceAlertMail(options: {
  to: string;
  lang: Lang;
  listName: string;
  productName: string;
  oldPrice: number;
  newPrice: number;
  percent: number;
  listUrl: string;
  unsubscribeUrl: string;
}): Mail {
  const t = texts[options.lang];
  const percent = formatPercent(options.percent, options.lang);
  const intro = t.intro(t.quote(cleanDisplayName(options.productName)), t.quote(cleanDisplayName(options.listName)), percent);
  const prices = t.prices(formatPrice(options.oldPrice, options.lang), formatPrice(options.newPrice, options.lang));
  const text = [t.greeting, intro, prices, `${t.see}: ${options.listUrl}`, t.why, `${t.unsubscribe}: ${options.unsubscribeUrl}`, t.signature].join('\n\n');
  const html = `<!doctype html>
<html lang="${options.lang}">
<head><meta charset="utf-8"><title>${escapeHtml(t.subject(percent))}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(prices)}</p>
<p><a href="${escapeHtml(options.listUrl)}" style="display: inline-block; padding: 10px 18px; background: #c2185b; color: #fff; text-decoration: none; border-radius: 4px;">${escapeHtml(t.see)}</a></p>
<p style="color: #666;">${escapeHtml(t.why)}<br><a href="${escapeHtml(options.unsubscribeUrl)}" style="color: #c2185b;">${escapeHtml(t.unsubscribe)}</a></p>
<p>${escapeHtml(t.signature)}</p>
</body>
</html>
`;
  return {
    to: options.to,
    subject: t.subject(percent),
    text: `${text}\n`,
    html,
    headers: { 'List-Unsubscribe': `<${options.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
