import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { Product, ProductList } from '@wishlist/contracts';
import { useBasketStore } from '@wishlist/stores';
import { useListsT } from '../i18n';
import { BarItem, openPageAction, seeBasketAction } from './CommonActions';

export interface NonOwnerActionsProps {
  /** The viewed list (never the caller's own). */
  list: ProductList;
  /** The focused product, if any. */
  product?: Product;
}

// Add to basket / remove from basket / Offer come from remote_basket_offer's
// `./BasketActions` (one basket UI, its own en/fr texts, the shared basket store), loaded through
// this container's federation runtime with the entry the gateway lists in /remotes.json. Any failure
// (or a hung remote, 5 s) leaves these two controls out; the rest of the page keeps working.
type BasketActionsProps = { product?: Product; isOwner: boolean; tabClassName?: string; tabLabelClassName?: string };
const BASKET_MODULE = 'remote_basket_offer/BasketActions';
const BASKET_ENTRY = '/remotes/basket-offer/mf-manifest.json';
const LOAD_TIMEOUT_MS = 5000;

async function basketEntry(): Promise<string> {
  try {
    const res = await fetch('/remotes.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
    const body = (await res.json()) as { remotes?: { name?: unknown; entry?: unknown }[] };
    const found = body.remotes?.find((r) => r.name === 'remote_basket_offer');
    return typeof found?.entry === 'string' ? found.entry : BASKET_ENTRY;
  } catch {
    return BASKET_ENTRY;
  }
}

async function loadBasketActions(): Promise<{ default: ComponentType<BasketActionsProps> }> {
  const load = (async () => {
    registerRemotes([{ name: 'remote_basket_offer', entry: await basketEntry() }]);
    const mod = await loadRemote<{ default?: ComponentType<BasketActionsProps> }>(BASKET_MODULE);
    if (!mod?.default) throw new Error(`${BASKET_MODULE} has no default export`);
    return { default: mod.default };
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${BASKET_MODULE} timed out`)), LOAD_TIMEOUT_MS);
  });
  try {
    return await Promise.race([load, timeout]);
  } catch (e) {
    // React.lazy keeps a rejection forever: the next mount (another page) tries again.
    BasketActions = null;
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

let BasketActions: ComponentType<BasketActionsProps> | null = null;

/**
 * On the server (the first-view snapshot) the basket's controls are not rendered: the boundary shows
 * its fallback, marked for the browser to render, so the app hydrating the snapshot renders them
 * there as it does anywhere.
 */
const OnlyInBrowser = lazy(() => new Promise<{ default: ComponentType<BasketActionsProps> }>(() => undefined));
const getBasketActions = () => (BasketActions ??= lazy(loadBasketActions));

class Quiet extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Holds the place of "Add to basket", "Offer" and the basket's note while they load (without it
 * the bar grew under the visitor's eyes, a layout shift). Invisible and hidden from assistive tech.
 */
function BasketPlaceholder() {
  // The basket's note ("Your basket is empty…") only shows while the basket is empty.
  const empty = useBasketStore((s) => s.products.length === 0);
  return (
    <>
      <span className="lists-tab lists-tab--placeholder" aria-hidden="true" />
      <span className="lists-tab lists-tab--placeholder" aria-hidden="true" />
      {empty && <span className="lists-actions__note-placeholder" aria-hidden="true" />}
    </>
  );
}

/**
 * The non-owner tabs of the listing page (SPEC §2): add to basket (disabled when the product
 * hasBeenOffered or none is selected), remove from basket when already in it, and Offer (from
 * remote_basket_offer), then the two actions every visitor has.
 */
export function NonOwnerActions({ list, product }: NonOwnerActionsProps) {
  const { t } = useListsT();
  // An archived list takes no offer: no basket controls, a word on why.
  if (list.archived) {
    return (
      <>
        <p className="lists-actions__note">{t('occasion.archivedNoOffer')}</p>
        <BarItem action={openPageAction(t, product)} />
        <BarItem action={seeBasketAction(t)} />
      </>
    );
  }
  const Basket = typeof window === 'undefined' ? OnlyInBrowser : getBasketActions();
  return (
    <>
      <Quiet>
        <Suspense fallback={<BasketPlaceholder />}>
          <Basket product={product} isOwner={false} tabClassName="lists-tab" tabLabelClassName="lists-tab__label" />
        </Suspense>
      </Quiet>
      <BarItem action={openPageAction(t, product)} />
      <BarItem action={seeBasketAction(t)} />
    </>
  );
}
