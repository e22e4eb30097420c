import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { decodeProductUrl } from '@wishlist/contracts';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { seriousViolations } from '../test/axe';
import { currentLocation, renderPage } from '../test/render';
import ShareTargetPage, { QUOTE_MAX } from './ShareTargetPage';

const ROUTE = '/share-target';
const open = (query: Record<string, string>, lang: 'en' | 'fr' = 'en') =>
  renderPage(<ShareTargetPage />, { path: `${ROUTE}?${new URLSearchParams(query)}`, route: ROUTE, lang });

/** The product URL the page handed over to, from /create-product/from/{encoded}/to. */
function handedOver(): string | null {
  const m = /^\/create-product\/from\/([^/]+)\/to$/.exec(currentLocation() ?? '');
  return m ? decodeProductUrl(m[1]) : null;
}

describe('/share-target (the web app manifest’s share_target)', () => {
  it('hands the link inside the shared text over to product creation from that URL, into the default list', async () => {
    await open({ title: 'Red kite', text: 'Look at this! https://shop.example/kite?colour=red&size=2 via ShopApp' });
    expect(handedOver()).toBe('https://shop.example/kite?colour=red&size=2');
  });

  it('prefers `url`, and keeps accents, ? and &', async () => {
    await open({ url: 'https://boutique.example/théière?couleur=bleu&taille=M', text: 'https://other.example/x' });
    expect(handedOver()).toBe('https://boutique.example/théière?couleur=bleu&taille=M');
  });

  it('falls back to the title', async () => {
    await open({ title: 'Kite https://shop.example/t', text: 'nothing here' });
    expect(handedOver()).toBe('https://shop.example/t');
  });

  it.each([
    ['en', en.shareTarget],
    ['fr', fr.shareTarget],
  ] as const)('in %s, says there is no link and offers the manual form and the guide', async (lang, texts) => {
    const { container } = await open({ title: 'Hello', text: 'just some words, no link' }, lang);
    expect(currentLocation()).toMatch(/^\/share-target\?/);
    expect(screen.getByRole('heading', { level: 1, name: texts.title })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(texts.noLink);
    expect(screen.getByText('Hello — just some words, no link')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: texts.manual })).toHaveAttribute('href', '/create-product');
    expect(screen.getByRole('link', { name: texts.guide })).toHaveAttribute('href', '/how-to-use-android-app');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says so when nothing at all was shared', async () => {
    await open({});
    expect(screen.getByText(en.shareTarget.nothing)).toBeInTheDocument();
  });

  it('quotes at most QUOTE_MAX characters of a long share', async () => {
    await open({ text: 'word '.repeat(200) });
    const quote = document.querySelector('blockquote')!;
    expect(quote.textContent!.length).toBe(QUOTE_MAX);
    expect(quote.textContent!.endsWith('…')).toBe(true);
  });

  it('opens the manual form from the keyboard', async () => {
    const user = userEvent.setup();
    await open({ text: 'ftp://files.example/kite' });
    await user.tab();
    expect(screen.getByRole('link', { name: en.shareTarget.manual })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(currentLocation()).toBe('/create-product');
  });
});
