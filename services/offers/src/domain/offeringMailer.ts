import { cleanDisplayName, cleanMultilineText, formatPrice } from '@wishlist/contracts';
import type { Lang, Mail } from '@wishlist/service-kit';

/** Everything inserted into the HTML goes through this. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Escaped, line breaks kept. */
const htmlLines = (value: string) => escapeHtml(value).replace(/\n/g, '<br>');

export interface MailProduct {
  name: string;
  price?: number | null;
  websiteName?: string | null;
  listName?: string | null;
  /** Units offered (shown when more than one). */
  quantity?: number | null;
}

interface Texts {
  greeting: string;
  signature: string;
  someone: string;
  /** A name typed by someone, in quotation marks: it cannot pass for our own words. */
  quote: (name: string) => string;
  lists: (names: string) => string;
  ownerOffer: {
    subject: string;
    intro: string;
    introNamed: (who: string) => string;
    message: string;
    expecting: string;
    notExpecting: string;
    view: string;
    refuse: string;
    refuseButton: string;
  };
  giverVerification: { subject: string; intro: (hours: number) => string; confirm: string; ignore: string };
  giverConfirmation: {
    subject: string;
    intro: string;
    expecting: string;
    notExpecting: string;
    refusal: string;
    privacy: string;
    withdraw: string;
    withdrawButton: string;
  };
  giverAddress: { subject: string; intro: string; address: string; thanks: string };
  giverRefused: { subject: string; intro: string; available: string };
  ownerWithdrawn: { subject: string; intro: string; available: string };
}

const texts: Record<Lang, Texts> = {
  en: {
    greeting: 'Hello,',
    signature: 'The Wishlist team',
    someone: 'Someone',
    quote: (name) => `“${name}”`,
    lists: (names) => `Wish list: ${names}`,
    ownerOffer: {
      subject: 'Someone wants to offer you gifts from your wish list',
      intro: 'Someone wants to offer you these products from your wish list:',
      introNamed: (who) => `An offer signed ${who}: this person wants to offer you these products from your wish list:`,
      message: 'Their message:',
      expecting: 'They need your postal address to send the gifts: open the offer to give it.',
      notExpecting: 'They already know where to send the gifts.',
      view: 'See the offer',
      refuse: 'If you do not want these gifts, you can refuse them:',
      refuseButton: 'Refuse the gifts',
    },
    giverVerification: {
      subject: 'Confirm your gift offer',
      intro: (hours) =>
        `Someone, probably you, offered gifts on Wishlist with this address. Confirm it within ${hours} hours so that we pass the offer on.`,
      confirm: 'Confirm my offer',
      ignore: 'If it was not you, ignore this mail: nothing will be sent.',
    },
    giverConfirmation: {
      subject: 'Your gift offer was sent',
      intro: 'Thank you! The owner of the wish list was told that you want to offer:',
      expecting: 'You asked for their postal address: you will receive it by e-mail as soon as they give it.',
      notExpecting: 'You said you already know where to send the gifts.',
      refusal: 'If they refuse the gifts, we will tell you by e-mail.',
      privacy: 'Your e-mail address is not shown to the owner of the list.',
      withdraw: 'Changed your mind? As long as the owner has not answered, you can withdraw your offer:',
      withdrawButton: 'Withdraw my offer',
    },
    giverAddress: {
      subject: 'The address for your gifts',
      intro: 'The owner of the wish list accepted your offer of:',
      address: 'Here is the address to send the gifts to:',
      thanks: 'Thank you for your gifts!',
    },
    giverRefused: {
      subject: 'Your gift offer was declined',
      intro: 'The owner of the wish list declined your offer of:',
      available: 'These products are no longer marked as offered on the list.',
    },
    ownerWithdrawn: {
      subject: 'A gift offer was withdrawn',
      intro: 'The person who wanted to offer you these products from your wish list withdrew the offer:',
      available: 'These products are no longer marked as offered on your list: someone else may offer them.',
    },
  },
  fr: {
    greeting: 'Bonjour,',
    signature: "L’équipe Wishlist",
    someone: "Quelqu’un",
    quote: (name) => `«\u00a0${name}\u00a0»`,
    lists: (names) => `Liste d’envies : ${names}`,
    ownerOffer: {
      subject: "Quelqu’un veut vous offrir des cadeaux de votre liste d’envies",
      intro: "Quelqu’un veut vous offrir ces produits de votre liste d’envies :",
      introNamed: (who) => `Une offre signée ${who} : cette personne veut vous offrir ces produits de votre liste d’envies :`,
      message: 'Son message :',
      expecting: "Cette personne a besoin de votre adresse postale pour envoyer les cadeaux : ouvrez l’offre pour la lui donner.",
      notExpecting: 'Cette personne sait déjà où envoyer les cadeaux.',
      view: "Voir l’offre",
      refuse: 'Si vous ne souhaitez pas ces cadeaux, vous pouvez les refuser :',
      refuseButton: 'Refuser les cadeaux',
    },
    giverVerification: {
      subject: 'Confirmez votre offre de cadeau',
      intro: (hours) =>
        `Quelqu’un, sans doute vous, a offert des cadeaux sur Wishlist avec cette adresse. Confirmez-la dans les ${hours} heures pour que nous transmettions l’offre.`,
      confirm: 'Confirmer mon offre',
      ignore: "Si ce n’était pas vous, ignorez ce message : rien ne sera envoyé.",
    },
    giverConfirmation: {
      subject: 'Votre offre de cadeau a été envoyée',
      intro: "Merci ! La personne à qui appartient la liste d’envies a été prévenue que vous souhaitez offrir :",
      expecting: "Vous avez demandé son adresse postale : vous la recevrez par e-mail dès qu’elle l’aura donnée.",
      notExpecting: 'Vous avez indiqué savoir déjà où envoyer les cadeaux.',
      refusal: 'Si elle refuse les cadeaux, nous vous préviendrons par e-mail.',
      privacy: "Votre adresse e-mail n’est pas montrée à la personne à qui appartient la liste.",
      withdraw: "Vous avez changé d’avis ? Tant que la personne n’a pas répondu, vous pouvez retirer votre offre :",
      withdrawButton: 'Retirer mon offre',
    },
    giverAddress: {
      subject: "L’adresse pour vos cadeaux",
      intro: "La personne à qui appartient la liste d’envies a accepté votre offre de :",
      address: "Voici l’adresse où envoyer les cadeaux :",
      thanks: 'Merci pour vos cadeaux !',
    },
    giverRefused: {
      subject: 'Votre offre de cadeau a été déclinée',
      intro: "La personne à qui appartient la liste d’envies a décliné votre offre de :",
      available: 'Ces produits ne sont plus marqués comme offerts sur la liste.',
    },
    ownerWithdrawn: {
      subject: 'Une offre de cadeau a été retirée',
      intro: "La personne qui voulait vous offrir ces produits de votre liste d’envies a retiré son offre :",
      available: "Ces produits ne sont plus marqués comme offerts sur votre liste : quelqu’un d’autre peut les offrir.",
    },
  },
};

/** The texts of a language (for the key-parity test). */
export const mailTexts = texts;

// Names come from other people and from what is already stored: cleaned again here (one line, no
// controls, no direction overrides), quoted, and never at the start of a line of the text part.
export const name = (value: string | null | undefined) => cleanDisplayName(value ?? '');
/** "3 × " before a product offered several times; nothing for one. */
const units = (p: MailProduct) => (p.quantity && p.quantity > 1 ? `${Math.floor(p.quantity)} × ` : '');
const productLine = (lang: Lang, p: MailProduct) => {
  const site = name(p.websiteName);
  return `${units(p)}${texts[lang].quote(name(p.name))} (${formatPrice(p.price, lang)})${site ? ` - ${site}` : ''}`;
};
const listNames = (lang: Lang, products: MailProduct[]) =>
  [...new Set(products.map((p) => name(p.listName)).filter(Boolean))].map(texts[lang].quote).join(', ');

export type Block =
  | { kind: 'p'; text: string; muted?: boolean }
  | { kind: 'products'; products: MailProduct[] }
  | { kind: 'quote'; text: string }
  | { kind: 'button'; label: string; href: string; secondary?: boolean };

export function render(to: string, lang: Lang, subject: string, blocks: Block[]): Mail {
  const t = texts[lang];
  const all: Block[] = [{ kind: 'p', text: t.greeting }, ...blocks, { kind: 'p', text: t.signature }];
  const text = all
    .map((b) => {
      switch (b.kind) {
        case 'p':
          return b.text;
        case 'products':
          return b.products.map((p) => `- ${productLine(lang, p)}`).join('\n');
        case 'quote':
          return cleanMultilineText(b.text)
            .split('\n')
            .map((l) => `> ${l}`)
            .join('\n');
        case 'button':
          return `${b.label}: ${b.href}`;
      }
    })
    .join('\n\n');
  const html = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
${all
  .map((b) => {
    switch (b.kind) {
      case 'p':
        return `<p${b.muted ? ' style="color: #666;"' : ''}>${htmlLines(b.text)}</p>`;
      case 'products':
        return `<ul>\n${b.products
          .map(
            (p) =>
              `<li>${units(p)}<strong>${escapeHtml(name(p.name))}</strong> (${escapeHtml(formatPrice(p.price, lang))})${name(p.websiteName) ? ` - ${escapeHtml(name(p.websiteName))}` : ''}</li>`,
          )
          .join('\n')}\n</ul>`;
      case 'quote':
        return `<blockquote style="margin: 0 0 1em; padding: 8px 12px; border-left: 4px solid #ddd; color: #444;">${htmlLines(cleanMultilineText(b.text))}</blockquote>`;
      case 'button': {
        const href = escapeHtml(b.href);
        const style = b.secondary
          ? 'color: #c2185b;'
          : 'display: inline-block; padding: 10px 18px; background: #c2185b; color: #fff; text-decoration: none; border-radius: 4px;';
        return `<p><a href="${href}" style="${style}">${escapeHtml(b.label)}</a></p>`;
      }
    }
  })
  .join('\n')}
</body>
</html>
`;
  return { to, subject, text: `${text}\n`, html };
}

export const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** To the owner when an offer arrives: who, what, the message, and the links to answer. */
export function ownerOfferMail(options: {
  to: string;
  lang: Lang;
  publicUrl: string;
  offeringId: string;
  offererIdentity: string;
  offererMessage: string;
  isExpectingAddress: boolean;
  products: MailProduct[];
}): Mail {
  const t = texts[options.lang].ownerOffer;
  const link = `${base(options.publicUrl)}/offerings/${encodeURIComponent(options.offeringId)}`;
  const identity = name(options.offererIdentity);
  const blocks: Block[] = [
    { kind: 'p', text: identity ? t.introNamed(texts[options.lang].quote(identity)) : t.intro },
    { kind: 'products', products: options.products },
  ];
  if (options.offererMessage) blocks.push({ kind: 'p', text: t.message }, { kind: 'quote', text: options.offererMessage });
  blocks.push(
    { kind: 'p', text: options.isExpectingAddress ? t.expecting : t.notExpecting },
    { kind: 'button', label: t.view, href: link },
    { kind: 'p', text: t.refuse, muted: true },
    { kind: 'button', label: t.refuseButton, href: `${link}/refuse`, secondary: true },
  );
  return render(options.to, options.lang, t.subject, blocks);
}

/**
 * To an address typed by an anonymous giver, before anything else is sent to it: fixed text and
 * the confirmation link only. Nothing chosen by anyone (names, products, lists, messages) is in
 * it, so the form cannot be used to send someone else's words to an address that did not ask.
 * The code is in the link's fragment: browsers do not send it to servers, so it stays out of logs.
 */
export function giverVerificationMail(options: { to: string; lang: Lang; publicUrl: string; offeringId: string; code: string; hours: number }): Mail {
  const t = texts[options.lang].giverVerification;
  const link = `${base(options.publicUrl)}/${options.lang}/offer-confirmation/${encodeURIComponent(options.offeringId)}#code=${encodeURIComponent(options.code)}`;
  return render(options.to, options.lang, t.subject, [
    { kind: 'p', text: t.intro(options.hours) },
    { kind: 'button', label: t.confirm, href: link },
    { kind: 'p', text: t.ignore, muted: true },
  ]);
}

/** A link to withdraw one offering (one owner's part of the basket) and what it offers. */
export interface WithdrawalLink {
  href: string;
  products: MailProduct[];
}

/**
 * To the giver once the offer is made (every owner of a mixed basket told), with a link per
 * offering still unanswered to withdraw it (each link opens its own offering only).
 */
export function giverConfirmationMail(options: {
  to: string;
  lang: Lang;
  isExpectingAddress: boolean;
  products: MailProduct[];
  withdrawals?: WithdrawalLink[];
  /** More blocks before the privacy line (the giver's "My gifts" link). */
  extra?: Block[];
}): Mail {
  const t = texts[options.lang].giverConfirmation;
  const withdrawals = options.withdrawals ?? [];
  const blocks: Block[] = [
    { kind: 'p', text: t.intro },
    { kind: 'products', products: options.products },
    { kind: 'p', text: `${options.isExpectingAddress ? t.expecting : t.notExpecting} ${t.refusal}` },
  ];
  if (withdrawals.length > 0) blocks.push({ kind: 'p', text: t.withdraw });
  for (const w of withdrawals) {
    // A mixed basket: say which gifts each link takes back.
    if (withdrawals.length > 1) blocks.push({ kind: 'products', products: w.products });
    blocks.push({ kind: 'button', label: t.withdrawButton, href: w.href, secondary: true });
  }
  blocks.push(...(options.extra ?? []), { kind: 'p', text: t.privacy, muted: true });
  return render(options.to, options.lang, t.subject, blocks);
}

/** To the owner when the giver withdraws an offer they had been told of. */
export function ownerWithdrawnMail(options: { to: string; lang: Lang; products: MailProduct[] }): Mail {
  return productsFreedMail(options, texts[options.lang].ownerWithdrawn);
}

/** The lists, what happened, the products, and that they can be offered again. */
function productsFreedMail(options: { to: string; lang: Lang; products: MailProduct[] }, t: { subject: string; intro: string; available: string }): Mail {
  const names = listNames(options.lang, options.products);
  return render(options.to, options.lang, t.subject, [
    ...(names ? [{ kind: 'p' as const, text: texts[options.lang].lists(names) }] : []),
    { kind: 'p', text: t.intro },
    { kind: 'products', products: options.products },
    { kind: 'p', text: t.available },
  ]);
}

/** To the giver when the owner gives an address (the address included). */
export function giverAddressMail(options: { to: string; lang: Lang; address: string; products: MailProduct[] }): Mail {
  const lang = texts[options.lang];
  const t = lang.giverAddress;
  const names = listNames(options.lang, options.products);
  return render(options.to, options.lang, t.subject, [
    ...(names ? [{ kind: 'p' as const, text: lang.lists(names) }] : []),
    { kind: 'p', text: t.intro },
    { kind: 'products', products: options.products },
    { kind: 'p', text: t.address },
    { kind: 'quote', text: options.address },
    { kind: 'p', text: t.thanks },
  ]);
}

/** To the giver when the owner refuses. */
export function giverRefusedMail(options: { to: string; lang: Lang; products: MailProduct[] }): Mail {
  return productsFreedMail(options, texts[options.lang].giverRefused);
}
