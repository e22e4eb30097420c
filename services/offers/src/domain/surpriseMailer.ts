import type { Lang, Mail } from '@wishlist/service-kit';
import { base, name, render, type Block } from './offeringMailer';

// The owner's mails about an offer on a surprise list, before its reveal: who and their message,
// never what (no product name, picture or price), in the owner's language.

interface SurpriseTexts {
  quote: (value: string) => string;
  offer: {
    subject: string;
    intro: string;
    introNamed: (who: string) => string;
    lists: (names: string) => string;
    message: string;
    expecting: string;
    notExpecting: string;
    revealOn: (day: string) => string;
    revealWhenYouChoose: string;
    view: string;
    refuse: string;
    refuseButton: string;
  };
  withdrawn: { subject: string; intro: string; introNamed: (who: string) => string };
}

const texts: Record<Lang, SurpriseTexts> = {
  en: {
    quote: (value) => `“${value}”`,
    offer: {
      subject: 'Someone wants to send you a surprise',
      intro: 'Someone wants to send you a gift from your wish list.',
      introNamed: (who) => `${who} wants to send you a gift from your wish list.`,
      lists: (names) => `Wish list: ${names}. It keeps the surprise: we do not tell you what they chose.`,
      message: 'Their message:',
      expecting: 'They need your postal address to send it: open the offer to give it, or to decline.',
      notExpecting: 'They already know where to send it. You can still decline.',
      revealOn: (day) => `You will see what you were given from ${day}.`,
      revealWhenYouChoose: 'You will see what you were given when you choose to, from your list.',
      view: 'Open the offer',
      refuse: 'If you do not want gifts from this person, you can decline them:',
      refuseButton: 'Decline',
    },
    withdrawn: {
      subject: 'A surprise offer was withdrawn',
      intro: 'The person who wanted to send you a surprise withdrew their offer.',
      introNamed: (who) => `${who} withdrew their offer of a surprise.`,
    },
  },
  fr: {
    quote: (value) => `«\u00a0${value}\u00a0»`,
    offer: {
      subject: 'Quelqu’un veut vous faire une surprise',
      intro: 'Quelqu’un veut vous offrir un cadeau de votre liste d’envies.',
      introNamed: (who) => `${who} veut vous offrir un cadeau de votre liste d’envies.`,
      lists: (names) => `Liste d’envies : ${names}. Elle garde la surprise : nous ne vous disons pas ce qui a été choisi.`,
      message: 'Son message :',
      expecting: 'Cette personne a besoin de votre adresse postale pour l’envoyer : ouvrez l’offre pour la lui donner, ou pour refuser.',
      notExpecting: 'Cette personne sait déjà où l’envoyer. Vous pouvez toujours refuser.',
      revealOn: (day) => `Vous verrez ce que l’on vous a offert à partir du ${day}.`,
      revealWhenYouChoose: 'Vous verrez ce que l’on vous a offert quand vous le déciderez, depuis votre liste.',
      view: 'Ouvrir l’offre',
      refuse: 'Si vous ne souhaitez pas de cadeau de cette personne, vous pouvez refuser :',
      refuseButton: 'Refuser',
    },
    withdrawn: {
      subject: 'Une offre surprise a été retirée',
      intro: 'La personne qui voulait vous faire une surprise a retiré son offre.',
      introNamed: (who) => `${who} a retiré son offre de surprise.`,
    },
  },
};

/** The texts of a language (for the key-parity test). */
export const surpriseMailTexts = texts;

/** A day written out in the reader's language (reveals are UTC days). */
function day(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}

/** To the owner when an offer arrives on a surprise list before its reveal. */
export function ownerSurpriseOfferMail(options: {
  to: string;
  lang: Lang;
  publicUrl: string;
  offeringId: string;
  offererIdentity: string;
  offererMessage: string;
  isExpectingAddress: boolean;
  listNames: string[];
  /** When the gifts show (ISO), or null (only "Show me anyway"). */
  revealsAt: string | null;
}): Mail {
  const t = texts[options.lang];
  const link = `${base(options.publicUrl)}/offerings/${encodeURIComponent(options.offeringId)}`;
  const identity = name(options.offererIdentity);
  const lists = [...new Set(options.listNames.map((n) => name(n)).filter(Boolean))].map(t.quote).join(', ');
  const blocks: Block[] = [{ kind: 'p', text: identity ? t.offer.introNamed(t.quote(identity)) : t.offer.intro }];
  if (lists) blocks.push({ kind: 'p', text: t.offer.lists(lists) });
  if (options.offererMessage) blocks.push({ kind: 'p', text: t.offer.message }, { kind: 'quote', text: options.offererMessage });
  blocks.push(
    { kind: 'p', text: options.isExpectingAddress ? t.offer.expecting : t.offer.notExpecting },
    { kind: 'button', label: t.offer.view, href: link },
    { kind: 'p', text: options.revealsAt ? t.offer.revealOn(day(options.revealsAt, options.lang)) : t.offer.revealWhenYouChoose, muted: true },
    { kind: 'p', text: t.offer.refuse, muted: true },
    { kind: 'button', label: t.offer.refuseButton, href: `${link}/refuse`, secondary: true },
  );
  return render(options.to, options.lang, t.offer.subject, blocks);
}

/** To the owner when the giver of a surprise withdraws it before the reveal: nothing of what it was. */
export function ownerSurpriseWithdrawnMail(options: { to: string; lang: Lang; offererIdentity: string }): Mail {
  const t = texts[options.lang].withdrawn;
  const identity = name(options.offererIdentity);
  return render(options.to, options.lang, t.subject, [{ kind: 'p', text: identity ? t.introNamed(texts[options.lang].quote(identity)) : t.intro }]);
}
