import { formatPrice } from '@wishlist/contracts';
import type { Lang, Mail } from '@wishlist/service-kit';
import { base, name, render, type Block, type MailProduct } from './offeringMailer';

interface PledgeTexts {
  verification: { subject: string; intro: (amount: string, hours: number) => string; confirm: string; ignore: string; cut: (asked: string) => string };
  complete: {
    subject: string;
    intro: string;
    pledgers: string;
    agree: string;
    owner: string;
  };
}

const pledgeTexts: Record<Lang, PledgeTexts> = {
  en: {
    verification: {
      subject: 'Confirm your part of a group gift',
      intro: (amount, hours) =>
        `Someone, probably you, pledged ${amount} towards a group gift on Wishlist with this address. Confirm it within ${hours} hours, or the amount is freed for others.`,
      confirm: 'Confirm my pledge',
      ignore: 'If it was not you, ignore this mail: nothing more will be sent.',
      cut: (asked) => `You asked for ${asked}: only this much was left to pledge.`,
    },
    complete: {
      subject: 'Your group gift is fully pledged',
      intro: 'Good news: the whole price of this group gift is pledged, and its owner was told who offers it:',
      pledgers: 'The people who chipped in (write to each other to agree on who buys it):',
      agree: 'Agree together on who buys the gift and collects the parts. The owner sees your names, never the amounts.',
      owner: 'When the owner gives an address, or declines the gift, every one of you gets the mail.',
    },
  },
  fr: {
    verification: {
      subject: 'Confirmez votre participation à un cadeau commun',
      intro: (amount, hours) =>
        `Quelqu’un, sans doute vous, a promis ${amount} pour un cadeau commun sur Wishlist avec cette adresse. Confirmez dans les ${hours} heures, sinon la somme est libérée pour d’autres.`,
      confirm: 'Confirmer ma participation',
      ignore: "Si ce n’était pas vous, ignorez ce message\u00a0: rien d’autre ne sera envoyé.",
      cut: (asked) => `Vous aviez demandé ${asked}\u00a0: il ne restait que cette somme à promettre.`,
    },
    complete: {
      subject: 'Votre cadeau commun est entièrement financé',
      intro: 'Bonne nouvelle\u00a0: tout le prix de ce cadeau commun est promis, et son destinataire sait qui le lui offre\u00a0:',
      pledgers: 'Les personnes qui participent (écrivez-vous pour décider qui l’achète)\u00a0:',
      agree: 'Décidez ensemble qui achète le cadeau et rassemble les parts. Le destinataire voit vos noms, jamais les montants.',
      owner: 'Quand le destinataire donnera une adresse, ou refusera le cadeau, chacun de vous recevra le message.',
    },
  },
};

/** The texts of a language (for the key-parity test). */
export const pledgeMailTexts = pledgeTexts;

/**
 * To the address a pledger typed, before anything else: fixed text, the amount (a number we
 * wrote) and the link. The token is in the fragment, out of every server log.
 */
export function pledgeVerificationMail(options: {
  to: string;
  lang: Lang;
  publicUrl: string;
  pledgeId: string;
  token: string;
  amount: number;
  requested: number;
  hours: number;
}): Mail {
  const t = pledgeTexts[options.lang].verification;
  const link = `${base(options.publicUrl)}/${options.lang}/pledge/${encodeURIComponent(options.pledgeId)}#token=${encodeURIComponent(options.token)}`;
  const blocks: Block[] = [{ kind: 'p', text: t.intro(formatPrice(options.amount, options.lang), options.hours) }];
  if (options.requested > options.amount) blocks.push({ kind: 'p', text: t.cut(formatPrice(options.requested, options.lang)) });
  blocks.push({ kind: 'button', label: t.confirm, href: link }, { kind: 'p', text: t.ignore, muted: true });
  return render(options.to, options.lang, t.subject, blocks);
}

export interface Pledger {
  name: string;
  email: string;
  amount: number;
  lang: Lang;
}

/** One line per pledger: the name quoted, the address, the part. Never at the start of a line. */
const pledgerLine = (lang: Lang, p: Pledger) => `${lang === 'fr' ? 'Participant' : 'Pledger'} ${quoteName(lang, p.name)} <${p.email}>: ${formatPrice(p.amount, lang)}`;
const quoteName = (lang: Lang, value: string) => (lang === 'fr' ? `«\u00a0${name(value) || '?'}\u00a0»` : `“${name(value) || '?'}”`);

/** To every pledger at once when the gift is fully pledged: who they are, to agree on who buys. */
export function pledgersCompleteMail(options: { pledgers: Pledger[]; product: MailProduct }): Mail {
  return forEveryone(
    options.pledgers,
    (lang) => {
      const t = pledgeTexts[lang].complete;
      return render('', lang, t.subject, [
        { kind: 'p', text: t.intro },
        { kind: 'products', products: [options.product] },
        { kind: 'p', text: t.pledgers },
        { kind: 'p', text: options.pledgers.map((p) => pledgerLine(lang, p)).join('\n') },
        { kind: 'p', text: t.agree },
        { kind: 'p', text: t.owner, muted: true },
      ]);
    },
  );
}

const bodyOf = (html: string) => /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? html;

/**
 * One mail to every pledger (they know each other's addresses once the gift is complete): in
 * their language when they share one, else in English then French.
 */
export function forEveryone(pledgers: { email: string; lang: Lang }[], build: (lang: Lang) => Mail): Mail {
  const to = [...new Set(pledgers.map((p) => p.email))].join(', ');
  const langs = [...new Set(pledgers.map((p) => p.lang))].sort();
  if (langs.length === 1) return { ...build(langs[0]), to };
  const [en, fr] = [build('en'), build('fr')];
  return {
    to,
    subject: `${en.subject} / ${fr.subject}`,
    text: `${en.text}\n----------\n\n${fr.text}`,
    html: en.html.replace(/<\/body>/, `<hr>\n<div lang="fr">${bodyOf(fr.html)}</div>\n</body>`),
  };
}
