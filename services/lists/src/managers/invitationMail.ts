import { cleanDisplayName } from '@wishlist/contracts';
import type { Lang, Mail } from '@wishlist/service-kit';
import { escapeHtml } from '../reminders/reminderMail';

interface Texts {
  subject: string;
  greeting: string;
  /** Who invites (their address, when known) to keep which list. */
  intro: (quotedName: string, inviter: string | null) => string;
  what: string;
  accept: string;
  expiry: (days: number) => string;
  ignore: string;
  signature: string;
  quote: (name: string) => string;
}

const texts: Record<Lang, Texts> = {
  en: {
    subject: 'You are invited to keep a wish list',
    greeting: 'Hello,',
    intro: (name, inviter) => `${inviter ?? 'Someone'} invites you to keep the wish list ${name} with them.`,
    what: 'As one of its keepers you can rename it, add, edit, order and remove its products, and share it.',
    accept: 'See the invitation',
    expiry: (days) => `This link works once, for ${days} days. You will be asked to sign in (or to create your account) first.`,
    ignore: 'If you do not know this person, ignore this e-mail: nothing happens without you.',
    signature: 'The Wishlist team',
    quote: (name) => `“${name}”`,
  },
  fr: {
    subject: 'Vous êtes invité à tenir une liste d’envies',
    greeting: 'Bonjour,',
    intro: (name, inviter) => `${inviter ?? 'Quelqu’un'} vous invite à tenir avec lui ou elle la liste d’envies ${name}.`,
    what: 'En la tenant, vous pourrez la renommer, y ajouter, modifier, ordonner et retirer des produits, et la partager.',
    accept: 'Voir l’invitation',
    expiry: (days) => `Ce lien sert une seule fois, pendant ${days} jours. Il vous sera d’abord demandé de vous connecter (ou de créer votre compte).`,
    ignore: 'Si vous ne connaissez pas cette personne, ignorez cet e-mail : rien ne se passe sans vous.',
    signature: 'L’équipe Wishlist',
    quote: (name) => `«\u00a0${name}\u00a0»`,
  },
};

/** The texts of each language (for the key-parity test). */
export const invitationTexts = texts;

/** The invitation to keep a list, in the inviter's language; the list's name is cleaned and quoted, never in a header. */
export function invitationMail(options: { to: string; lang: Lang; listName: string; inviter: string | null; link: string; days: number }): Mail {
  const t = texts[options.lang];
  const intro = t.intro(t.quote(cleanDisplayName(options.listName)), options.inviter);
  const text = [t.greeting, intro, t.what, `${t.accept}: ${options.link}`, t.expiry(options.days), t.ignore, t.signature].join('\n\n');
  const html = `<!doctype html>
<html lang="${options.lang}">
<head><meta charset="utf-8"><title>${escapeHtml(t.subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(t.what)}</p>
<p><a href="${escapeHtml(options.link)}" style="display: inline-block; padding: 10px 18px; background: #c2185b; color: #fff; text-decoration: none; border-radius: 4px;">${escapeHtml(t.accept)}</a></p>
<p style="color: #666;">${escapeHtml(t.expiry(options.days))}<br>${escapeHtml(t.ignore)}</p>
<p>${escapeHtml(t.signature)}</p>
</body>
</html>
`;
  return { to: options.to, subject: t.subject, text: `${text}\n`, html };
}
