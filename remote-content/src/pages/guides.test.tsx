import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { en, fr } from '../locales';
// The extension's own words (its _locales), which the guide quotes.
import extensionEn from '../../../extension/public/_locales/en/messages.json';
import extensionFr from '../../../extension/public/_locales/fr/messages.json';
import { seriousViolations } from '../test/axe';
import { headingProblems, renderPage } from '../test/render';
import HowToAddProductPage from './HowToAddProductPage';
import HowToShareWishlistPage from './HowToShareWishlistPage';
import HowToUseExtensionPage from './HowToUseExtensionPage';

const cases: Array<[string, ReactElement, 'addProduct' | 'extension' | 'share', { en: string; fr: string }]> = [
  ['HowToAddProductPage', <HowToAddProductPage key="a" />, 'addProduct', { en: '/en/how-to-add-product', fr: '/fr/comment-ajouter-un-produit' }],
  ['HowToUseExtensionPage', <HowToUseExtensionPage key="e" />, 'extension', { en: '/en/how-to-use-extension', fr: '/fr/comment-utiliser-l-extension' }],
  ['HowToShareWishlistPage', <HowToShareWishlistPage key="s" />, 'share', { en: '/en/how-to-share-wishlist', fr: '/fr/comment-partager-sa-liste' }],
];

const otherGuideLinks = {
  en: { addProduct: '/en/how-to-add-product', extension: '/en/how-to-use-extension', share: '/en/how-to-share-wishlist', android: '/how-to-use-android-app' },
  fr: { addProduct: '/fr/comment-ajouter-un-produit', extension: '/fr/comment-utiliser-l-extension', share: '/fr/comment-partager-sa-liste', android: '/how-to-use-android-app' },
};

describe.each(cases)('%s', (_name, page, key, paths) => {
  it.each(['en', 'fr'] as const)('renders in %s with its sections and cross-links', async (lang) => {
    const texts = (lang === 'en' ? en : fr).guides[key];
    const { container } = await renderPage(page, { lang, path: paths[lang] });
    expect(screen.getByRole('heading', { level: 1, name: texts.title })).toBeInTheDocument();
    for (const section of texts.sections) {
      expect(screen.getByRole('heading', { level: 2, name: section.title })).toBeInTheDocument();
      expect(container.querySelector(`#${section.id}`)).not.toBeNull();
    }
    const hrefs = Array.from(container.querySelectorAll('.content-guides a')).map((a) => a.getAttribute('href'));
    const expected = Object.entries(otherGuideLinks[lang])
      .filter(([k]) => k !== key)
      .map(([, href]) => href);
    expect(hrefs).toEqual(expected);
    expect(hrefs).not.toContain(paths[lang]);
    expect(headingProblems(container)).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('guide content', () => {
  it('explains adding from the site, the extension and Android', async () => {
    await renderPage(<HowToAddProductPage />, { lang: 'en' });
    expect(screen.getByText(/Paste the address in the field/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'extension guide' })).toHaveAttribute('href', '/en/how-to-use-extension');
    expect(screen.getByRole('link', { name: 'Android guide' })).toHaveAttribute('href', '/how-to-use-android-app');
  });

  it('explains install, pin, add and sign-in for the extension', async () => {
    await renderPage(<HowToUseExtensionPage />, { lang: 'fr' });
    for (const title of ['Installer l’extension', 'L’épingler à la barre d’outils', 'Ajouter un produit', 'La première fois\u00a0: connectez-vous']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'ajouter des produits depuis le site' })).toHaveAttribute('href', '/fr/comment-ajouter-un-produit');
  });

  it('links the extension packages the gateway serves and shows the real popup', async () => {
    await renderPage(<HowToUseExtensionPage />, { lang: 'en' });
    expect(screen.getByRole('link', { name: 'Wishlist for Chrome' })).toHaveAttribute('href', '/downloads/wishlist-chrome.zip');
    expect(screen.getByRole('link', { name: 'Wishlist for Firefox' })).toHaveAttribute('href', '/downloads/wishlist-firefox.zip');
    expect(screen.getByRole('img', { name: en.guides.extension.pictureAlt })).toBeInTheDocument();
    expect(screen.getByText('W', { selector: 'kbd' })).toBeInTheDocument();
  });

  it.each([
    ['en', extensionEn],
    ['fr', extensionFr],
  ] as const)('names the popup’s buttons and menu entry in %s word for word, as the extension says them', async (lang, messages) => {
    await renderPage(<HowToUseExtensionPage />, { lang });
    for (const key of ['signInSubmit', 'signOut', 'newListOption', 'save', 'seeInList', 'menuAdd', 'options'] as const) {
      expect(screen.getAllByText(messages[key].message, { selector: 'strong' }).length).toBeGreaterThan(0);
    }
  });

  it('explains sharing, offers, answers and favorites', async () => {
    await renderPage(<HowToShareWishlistPage />, { lang: 'en' });
    for (const title of ['Copy the link', 'What your friends see', 'The basket and the offers', 'How answers work']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(/Refuse politely/)).toBeInTheDocument();
  });
});
