import type { Lang, Mail } from '@wishlist/service-kit';
import { name, render, type Block, type MailProduct } from './offeringMailer';

// The giver's "My gifts" mails: the link added to the receipt, and the reminder before the
// occasion. Same rules as every offer mail (offeringMailer's render: escaped HTML, names cleaned
// and quoted, fixed subjects).

interface GiftTexts {
  quote: (name: string) => string;
  link: string;
  linkButton: string;
  reminder: {
    subject: string;
    intro: (date: string, lists: string) => string;
    introNoList: (date: string) => string;
    waiting: string;
    address: string;
    button: string;
    stop: string;
  };
}

const texts: Record<Lang, GiftTexts> = {
  en: {
    quote: (n) => `“${n}”`,
    link: 'Keep track of what you promised: your gifts page shows each gift and where it stands, and keeps your private notes and costs (never shown to the owner).',
    linkButton: 'My gifts',
    reminder: {
      subject: 'A reminder: the occasion of your gifts is near',
      intro: (date, lists) => `The occasion of the wish list ${lists} is on ${date}. You offered:`,
      introNoList: (date) => `The occasion of the wish list is on ${date}. You offered:`,
      waiting: 'The owner has not answered your offer yet.',
      address: 'The owner gave you their address: you received it by e-mail, and it is on your gifts page.',
      button: 'See my gifts',
      stop: 'This is the only reminder for these gifts. Mark them as given on your gifts page if they are already on their way.',
    },
  },
  fr: {
    quote: (n) => `«\u00a0${n}\u00a0»`,
    link: 'Gardez le fil de vos promesses : votre page de cadeaux montre chaque cadeau et où il en est, et garde vos notes et coûts privés (jamais montrés à la personne à qui appartient la liste).',
    linkButton: 'Mes cadeaux',
    reminder: {
      subject: 'Un rappel : l’occasion de vos cadeaux approche',
      intro: (date, lists) => `L’occasion de la liste d’envies ${lists} est le ${date}. Vous avez offert :`,
      introNoList: (date) => `L’occasion de la liste d’envies est le ${date}. Vous avez offert :`,
      waiting: 'La personne n’a pas encore répondu à votre offre.',
      address: 'La personne vous a donné son adresse : vous l’avez reçue par e-mail, et elle figure sur votre page de cadeaux.',
      button: 'Voir mes cadeaux',
      stop: 'C’est le seul rappel pour ces cadeaux. Marquez-les comme remis sur votre page de cadeaux s’ils sont déjà en route.',
    },
  },
};

/** The texts of a language (for the key-parity test). */
export const giftMailTexts = texts;

/** `YYYY-MM-DD` as the reader writes a date ("24 December 2026", « 24 décembre 2026 »). */
export function formatEventDate(day: string, lang: Lang): string {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(at);
}

/** The "My gifts" link for the receipt mail (`giverConfirmationMail`'s `extra`). */
export function giftsLinkBlocks(lang: Lang, href: string): Block[] {
  const t = texts[lang];
  return [
    { kind: 'p', text: t.link },
    { kind: 'button', label: t.linkButton, href, secondary: true },
  ];
}

/** To the giver a few days before the occasion of the list their gifts are on. */
export function giftReminderMail(options: {
  to: string;
  lang: Lang;
  eventDate: string;
  products: MailProduct[];
  addressGiven: boolean;
  giftsHref: string;
}): Mail {
  const t = texts[options.lang];
  const date = formatEventDate(options.eventDate, options.lang);
  const lists = [...new Set(options.products.map((p) => name(p.listName)).filter(Boolean))].map(t.quote).join(', ');
  return render(options.to, options.lang, t.reminder.subject, [
    { kind: 'p', text: lists ? t.reminder.intro(date, lists) : t.reminder.introNoList(date) },
    { kind: 'products', products: options.products },
    { kind: 'p', text: options.addressGiven ? t.reminder.address : t.reminder.waiting },
    { kind: 'button', label: t.reminder.button, href: options.giftsHref },
    { kind: 'p', text: t.reminder.stop, muted: true },
  ]);
}
