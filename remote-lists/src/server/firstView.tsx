// The shared-list page (`/see/{id}`) as HTML, rendered on the
// gateway with the SAME components the page renders for a visitor (ListView: header, cards with our
// `/api/images/…` srcset, prices, the action bar), from a list the gateway read as an anonymous
// browser would. Built by `npm run build` into dist/server/first-view.cjs (Node, React bundled:
// scripts/build-first-view.mjs); the gateway loads it from this remote's deployed dist, so a new
// deployment of this remote changes its snapshot with no gateway restart.
//
// The shell hydrates this markup where it can (a visitor without a session, in the snapshot's
// language); else the app renders its own page and the shell swaps the snapshot for it. Until then
// the controls here are inert (buttons do nothing, links keep their real hrefs).
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { pictureSources, type ProductList } from '@wishlist/contracts';
import { DEFAULT_LANGUAGE, createI18nInstance, isLanguage, type Language } from '@wishlist/i18n';
import { ListView } from '../components/ListView';
import { CARD_CSS_WIDTH, CARD_SIZES } from '../components/ProductCard';
import { NS, resources } from '../i18n';
import { paths } from '../lib/paths';
import { isFirstProductsOnly, sharedListData } from '../lib/firstProducts';
import { normalizeList } from '../state/normalize';

export interface SharedListSnapshotInput {
  /** The list as `GET /api/product-lists/{id}` answers it to someone not signed in (`data`). */
  list: ProductList;
  /** `en` or `fr` (anything else renders in English). */
  language: string;
}

const instances = new Map<Language, I18n>();

/** One i18next instance per language, with the same resources the app uses (common + lists). */
export function i18nFor(language: Language): I18n {
  let instance = instances.get(language);
  if (!instance) instances.set(language, (instance = createI18nInstance(language, NS, resources)));
  return instance;
}

const noop = () => undefined;

/**
 * Cards the snapshot of a long list holds: the rows a phone shows first. The grid windows a long
 * list (useCardWindow) and renders the same first screenful on the server, so the gateway's cost
 * (about 0.25 ms and ~1 kB per card) stays that of a screenful whatever the list's length; the
 * rows below are held by padding, as the app holds them.
 */
export const SNAPSHOT_CARDS = 12;

/**
 * The list as the page renders it for a visitor (the store's normalizeList): the app hydrates this
 * markup, its first render made from the same answer (the gateway puts it in the page).
 */
function sanitize(list: ProductList): ProductList {
  return normalizeList({ ...list, id: String(list.id), name: String(list.name ?? ''), isOwner: false, products: Array.isArray(list.products) ? list.products : [] });
}

/**
 * The body of `/see/{id}` for a visitor, as SharedListPage renders it once the list has arrived
 * (React escapes every text and attribute), from what the page hydrates from (sharedListData): for
 * a long list, its first screenful of cards.
 */
export function renderSharedList({ list, language }: SharedListSnapshotInput): string {
  const lang: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const shown = sanitize(sharedListData(list));
  const partialIds = isFirstProductsOnly(shown) ? [shown.id] : [];
  return withoutHoistedPreloads(renderToString(
    <I18nextProvider i18n={i18nFor(lang)}>
      <MemoryRouter initialEntries={[paths.see(shown.id)]}>
        <ListView lists={[shown]} activeIndex={0} onShowList={noop} onSelectProduct={noop} isFavorite={() => false} partialIds={partialIds} />
      </MemoryRouter>
    </I18nextProvider>,
  ));
}

/**
 * React puts `<link rel=preload>` for high-priority pictures before the markup; in a fragment placed
 * in <body> they would only repeat the gateway's own, in <head> (sharedListPreloads).
 */
export function withoutHoistedPreloads(html: string): string {
  return html.replace(/^(?:<link [^>]*\/?>)+/, '');
}

/** An image the page's first paint needs, for `<link rel=preload as=image imagesrcset imagesizes>`. */
export interface ImagePreload {
  href: string;
  imageSrcSet: string;
  imageSizes: string;
}

/** The first cards' pictures are the page's largest paint: one row on a phone (2 columns). */
export const PRELOADED_PICTURES = 2;

/** The pictures of the first cards, as the cards ask for them (same srcset and sizes). */
export function sharedListPreloads(list: ProductList, count = PRELOADED_PICTURES): ImagePreload[] {
  const products = Array.isArray(list.products) ? list.products : [];
  return products
    .slice(0, count)
    .filter((p) => typeof p.picture === 'string' && p.picture.startsWith('/'))
    .map((p) => {
      const { src, srcSet } = pictureSources(p.picture!, CARD_CSS_WIDTH);
      return { href: src, imageSrcSet: srcSet, imageSizes: CARD_SIZES };
    });
}

export { sharedListData } from '../lib/firstProducts';
