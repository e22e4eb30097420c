import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { applyVisitorView, isDefaultView, type Product, type ProductList } from '@wishlist/contracts';
import {
  addFavorite,
  deleteProductInList,
  deleteProductList,
  isApiError,
  isSignedOutError,
  orderProducts,
  refreshDefaultListId,
  removeFavorite,
  setProductReceived,
  updateProductInList,
} from '@wishlist/api-client';
import { notify, useBasketStore, usePreferencesStore } from '@wishlist/stores';
import { ConfirmDialog } from '@wishlist/ui';
import { useListsT } from '../i18n';
import { rememberFavoriteIntent } from '../lib/favoriteIntent';
import { paths } from '../lib/paths';
import { statusOf } from '../lib/errors';
import { findProduct, useListsStore } from '../state/listsStore';
import { ListHeader } from './ListHeader';
import { ListSearch, hasListSearch, productsMatching } from './ListSearch';
import { ListSlider } from './ListSlider';
import { PlaceProductDialog, type PlaceMode } from './PlaceProductDialog';
import { ProductActions } from './ProductActions';
import { ProductGrid } from './ProductGrid';
import { PullToRefresh } from './PullToRefresh';
import { SurpriseNote } from './SurpriseNote';
import { useVisitorView, VisitorSortBar } from './VisitorSort';

export interface ListViewProps {
  lists: ProductList[];
  activeIndex: number;
  /** Show another list (arrows, swipe): the page changes the route. */
  onShowList: (index: number) => void;
  /** A product was selected (click, tap, Enter or Space on its card): the actions apply to it. */
  onSelectProduct: (product: Product) => void;
  /** The list left the local collection (deleted, or removed from favorites). */
  onListGone?: (listId: string, nextListId: string | null) => void;
  /** Whether the caller has the list in favorites (non-owners). */
  isFavorite: (listId: string) => boolean;
  /**
   * The owner previews their list as visitors see it: the list shows as to a visitor (no owner
   * controls, no favorite toggle) and the action bar explains what visitors can do instead of
   * acting (an owner never fills a basket from their own list).
   */
  preview?: { onExit: () => void };
  /**
   * The lists of which only the first products are read yet (default: the store's). The server's
   * first view renders with it, the store being the browser's.
   */
  partialIds?: readonly string[];
}

/** Stable, so that the memoized grids of the slides beside the active one do not render again. */
const setMovable = (movable: boolean) => useListsStore.getState().setMovable(movable);
/** A pull refreshes while no product is movable (SPEC §2): asked at the gesture, not rendered for. */
const pullAllowed = () => !useListsStore.getState().isMovable;

/** The list with its most wanted products first, each group in the list's order. */
export function mostWantedFirst(list: ProductList): ProductList {
  if (!list.products.some((p) => p.mostWanted)) return list;
  return { ...list, products: [...list.products.filter((p) => p.mostWanted), ...list.products.filter((p) => !p.mostWanted)] };
}

/** Owner operations of SPEC §4 and the favorite toggle, around the header, slider, grid and tabs. */
export function ListView({ lists, activeIndex, onShowList, onSelectProduct, onListGone, isFavorite, preview, partialIds: partialIdsProp }: ListViewProps) {
  const { t } = useListsT();
  const navigate = useNavigate();
  const selectedProductId = useListsStore((s) => s.focusedProductId);
  const basketProducts = useBasketStore((s) => s.products);
  const basketIds = useMemo(() => new Set(basketProducts.map((p) => p.id)), [basketProducts]);
  const refreshing = useListsStore((s) => s.refreshing);
  const storePartialIds = useListsStore((s) => s.partialIds);
  const partialIds = partialIdsProp ?? storePartialIds;
  const [removing, setRemoving] = useState<Product | null>(null);
  const [placing, setPlacing] = useState<{ product: Product; mode: PlaceMode } | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [favoriteBusy, setFavoriteBusy] = useState(false);
  const [wantedFirst, setWantedFirst] = useState(false);
  // The search of a long list, for the list it was typed on (another list starts without one).
  const [search, setSearch] = useState({ listId: '', query: '' });

  const list = lists[activeIndex];
  // A shared list shown from its first products (the server's first view) while the rest is read:
  // its count is the whole list's, and a visitor's order and budget wait for the whole list (sorting
  // what has arrived would show an order that changes again when the rest comes).
  const partial = partialIds.includes(list.id);
  const total = partial ? Math.max(list.products.length, list.productCount ?? 0) : list.products.length;
  const query = search.listId === list.id ? search.query : '';
  const searching = query.trim() !== '';
  // From the list's count, not the products read so far: an owner's list arrives as a preview of
  // its first products, and a field appearing once the rest arrives would push the grid down.
  const withSearch = hasListSearch(Math.max(list.products.length, list.productCount ?? 0));
  const found = useMemo(() => (searching ? productsMatching(list.products, query) : list.products), [searching, list.products, query]);
  const hasMostWanted = list.products.some((p) => p.mostWanted);
  // A visitor's order and budget (the query's `sort` and `max`), applied to every list they do not own.
  const [visitorView, setVisitorView] = useVisitorView();
  const visible = useMemo(() => (list.isOwner || partial ? found : applyVisitorView(found, visitorView)), [list.isOwner, partial, found, visitorView]);
  const narrowed = searching || (!list.isOwner && !partial && !isDefaultView(visitorView));
  const selected = findProduct([list], selectedProductId)?.product;
  const n = lists.length;
  // The server refuses to delete the only owned list (SPEC §5): say so before, not after.
  const ownedCount = lists.filter((l) => l.isOwner && !l.isManager).length;

  const store = useListsStore.getState;

  // SPEC §4: set optimistically before the call, not reverted on failure (failure notice).
  const toggleOffered = (product: Product) => {
    const next = !product.hasBeenOffered;
    store().setOffered(product.id!, next);
    updateProductInList(list.id, product.id!, { hasBeenOffered: next }).then(
      () => notify({ type: 'success', message: t(next ? 'notifications.offered' : 'notifications.unoffered') }),
      (e: unknown) => isSignedOutError(e) || notify({ type: 'error', message: t(next ? 'notifications.offeredFailed' : 'notifications.unofferedFailed') }),
    );
  };

  // The owner's own mark: set at once, set back if the server refuses it. Stable: the memoized
  // cards receive it.
  const toggleReceived = useCallback(
    (product: Product) => {
      const next = !product.received;
      useListsStore.getState().setReceived(product.id!, next);
      setProductReceived(product.id!, next).catch((e: unknown) => {
        useListsStore.getState().setReceived(product.id!, !next);
        if (!isSignedOutError(e)) notify({ type: 'error', message: t('occasion.receivedFailed') });
      });
    },
    [t],
  );

  const confirmRemove = async () => {
    if (!removing?.id) return;
    setRemoveBusy(true);
    try {
      await deleteProductInList(list.id, removing.id);
      // On several lists, it leaves this one only (the service does the same).
      const others = (removing.productListIds ?? []).filter((id) => id !== list.id);
      if (others.length > 0) store().upsertProduct({ ...removing, productListId: others[0], productListIds: others });
      else store().removeProduct(removing.id);
      notify({ type: 'success', message: t('notifications.productRemoved') });
      navigate(paths.listing(list.id), { replace: true });
    } catch (e) {
      if (!isSignedOutError(e)) notify({ type: 'error', message: t('notifications.productRemovalFailed') });
    } finally {
      setRemoveBusy(false);
      setRemoving(null);
    }
  };

  const nextListId = (listId: string) => {
    const rest = store().lists.filter((l) => l.id !== listId);
    if (rest.length === 0) return null;
    const at = Math.min(activeIndex, rest.length - 1);
    return rest[at].id;
  };

  const confirmDeleteList = async () => {
    setDeleteBusy(true);
    try {
      await deleteProductList(list.id);
      const next = nextListId(list.id);
      store().removeList(list.id);
      notify({ type: 'success', message: t('notifications.listRemoved') });
      // The default list is the first owned one: it may have been this one.
      void refreshDefaultListId().catch(() => undefined);
      onListGone?.(list.id, next);
    } catch (e) {
      if (isSignedOutError(e)) return;
      if (statusOf(e) === 422) notify({ type: 'error', message: t('notifications.lastList') });
      else notify({ type: 'error', message: t('notifications.listRemovalFailed') });
    } finally {
      setDeleteBusy(false);
      setConfirmDelete(false);
    }
  };

  // Stable while the list is unchanged: the memoized grid need not render again with this view.
  const reorder = useCallback(
    (productIds: string[]) => {
      const before = list.products.map((p) => p.id!);
      useListsStore.getState().reorder(list.id, productIds);
      orderProducts(list.id, productIds).then(
        () => notify({ type: 'success', message: t('notifications.reordered') }),
        (e: unknown) => {
          useListsStore.getState().reorder(list.id, before);
          if (!isSignedOutError(e)) notify({ type: 'error', message: t('notifications.reorderFailed') });
        },
      );
    },
    [list, t],
  );

  const favoriteActive = !list.isOwner && isFavorite(list.id);
  const toggleFavorite = async () => {
    setFavoriteBusy(true);
    try {
      if (favoriteActive) {
        await removeFavorite(list.id);
        store().setFavorite(list.id, false);
        notify({ type: 'success', message: t('notifications.favoriteRemoved') });
        if (onListGone) {
          const next = nextListId(list.id);
          store().removeList(list.id);
          onListGone(list.id, next);
        }
      } else {
        await addFavorite(list.id);
        store().setFavorite(list.id, true);
        notify({ type: 'success', message: t('notifications.favoriteAdded') });
      }
    } catch (e) {
      if (!favoriteActive && statusOf(e) === 401) {
        // SPEC §6: sign in first, then come back and favorite the list.
        rememberFavoriteIntent(list.id, true);
        usePreferencesStore.getState().setAuthRedirection(paths.favorite(list.id, true));
        navigate('/authenticate/favorite');
        return;
      }
      if (isSignedOutError(e)) return;
      if (isApiError(e) && e.status === 422) notify({ type: 'info', message: t('notifications.favoriteOwnList') });
      else if (!favoriteActive && statusOf(e) === 409) notify({ type: 'error', message: t('notifications.favoritesFull') });
      else notify({ type: 'error', message: t(favoriteActive ? 'notifications.favoriteRemoveFailed' : 'notifications.favoriteAddFailed') });
    } finally {
      setFavoriteBusy(false);
    }
  };

  const onRefresh = () => {
    store()
      .refresh()
      .catch((e: unknown) => isSignedOutError(e) || notify({ type: 'error', message: t('notifications.productsLoadFailed') }));
  };

  // What a slide's grid shows: the search's results on the active list, most wanted first if asked.
  const shownList = (slideList: ProductList, active: boolean): ProductList => {
    const searched = active && searching ? { ...slideList, products: found } : slideList;
    if (!slideList.isOwner) return active ? { ...slideList, products: visible } : { ...searched, products: applyVisitorView(searched.products, visitorView) };
    return wantedFirst ? mostWantedFirst(searched) : searched;
  };

  return (
    <div className="lists-view">
      <ListHeader
        list={list}
        index={activeIndex}
        count={n}
        productCount={total}
        onPrevious={() => onShowList((activeIndex - 1 + n) % n)}
        onNext={() => onShowList((activeIndex + 1) % n)}
        favorite={list.isOwner || preview ? undefined : { active: favoriteActive, busy: favoriteBusy, onToggle: () => void toggleFavorite() }}
        onDelete={list.isOwner && !list.isManager ? () => setConfirmDelete(true) : undefined}
        deleteRefusal={list.isOwner && !list.isManager && ownedCount <= 1 ? t('header.deleteOnlyList') : undefined}
        badge={preview ? t('preview.label') : undefined}
      />
      <SurpriseNote list={list} preview={Boolean(preview)} />
      {!list.isOwner && list.products.length > 1 && (
        <VisitorSortBar view={visitorView} onChange={setVisitorView} shown={partial ? total : visible.length} total={total} />
      )}
      {list.isOwner && hasMostWanted && (
        <div className="lists-sort">
          <button type="button" className="lists-sort__toggle" aria-pressed={wantedFirst} onClick={() => setWantedFirst((v) => !v)}>
            <span aria-hidden="true">★</span> {t('product.mostWantedFirst')}
          </button>
        </div>
      )}
      {withSearch && (
        <ListSearch query={query} onQueryChange={(q) => setSearch({ listId: list.id, query: q })} found={found.length} total={total} />
      )}
      <PullToRefresh enabled={pullAllowed} refreshing={refreshing} onRefresh={onRefresh}>
        <ListSlider
          lists={lists}
          activeIndex={activeIndex}
          onActiveChange={onShowList}
          renderSlide={(slideList, active) =>
            slideList.products.length === 0 && partialIds.includes(slideList.id) ? (
              <p className="lists-empty" role="status">
                {t('listing.loadingProducts')}
              </p>
            ) : slideList.products.length === 0 ? (
              <p className="lists-empty">{slideList.isOwner ? t('listing.emptyOwner') : t('listing.emptyVisitor')}</p>
            ) : active && narrowed && visible.length === 0 ? null : (
              <ProductGrid
                list={shownList(slideList, active)}
                selectedProductId={active ? selectedProductId : null}
                onSelectProduct={onSelectProduct}
                basketIds={slideList.isOwner ? undefined : basketIds}
                // The order sent must name every product of the list: only once it is read whole.
                // Nor while shown most wanted first or searched: the order on screen is not the list's.
                onReorder={
                  active && !wantedFirst && !searching && slideList.isOwner && slideList.products.length > 1 && !partialIds.includes(slideList.id) ? reorder : undefined
                }
                onMovableChange={setMovable}
                onToggleReceived={slideList.isOwner && !preview ? toggleReceived : undefined}
                count={active && !slideList.isOwner && !searching && partial ? total : undefined}
                offscreen={!active}
              />
            )
          }
        />
      </PullToRefresh>
      <ProductActions
        list={list}
        product={selected}
        onToggleOffered={toggleOffered}
        onRemove={setRemoving}
        onPlace={list.isOwner && ownedCount > 1 ? (product, mode) => setPlacing({ product, mode }) : undefined}
        preview={preview}
      />
      {placing && <PlaceProductDialog list={list} product={placing.product} mode={placing.mode} onClose={() => setPlacing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title={t('remove.title')}
        confirmLabel={t('remove.confirm')}
        cancelLabel={t('remove.cancel')}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
        busy={removeBusy}
      >
        <p>{t('remove.text', { name: removing?.name ?? '', list: list.name })}</p>
        {(removing?.productListIds?.length ?? 0) > 1 && <p>{t('severalLists.removeKeepsOthers')}</p>}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmDelete}
        title={t('deleteList.title', { name: list.name })}
        confirmLabel={t('deleteList.confirm')}
        cancelLabel={t('deleteList.cancel')}
        onConfirm={() => void confirmDeleteList()}
        onCancel={() => setConfirmDelete(false)}
        busy={deleteBusy}
      >
        <p>{t('deleteList.text')}</p>
      </ConfirmDialog>
    </div>
  );
}
