import { ownerSurpriseOfferMail, ownerSurpriseWithdrawnMail, surpriseMailTexts } from './surpriseMailer';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k)).sort();
}

const offer = (lang: 'en' | 'fr', revealsAt: string | null = '2030-12-26T00:00:00.000Z') =>
  ownerSurpriseOfferMail({
    to: 'o@example.com',
    lang,
    publicUrl: 'http://w.test/',
    offeringId: 'abc',
    offererIdentity: 'Ann <b>',
    offererMessage: 'Line 1\n<script>x</script>',
    isExpectingAddress: true,
    listNames: ['Birthday', 'Birthday'],
    revealsAt,
  });

describe('surprise mails to the owner', () => {
  it('have the same texts in English and French', () => {
    expect(keysOf(surpriseMailTexts.fr)).toEqual(keysOf(surpriseMailTexts.en));
  });

  it('say who, the list, the message, when it shows and the links, escaped in HTML, in the reader language', () => {
    const en = offer('en');
    expect(en.text).toContain('“Ann <b>” wants to send you a gift from your wish list.');
    expect(en.text).toContain('Wish list: “Birthday”.');
    expect(en.text).toContain('> Line 1');
    expect(en.text).toContain('You will see what you were given from 26 December 2030.');
    expect(en.text).toContain('http://w.test/offerings/abc/refuse');
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).not.toContain('<script>');
    expect(en.html).toContain('Ann &lt;b&gt;');
    const fr = offer('fr', null);
    expect(fr.subject).toBe('Quelqu’un veut vous faire une surprise');
    expect(fr.text).toContain('quand vous le déciderez');
    expect(fr.html).toContain('<html lang="fr">');
  });

  it('tell of a withdrawal without what it was', () => {
    const mail = ownerSurpriseWithdrawnMail({ to: 'o@example.com', lang: 'fr', offererIdentity: '' });
    expect(mail.subject).toBe('Une offre surprise a été retirée');
    expect(mail.text).toContain('La personne qui voulait vous faire une surprise a retiré son offre.');
  });
});
