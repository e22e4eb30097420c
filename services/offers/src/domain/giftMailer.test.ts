import { formatEventDate, giftMailTexts, giftReminderMail, giftsLinkBlocks } from './giftMailer';

const keys = (value: object): string[] =>
  Object.entries(value).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v).map((sub) => `${k}.${sub}`) : [k])).sort();

describe('the gift mails', () => {
  it('have the same texts in English and French', () => {
    expect(keys(giftMailTexts.fr)).toEqual(keys(giftMailTexts.en));
  });

  it('write the date as the reader does', () => {
    expect(formatEventDate('2026-12-24', 'en')).toBe('24 December 2026');
    expect(formatEventDate('2026-12-24', 'fr')).toBe('24 décembre 2026');
  });

  it('escape names in the HTML and quote them in the text', () => {
    const mail = giftReminderMail({
      to: 'giver@example.com',
      lang: 'en',
      eventDate: '2026-12-24',
      products: [{ name: '<b>Lamp</b>', price: 1990, listName: 'Tom & <i>Jerry</i>' }],
      addressGiven: true,
      giftsHref: 'https://wishlist.test/en/my-gifts#token=abc&x="y"',
    });
    expect(mail.subject).toBe('A reminder: the occasion of your gifts is near');
    expect(mail.text).toContain('The occasion of the wish list “Tom & <i>Jerry</i>” is on 24 December 2026. You offered:');
    expect(mail.text).toContain('See my gifts: https://wishlist.test/en/my-gifts#token=abc&x="y"');
    expect(mail.html).toContain('&lt;b&gt;Lamp&lt;/b&gt;');
    expect(mail.html).toContain('Tom &amp; &lt;i&gt;Jerry&lt;/i&gt;');
    expect(mail.html).toContain('href="https://wishlist.test/en/my-gifts#token=abc&amp;x=&quot;y&quot;"');
    expect(mail.html).not.toContain('<b>Lamp');
  });

  it("give the receipt a labelled link in the giver's language", () => {
    expect(giftsLinkBlocks('fr', 'https://w.test/fr/my-gifts#token=t')).toEqual([
      { kind: 'p', text: expect.stringContaining('Gardez le fil') },
      { kind: 'button', label: 'Mes cadeaux', href: 'https://w.test/fr/my-gifts#token=t', secondary: true },
    ]);
  });
});
