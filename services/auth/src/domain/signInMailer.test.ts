import { escapeHtml, signInMail as makeMail, type SignInRequestFacts } from './signInMailer';

const request: SignInRequestFacts = { device: { browser: 'Firefox', os: 'Android' }, requestedAt: new Date('2026-11-25T13:05:00Z'), timeZone: 'Europe/Paris' };
const signInMail = (options: Omit<Parameters<typeof makeMail>[0], 'request'> & { request?: SignInRequestFacts }) => makeMail({ request, ...options });

describe('signInMail', () => {
  const link = 'http://localhost:8080/validate-email/t1/abc_DEF-123';

  it('names the device and the time of the request, in the asker\'s time zone and the reader\'s language', () => {
    const en = signInMail({ to: 'a@b.cd', lang: 'en', link, validitySeconds: 3600 });
    const fr = signInMail({ to: 'a@b.cd', lang: 'fr', link, validitySeconds: 3600 });
    for (const body of [en.text, en.html]) {
      expect(body).toContain('A sign-in was asked for Firefox on Android on 25 November at 14:05 (Europe/Paris).');
      expect(body).toContain('Open the link only if it was you. The page will show which device it signs in and ask you to confirm');
    }
    for (const body of [fr.text, fr.html]) {
      expect(body).toContain('Une connexion a été demandée pour Firefox sur Android le 25 novembre à 14:05 (Europe/Paris).');
      expect(body).toContain('N’ouvrez le lien que si c’était vous.');
    }
  });

  it('states UTC when the time zone is unknown, and an unknown browser as such', () => {
    const mail = signInMail({
      to: 'a@b.cd',
      lang: 'en',
      link,
      validitySeconds: 3600,
      request: { device: { browser: null, os: null }, requestedAt: new Date('2026-11-25T23:30:00Z'), timeZone: null },
    });
    expect(mail.text).toContain('A sign-in was asked for an unknown browser on 25 November at 23:30 (UTC).');
    const fr = signInMail({ to: 'a@b.cd', lang: 'fr', link, validitySeconds: 3600, request: { ...request, device: { browser: null, os: 'iOS' } } });
    expect(fr.text).toContain('pour un navigateur sur iOS le');
  });

  it('escapes the device names it inserts into the HTML', () => {
    const mail = signInMail({ to: 'a@b.cd', lang: 'en', link, validitySeconds: 3600, request: { ...request, device: { browser: '<b>x</b>', os: 'A&B' } } });
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt; on A&amp;B');
  });

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
    expect(mail.text).toContain("Si vous n’avez pas demandé");
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

  // The mail and the waiting page (remote-auth checkEmails.instructions) describe the same flow: the link may be opened on any device, and the device that asked is signed in.
  it('says the link may be opened on this device or another one, in both languages', () => {
    const en = signInMail({ to: 'a@b.cd', lang: 'en', link, validitySeconds: 3600 });
    const fr = signInMail({ to: 'a@b.cd', lang: 'fr', link, validitySeconds: 3600 });
    for (const body of [en.text, en.html]) {
      expect(body).toContain('on this device or on another one');
      expect(body).toContain('the device where you asked for it is then signed in');
      expect(body).not.toMatch(/open this link on the device where/i);
    }
    for (const body of [fr.text, fr.html]) {
      expect(body).toContain('sur cet appareil ou sur un autre');
      expect(body).toContain('l’appareil sur lequel vous l’avez demandé est alors connecté');
      expect(body).not.toMatch(/ouvrez ce lien sur l.appareil où/i);
    }
  });
});
