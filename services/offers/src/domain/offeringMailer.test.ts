import {
  escapeHtml,
  giverAddressMail,
  giverConfirmationMail,
  giverRefusedMail,
  giverVerificationMail,
  mailTexts,
  ownerOfferMail,
  ownerWithdrawnMail,
} from './offeringMailer';
import { pickLanguage } from './language';
import { multiLine, singleLine } from './text';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k)).sort();
}

const products = [
  { name: 'Teddy', price: 1999, websiteName: 'shop.example', listName: 'Birthday' },
  { name: 'Kite', price: null, listName: 'Birthday' },
];

describe('offering mails', () => {
  it('have the same texts in English and French', () => {
    expect(keysOf(mailTexts.fr)).toEqual(keysOf(mailTexts.en));
    for (const lang of ['en', 'fr'] as const) {
      for (const key of keysOf(mailTexts[lang])) {
        const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], mailTexts[lang]);
        if (typeof value === 'string') expect(value.trim()).not.toBe('');
        if (typeof value === 'function') expect(String((value as (n: number) => string)(24)).trim()).not.toBe('');
      }
    }
  });

  it('are all text and HTML, in the recipient language', () => {
    for (const lang of ['en', 'fr'] as const) {
      const all = [
        ownerOfferMail({ to: 'o@example.com', lang, publicUrl: 'http://w.test/', offeringId: 'abc', offererIdentity: '', offererMessage: '', isExpectingAddress: false, products }),
        giverConfirmationMail({ to: 'g@example.com', lang, isExpectingAddress: true, products }),
        giverAddressMail({ to: 'g@example.com', lang, address: 'Here', products }),
        giverRefusedMail({ to: 'g@example.com', lang, products }),
        ownerWithdrawnMail({ to: 'o@example.com', lang, products }),
      ];
      for (const mail of all) {
        expect(mail.text).toContain('Teddy');
        expect(mail.html).toContain(`<html lang="${lang}">`);
        expect(mail.html).toContain('<li><strong>Teddy</strong>');
        expect(mail.subject).not.toMatch(/[\r\n]/);
      }
      expect(all[0].text).toContain('http://w.test/offerings/abc/refuse');
      expect(all[0].text).toContain(mailTexts[lang].someone);
    }
  });

  it('verify the giver\'s address with fixed text and the link only, the code in the fragment', () => {
    for (const lang of ['en', 'fr'] as const) {
      const mail = giverVerificationMail({ to: 'g@example.com', lang, publicUrl: 'http://w.test/', offeringId: 'abc', code: 'C0de_-', hours: 24 });
      const link = `http://w.test/${lang}/offer-confirmation/abc#code=C0de_-`;
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.text).toContain(mailTexts[lang].giverVerification.intro(24));
      expect(mail.text).toContain(mailTexts[lang].giverVerification.ignore);
      expect(mail.html).toContain(`<html lang="${lang}">`);
    }
  });

  it('show prices in the recipient language, -.-- € for none', () => {
    const en = giverRefusedMail({ to: 'g@example.com', lang: 'en', products });
    expect(en.text).toContain('“Teddy” (€19.99) - shop.example');
    expect(en.html).toContain('<li><strong>Teddy</strong> (€19.99)');
    expect(en.text).toContain('“Kite” (-.-- €)');
    const fr = giverRefusedMail({ to: 'g@example.com', lang: 'fr', products });
    expect(fr.text).toMatch(/Teddy\u00a0» \(19,99\s€\)/);
    expect(fr.text).toContain('(-.-- €)');
  });

  it('give the giver one withdrawal link per offering, naming its gifts when the basket has several', () => {
    const single = giverConfirmationMail({ to: 'g@example.com', lang: 'en', isExpectingAddress: true, products, withdrawals: [{ href: 'http://w.test/en/offer-withdrawal/a#token=T', products }] });
    expect(single.text).toContain('Withdraw my offer: http://w.test/en/offer-withdrawal/a#token=T');
    expect(single.html).toContain('href="http://w.test/en/offer-withdrawal/a#token=T"');
    const mixed = giverConfirmationMail({
      to: 'g@example.com',
      lang: 'fr',
      isExpectingAddress: false,
      products,
      withdrawals: [
        { href: 'http://w.test/fr/offer-withdrawal/a#token=T1', products: [products[0]] },
        { href: 'http://w.test/fr/offer-withdrawal/b#token=T2', products: [products[1]] },
      ],
    });
    const text = mixed.text;
    expect(text.lastIndexOf('Kite')).toBeGreaterThan(text.indexOf('token=T1'));
    expect(text.indexOf('token=T2')).toBeGreaterThan(text.lastIndexOf('Kite'));
    expect(text.match(/Retirer mon offre/g)).toHaveLength(2);
    // Without links (nothing left to withdraw), no withdrawal paragraph.
    expect(giverConfirmationMail({ to: 'g@example.com', lang: 'en', isExpectingAddress: true, products }).text).not.toContain('withdraw');
  });

  it('tell the owner a withdrawn offer is free again, naming the lists', () => {
    const mail = ownerWithdrawnMail({ to: 'o@example.com', lang: 'en', products });
    expect(mail.subject).toBe('A gift offer was withdrawn');
    expect(mail.text).toContain('Wish list: “Birthday”');
    expect(mail.text).toContain('someone else may offer them');
  });

  it('names the lists in the answers to the giver', () => {
    expect(giverRefusedMail({ to: 'g@example.com', lang: 'en', products }).text).toContain('Wish list: “Birthday”');
  });

  it('escape what they insert into the HTML', () => {
    const mail = ownerOfferMail({
      to: 'o@example.com',
      lang: 'en',
      publicUrl: 'http://w.test',
      offeringId: 'a"b',
      offererIdentity: '<i>x</i>',
      offererMessage: "it's <b>me</b>",
      isExpectingAddress: true,
      products: [{ name: '"><script>alert(1)</script>', price: 1 }],
    });
    expect(mail.html).not.toMatch(/<script|<i>|<b>/);
    expect(mail.html).toContain('href="http://w.test/offerings/a%22b"');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('names in mails', () => {
  const fake = 'Kite\r\n\r\nIMPORTANT: your account is suspended.\nPay at https://evil.example/pay\n\nThe Wishlist team\u202e';
  const stored = [{ name: fake, price: 100, websiteName: 'shop\u2066.example\n', listName: `Birthday\u202e\n\nThe Wishlist team` }];

  it('keep a stored name on one quoted line that never starts a line, without controls', () => {
    for (const lang of ['en', 'fr'] as const) {
      const mails = [
        ownerOfferMail({ to: 'o@example.com', lang, publicUrl: 'http://w.test', offeringId: 'a', offererIdentity: `Grandma\n\n${fake}`, offererMessage: '', isExpectingAddress: true, products: stored }),
        giverConfirmationMail({ to: 'g@example.com', lang, isExpectingAddress: true, products: stored }),
        giverAddressMail({ to: 'g@example.com', lang, address: 'Here', products: stored }),
        giverRefusedMail({ to: 'g@example.com', lang, products: stored }),
      ];
      const q = mailTexts[lang].quote;
      const oneLine = 'Kite IMPORTANT: your account is suspended. Pay at https://evil.example/pay The Wishlist team';
      for (const mail of mails) {
        const lines = mail.text.split('\n');
        // Nothing typed starts a line: only our own signature does.
        const injected = ['IMPORTANT', 'Pay at', 'The Wishlist team', 'Kite', 'Birthday', 'Grandma'];
        expect(lines.filter((l) => injected.some((w) => l.startsWith(w)))).toEqual(lang === 'en' ? ['The Wishlist team'] : []);
        const evil = lines.filter((l) => l.includes('evil.example'));
        expect(evil.length).toBeGreaterThan(0);
        for (const line of evil) {
          expect(line.includes(q(oneLine)) || line.includes(q(`Grandma ${oneLine}`))).toBe(true);
          expect(line.startsWith(q('').slice(0, 1))).toBe(false);
        }
        expect(mail.text + mail.html).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\ufeff\r]/);
      }
      expect(mails[0].text).toContain(q(`Grandma ${oneLine}`));
      expect(mails[3].text).toContain(q('Birthday The Wishlist team'));
    }
  });

  it('delimit the giver\'s message: every line quoted with "> ", direction controls removed', () => {
    const mail = ownerOfferMail({
      to: 'o@example.com',
      lang: 'en',
      publicUrl: 'http://w.test',
      offeringId: 'a',
      offererIdentity: '',
      offererMessage: 'Hello\n\nIMPORTANT \u202epay\u202c now\nThe Wishlist team',
      isExpectingAddress: true,
      products,
    });
    expect(mail.text).toContain('> Hello\n> \n> IMPORTANT pay now\n> The Wishlist team');
    expect(mail.text).not.toMatch(/[\u202a-\u202e]/);
  });
});

describe('language and text helpers', () => {
  it('pick the body language, then Accept-Language, then the fallback', () => {
    expect(pickLanguage('fr', 'en')).toBe('fr');
    expect(pickLanguage(undefined, 'de-DE, fr;q=0.8, en;q=0.5')).toBe('fr');
    expect(pickLanguage(undefined, 'de')).toBe('en');
    expect(pickLanguage(undefined, undefined, 'fr')).toBe('fr');
    expect(pickLanguage(undefined, 'fr;q=0')).toBe('en');
  });

  it('clean typed text', () => {
    expect(singleLine('  a\r\n\tb\u0000  c ')).toBe('a b c');
    expect(multiLine(' a\r\nb\rc\n\n\n\n\nd\u0007 \u202e')).toBe('a\nb\nc\n\n\nd');
  });
});
