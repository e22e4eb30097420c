import { cleanDisplayName } from '@wishlist/contracts';
import type { Lang, Mail } from '@wishlist/service-kit';

/** Everything inserted into HTML goes through this. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

interface Texts {
  subject: string;
  greeting: string;
  /** The list's name (quoted) and the day, written out in the language. */
  intro: (quotedName: string, day: string, when: string) => string;
  see: string;
  why: string;
  unsubscribe: string;
  signature: string;
  quote: (name: string) => string;
}

const texts: Record<Lang, Texts> = {
  en: {
    subject: 'A wish list you follow has an occasion coming up',
    greeting: 'Hello,',
    intro: (name, day, when) => `The wish list ${name} that you follow has an occasion on ${day}, ${when}.`,
    see: 'See the wish list',
    why: 'You receive this reminder because this list is one of your favorites.',
    unsubscribe: 'No more reminders of this list',
    signature: 'The Wishlist team',
    quote: (name) => `“${name}”`,
  },
  fr: {
    subject: 'Une liste d’envies que vous suivez a bientôt une occasion',
    greeting: 'Bonjour,',
    intro: (name, day, when) => `La liste d’envies ${name} que vous suivez a une occasion le ${day}, ${when}.`,
    see: 'Voir la liste d’envies',
    why: 'Vous recevez ce rappel parce que cette liste fait partie de vos favoris.',
    unsubscribe: 'Ne plus recevoir de rappel pour cette liste',
    signature: 'L’équipe Wishlist',
    quote: (name) => `«\u00a0${name}\u00a0»`,
  },
};

/** The texts of each language (for the key-parity test). */
export const reminderTexts = texts;

/** The day written out in the language (`Saturday 12 December 2026`, `samedi 12 décembre 2026`). */
export function longDay(eventDate: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${eventDate}T00:00:00Z`));
}

/** How far the day is, in the language ("in 14 days", "tomorrow", "dans 14 jours", "demain"). */
export function relativeDay(days: number, lang: Lang): string {
  return new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(days, 'day');
}

/**
 * The reminder of an occasion, in the recipient's language. The subject is fixed text (the list's
 * name, typed by its owner, never reaches a header); the name is cleaned to one line and quoted.
 * The unsubscribe address is also given as RFC 8058 headers, so that mail clients offer
 * one-click unsubscribing (their POST is what unsubscribes; opening the address only asks).
 */
export function reminderMail(options: { to: string; lang: Lang; listName: string; eventDate: string; days: number; listUrl: string; unsubscribeUrl: string }): Mail {
  const t = texts[options.lang];
  const name = t.quote(cleanDisplayName(options.listName));
  const intro = t.intro(name, longDay(options.eventDate, options.lang), relativeDay(options.days, options.lang));
  const text = [
    t.greeting,
    intro,
    `${t.see}: ${options.listUrl}`,
    t.why,
    `${t.unsubscribe}: ${options.unsubscribeUrl}`,
    t.signature,
  ].join('\n\n');
  const html = `<!doctype html>
<html lang="${options.lang}">
<head><meta charset="utf-8"><title>${escapeHtml(t.subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(options.listUrl)}" style="display: inline-block; padding: 10px 18px; background: #c2185b; color: #fff; text-decoration: none; border-radius: 4px;">${escapeHtml(t.see)}</a></p>
<p style="color: #666;">${escapeHtml(t.why)}<br><a href="${escapeHtml(options.unsubscribeUrl)}" style="color: #c2185b;">${escapeHtml(t.unsubscribe)}</a></p>
<p>${escapeHtml(t.signature)}</p>
</body>
</html>
`;
  return {
    to: options.to,
    subject: t.subject,
    text: `${text}\n`,
    html,
    headers: { 'List-Unsubscribe': `<${options.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
