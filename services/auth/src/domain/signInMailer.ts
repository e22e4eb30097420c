import type { Lang, Mail } from '@wishlist/service-kit';
import { describeDevice, type DeviceInfo } from './device';

/** Everything inserted into the HTML goes through this. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

interface Texts {
  subject: string;
  greeting: string;
  action: string;
  button: string;
  validity: (duration: string) => string;
  ignore: string;
  signature: string;
  duration: (minutes: number) => string;
  locale: string;
  asked: (device: string, date: string, time: string, zone: string) => string;
  confirm: string;
}

const texts: Record<Lang, Texts> = {
  en: {
    subject: 'Your Wishlist sign-in link',
    greeting: 'Hello,',
    // The device-token flow: any device may open the link; the one that asked is then signed in
    // (its waiting page says "this device or another one" too).
    action: 'To sign in to Wishlist, open this link. You can open it on this device or on another one, such as your phone: the device where you asked for it is then signed in.',
    button: 'Sign in to Wishlist',
    validity: (d) => `This link is valid for ${d}.`,
    ignore: 'If you did not ask to sign in, ignore this e-mail: nobody can use your account without this link.',
    signature: 'The Wishlist team',
    duration: (m) => (m % 60 === 0 ? `${m / 60} hour${m === 60 ? '' : 's'}` : `${m} minute${m === 1 ? '' : 's'}`),
    locale: 'en-GB',
    asked: (device, date, time, zone) => `A sign-in was asked for ${device} on ${date} at ${time} (${zone}).`,
    confirm:
      'Open the link only if it was you. The page will show which device it signs in and ask you to confirm; nothing is signed in before you do.',
  },
  fr: {
    subject: 'Votre lien de connexion Wishlist',
    greeting: 'Bonjour,',
    action:
      'Pour vous connecter à Wishlist, ouvrez ce lien. Vous pouvez l’ouvrir sur cet appareil ou sur un autre, votre téléphone par exemple\u00a0: l’appareil sur lequel vous l’avez demandé est alors connecté.',
    button: 'Me connecter à Wishlist',
    validity: (d) => `Ce lien est valable ${d}.`,
    ignore:
      "Si vous n’avez pas demandé à vous connecter, ignorez cet e-mail : personne ne peut utiliser votre compte sans ce lien.",
    signature: "L’équipe Wishlist",
    duration: (m) => (m % 60 === 0 ? `${m / 60} heure${m === 60 ? '' : 's'}` : `${m} minute${m === 1 ? '' : 's'}`),
    locale: 'fr-FR',
    asked: (device, date, time, zone) => `Une connexion a été demandée pour ${device} le ${date} à ${time} (${zone}).`,
    confirm:
      'N’ouvrez le lien que si c’était vous. La page indiquera quel appareil elle connecte et vous demandera de confirmer\u00a0; rien n’est connecté avant.',
  },
};

/** Who asked and when: the mail names them so an unexpected request stands out. */
export interface SignInRequestFacts {
  device: DeviceInfo;
  requestedAt: Date;
  /** The asker's IANA time zone; UTC (said so) when unknown. */
  timeZone: string | null;
}

function askedLine(t: Texts, lang: Lang, facts: SignInRequestFacts): string {
  const timeZone = facts.timeZone ?? 'UTC';
  const date = new Intl.DateTimeFormat(t.locale, { day: 'numeric', month: 'long', timeZone }).format(facts.requestedAt);
  const time = new Intl.DateTimeFormat(t.locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(facts.requestedAt);
  return t.asked(describeDevice(facts.device, lang), date, time, timeZone);
}

/** The sign-in (validation link) e-mail, in the person's language, text and HTML. */
export function signInMail(options: { to: string; lang: Lang; link: string; validitySeconds: number; request: SignInRequestFacts }): Mail {
  const lang: Lang = texts[options.lang] ? options.lang : 'en';
  const t = texts[lang];
  const validity = t.validity(t.duration(Math.max(1, Math.round(options.validitySeconds / 60))));
  const asked = askedLine(t, lang, options.request);
  const text = [t.greeting, '', asked, t.confirm, '', t.action, options.link, '', validity, '', t.ignore, '', t.signature, ''].join('\n');
  const link = escapeHtml(options.link);
  const html = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><title>${escapeHtml(t.subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #222; line-height: 1.5;">
<p>${escapeHtml(t.greeting)}</p>
<p><strong>${escapeHtml(asked)}</strong></p>
<p>${escapeHtml(t.confirm)}</p>
<p>${escapeHtml(t.action)}</p>
<p><a href="${link}" style="display: inline-block; padding: 10px 18px; background: #c2185b; color: #fff; text-decoration: none; border-radius: 4px;">${escapeHtml(t.button)}</a></p>
<p style="font-size: 13px; word-break: break-all;"><a href="${link}">${link}</a></p>
<p>${escapeHtml(validity)}</p>
<p style="color: #666;">${escapeHtml(t.ignore)}</p>
<p>${escapeHtml(t.signature)}</p>
</body>
</html>
`;
  return { to: options.to, subject: t.subject, text, html };
}
