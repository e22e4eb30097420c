import { forEveryone, pledgeMailTexts, pledgersCompleteMail, pledgeVerificationMail } from './pledgeMailer';
import { giverRefusedMail } from './offeringMailer';

const keys = (o: object): string[] => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v).map((s) => `${k}.${s}`) : [k])).sort();

describe('pledge mails', () => {
  it('has the same texts in English and French', () => {
    expect(keys(pledgeMailTexts.fr)).toEqual(keys(pledgeMailTexts.en));
  });

  it('mails the pledger fixed text, the amount and the link only (token in the fragment), saying when it was cut', () => {
    const mail = pledgeVerificationMail({ to: 'ann@example.com', lang: 'en', publicUrl: 'https://w.test/', pledgeId: 'P1', token: 'T'.repeat(22), amount: 2000, requested: 5000, hours: 48 });
    expect(mail.text).toContain(`https://w.test/en/pledge/P1#token=${'T'.repeat(22)}`);
    expect(mail.text).toContain('€20.00');
    expect(mail.text).toContain('You asked for €50.00');
    expect(mail.subject).toBe('Confirm your part of a group gift');
  });

  it('sends one mail to every pledger: names quoted and escaped, never at the start of a line; both languages when they differ', () => {
    const mail = pledgersCompleteMail({
      product: { name: 'Bike', price: 30000 },
      pledgers: [
        { name: '<b>Ann</b>', email: 'ann@example.com', amount: 20000, lang: 'en' },
        { name: 'Bob', email: 'bob@example.com', amount: 10000, lang: 'fr' },
      ],
    });
    expect(mail.to).toBe('ann@example.com, bob@example.com');
    expect(mail.subject).toBe('Your group gift is fully pledged / Votre cadeau commun est entièrement financé');
    expect(mail.text).toContain('Pledger “<b>Ann</b>” <ann@example.com>: €200.00');
    expect(mail.text).toContain('Participant «\u00a0Bob\u00a0» <bob@example.com>');
    expect(mail.html).not.toContain('<b>Ann</b>');
    expect(mail.html).toContain('&lt;b&gt;Ann&lt;/b&gt;');
    expect(mail.html.match(/<html/g)).toHaveLength(1);
  });

  it('keeps one language when every pledger shares it', () => {
    const mail = forEveryone([{ email: 'a@x.org', lang: 'fr' }, { email: 'b@x.org', lang: 'fr' }], (lang) => giverRefusedMail({ to: '', lang, products: [{ name: 'Bike' }] }));
    expect(mail.to).toBe('a@x.org, b@x.org');
    expect(mail.subject).toBe('Votre offre de cadeau a été déclinée');
  });
});
