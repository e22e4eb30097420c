import { escapeHtml, signInMail } from './signInMailer';

describe('signInMail', () => {
  const link = 'http://localhost:8080/validate-email/t1/abc_DEF-123';

  it('has the subject, the link, the validity and the "ignore" line, in text and HTML (en)', () => {
    const mail = signInMail({ to: 'a@example.com', lang: 'en', link, validitySeconds: 3600 });
    expect(mail.to).toBe('a@example.com');
    expect(mail.subject).toBe('Your Wishlist sign-in link');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(link);
      expect(body).toContain('valid for 1 hour');
      expect(body).toMatch(/If you did not ask to sign in, ignore this e-mail/);
    }
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('is in French for a French speaker', () => {
    const mail = signInMail({ to: 'a@example.com', lang: 'fr', link, validitySeconds: 30 * 60 });
    expect(mail.subject).toBe('Votre lien de connexion Wishlist');
    expect(mail.text).toContain('valable 30 minutes');
    expect(mail.text).toContain("Si vous n'avez pas demandé");
    expect(mail.html).toContain('<html lang="fr">');
  });

  it('escapes what it inserts into the HTML', () => {
    const evil = 'http://x.test/validate-email/"><script>alert(1)</script>/c';
    const mail = signInMail({ to: 'a@example.com', lang: 'en', link: evil, validitySeconds: 3600 });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&quot;&gt;&lt;script&gt;');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('states other validities in minutes or hours', () => {
    expect(signInMail({ to: 'a@b.cd', lang: 'en', link, validitySeconds: 60 }).text).toContain('valid for 1 minute.');
    expect(signInMail({ to: 'a@b.cd', lang: 'en', link, validitySeconds: 7200 }).text).toContain('valid for 2 hours.');
  });
});
