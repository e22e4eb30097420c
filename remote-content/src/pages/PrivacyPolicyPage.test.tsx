import { screen } from '@testing-library/react';
import { en, fr } from '../locales';
import { seriousViolations } from '../test/axe';
import { headingProblems, renderPage } from '../test/render';
import PrivacyPolicyPage from './PrivacyPolicyPage';

const text = (el: Element | null) => el?.textContent?.replace(/\s+/g, ' ').trim();

describe('PrivacyPolicyPage', () => {
  it('renders in English with its last-updated date', async () => {
    const { container } = await renderPage(<PrivacyPolicyPage />, { lang: 'en', path: '/en/privacy-policy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(text(container.querySelector('.content-updated'))).toBe('Last updated: 15 July 2023');
    expect(container.querySelector('time')).toHaveAttribute('dateTime', '2023-07-15');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(en.privacy.sections.length + 1); // + "More help"
    expect(screen.getByRole('link', { name: 'account deletion page' })).toHaveAttribute('href', '/delete-account');
    expect(screen.getAllByRole('link', { name: 'privacy@wishlist.example' })[0]).toHaveAttribute(
      'href',
      'mailto:privacy@wishlist.example',
    );
    for (const topic of ['affiliate', 'local storage', 'postal address', 'Device tokens', 'GDPR', 'anonymises']) {
      expect(container.textContent).toContain(topic);
    }
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('renders in French with its last-updated date', async () => {
    const { container } = await renderPage(<PrivacyPolicyPage />, { lang: 'fr', path: '/fr/politique-de-confidentialite' });
    expect(screen.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeInTheDocument();
    expect(text(container.querySelector('.content-updated'))).toBe('Dernière mise à jour : 15 juillet 2023');
    expect(screen.getByRole('link', { name: 'page de suppression du compte' })).toHaveAttribute('href', '/delete-account');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(fr.privacy.sections.length + 1);
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('links every table-of-contents entry to its section', async () => {
    const { container } = await renderPage(<PrivacyPolicyPage />, { lang: 'en' });
    const anchors = Array.from(container.querySelectorAll('.content-toc a'));
    expect(anchors).toHaveLength(en.privacy.sections.length);
    for (const a of anchors) expect(container.querySelector(a.getAttribute('href')!)).not.toBeNull();
  });
});
