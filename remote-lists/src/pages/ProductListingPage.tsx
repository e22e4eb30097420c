import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { decodeProductUrl, type Product } from '@wishlist/contracts';
import { isAuthError } from '@wishlist/api-client';
import { getBearer, notify } from '@wishlist/stores';
import { CreationPanel } from '../components/CreationPanel';
import { ListView } from '../components/ListView';
import { useSliderReady } from '../components/ListSlider';
import { PageError, PageLoading } from '../components/PageState';
import { useListsT } from '../i18n';
import { isUnreachable } from '../lib/errors';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { usePublishViewedList } from '../lib/usePublishViewedList';
import { useRevealAfterCommit } from '../lib/useRevealAfterCommit';
import { findProduct, useListsStore } from '../state/listsStore';
import '../styles/lists.css';

/**
 * `/product-list/{productListId}/{productId?}` (SPEC §2 "Product list page"): the caller's lists
 * (owned, then favorites) in a slider; the route picks the list and the focused product. A list
 * the caller does not have goes to its shared view `/see/{id}` (as does a signed-out visitor).
 */
export default function ProductListingPage() {
  const { t } = useListsT();
  const navigate = useNavigate();
  const { productListId = '', productId } = useParams();
  const [search, setSearch] = useSearchParams();
  const lists = useListsStore((s) => s.lists);
  const source = useListsStore((s) => s.source);
  const favoriteIds = useListsStore((s) => s.favoriteIds);
  const generation = useListsStore((s) => s.generation);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const loadedFor = useRef<string | null>(null);

  const mine = source?.kind === 'mine';
  const index = mine ? lists.findIndex((l) => l.id === productListId) : -1;
  const list = index >= 0 ? lists[index] : undefined;
  // The lists arrive in a blocking render (an external store's); the cards render in a
  // transition that React slices into short tasks (the spinner stays up meanwhile).
  const cardsReady = useRevealAfterCommit(Boolean(list));
  // Swiper, for several lists only: the list is drawn once it is there, inside its slide.
  const sliderReady = useSliderReady(mine ? lists.length : 0);
  const drawn = !!list && cardsReady && sliderReady;

  // Load the caller's lists when the wanted one is not among those already loaded.
  useEffect(() => {
    const state = useListsStore.getState();
    const have = state.source?.kind === 'mine' && state.lists.some((l) => l.id === productListId);
    if (have) return;
    if (loadedFor.current === `${productListId}#${attempt}#${generation}`) return;
    loadedFor.current = `${productListId}#${attempt}#${generation}`;
    if (!getBearer()) {
      navigate(paths.see(productListId), { replace: true });
      return;
    }
    let cancelled = false;
    setFailed(false);
    state.loadMine(productListId).then(
      (loaded) => {
        if (cancelled) return;
        if (!loaded.some((l) => l.id === productListId)) navigate(paths.see(productListId), { replace: true });
      },
      (e: unknown) => {
        if (cancelled) return;
        // SPEC §8: 401/403 on the sliding page → the share view of the list.
        if (isAuthError(e)) navigate(paths.see(productListId), { replace: true });
        else if (isUnreachable(e)) navigate(paths.serverError, { replace: true });
        else {
          setFailed(true);
          notify({ type: 'error', message: t('notifications.productsLoadFailed') });
        }
      },
    );
    return () => {
      cancelled = true;
      loadedFor.current = null;
    };
  }, [productListId, attempt, generation, navigate, t]);

  // The lists arrive with their first products only: the one on screen is read whole, then its
  // neighbours, so that a swipe shows theirs (one list at a time, as the person moves). Once the
  // cards are drawn: an answer landing in the store while React draws them in slices makes React
  // throw those slices away and draw every card again in one long task.
  useEffect(() => {
    if (!list || index < 0 || !drawn) return;
    const state = useListsStore.getState();
    const n = state.lists.length;
    const neighbours = n > 1 ? [state.lists[(index + 1) % n].id, state.lists[(index - 1 + n) % n].id] : [];
    const failed = (e: unknown) => {
      if (!isAuthError(e)) notify({ type: 'error', message: t('notifications.productsLoadFailed'), id: 'lists-complete-failed' });
    };
    state.completeList(list.id).then(() => Promise.all(neighbours.map((id) => useListsStore.getState().completeList(id).catch(() => undefined))), failed);
  }, [list, index, drawn, t]);

  // The product id in the route selects that product (SPEC §2).
  useEffect(() => {
    const state = useListsStore.getState();
    if (productId) state.setFocus(productId);
    else if (state.focusedProductId && !findProduct(list ? [list] : [], state.focusedProductId)) state.setFocus(null);
  }, [productId, list]);

  // Scroll the route's product into view once it is rendered (once: later changes to the list,
  // such as marking another product offered, leave the scroll alone). The shell's scroll padding
  // keeps it clear of the sticky header and of the action bar.
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!productId || !list) {
      scrolledTo.current = null;
      return;
    }
    if (!cardsReady) return;
    if (scrolledTo.current === productId) return;
    const id = CSS.escape(productId);
    const el = document.querySelector<HTMLElement>(`.swiper-slide-active [data-product-id="${id}"], [data-product-id="${id}"]`);
    if (!el) return;
    scrolledTo.current = productId;
    el.scrollIntoView?.({ block: 'nearest' });
  }, [productId, list, cardsReady]);

  usePageTitle(list?.name, t('common.siteName'));
  usePublishViewedList(list);

  const showList = useCallback(
    (i: number) => {
      const target = useListsStore.getState().lists[i];
      if (target) navigate(paths.listing(target.id));
    },
    [navigate],
  );

  const selectProduct = useCallback((product: Product) => {
    if (product.id) useListsStore.getState().setFocus(product.id);
  }, []);

  // SPEC §2: `encodedProductUrl` opens a prefilled creation panel.
  const encoded = search.get('encodedProductUrl');
  const creationUrl = decodeProductUrl(encoded);
  useEffect(() => {
    if (encoded && !creationUrl) notify({ type: 'error', message: t('creation.badLink'), id: 'lists-bad-link' });
  }, [encoded, creationUrl, t]);
  const closeCreation = () => {
    const next = new URLSearchParams(search);
    next.delete('encodedProductUrl');
    setSearch(next, { replace: true });
  };
  const onSaved = (product: Product) => {
    useListsStore.getState().upsertProduct(product);
    notify({ type: 'success', message: t('notifications.productSaved') });
    navigate(paths.listing(product.productListId, product.id), { replace: true });
  };

  if (failed) return <PageError title={t('listing.errorTitle')} text={t('listing.errorText')} onRetry={() => setAttempt((a) => a + 1)} />;
  if (!list || !drawn) return <PageLoading label={t('listing.loading')} />;

  return (
    <>
      <ListView
        lists={lists}
        activeIndex={index}
        onShowList={showList}
        onSelectProduct={selectProduct}
        isFavorite={(id) => favoriteIds.includes(id)}
        onListGone={(_id, next) => navigate(next ? paths.listing(next) : paths.lists, { replace: true })}
      />
      {creationUrl && (
        <CreationPanel
          url={creationUrl}
          productListId={list.isOwner ? list.id : lists.find((l) => l.isOwner)?.id}
          onSaved={onSaved}
          onClose={closeCreation}
        />
      )}
    </>
  );
}
