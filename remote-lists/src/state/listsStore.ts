// Shared state of the list screens (the loaded lists, the focused product, the movable flag). The
// product forms (src/products/) import `useListsStore` to update the local copy after a save:
// `upsertProduct(product)`, `removeProduct(id)`, `reload()`.
import { create } from 'zustand';
import type { Product, ProductList } from '@wishlist/contracts';
import { getFavorites, getProductList, getProductLists, isApiError } from '@wishlist/api-client';
import { firstViewServedNow, takeFirstViewData } from '@wishlist/contracts';
import { useSessionStore } from '@wishlist/stores';
import { isFirstProductsOnly } from '../lib/firstProducts';
import { normalizeList, normalizeProduct } from './normalize';

export { normalizeList, normalizeProduct } from './normalize';

/** Where the loaded lists come from: the caller's own lists and favorites, or one shared list. */
export type ListsSource = { kind: 'mine' } | { kind: 'shared'; listId: string };

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ListsState {
  /** Owned lists first (oldest first), then favorites; or the one shared list. */
  lists: ProductList[];
  /** Ids of the lists the caller has in favorites (never their own). */
  favoriteIds: string[];
  source: ListsSource | null;
  status: LoadStatus;
  focusedProductId: string | null;
  /** SPEC §2: true while a product is being moved (swipe and pull-to-refresh are off). */
  isMovable: boolean;
  /** A pull-to-refresh is running. */
  refreshing: boolean;
  /** Goes up at every `reset()`: the pages showing lists load them again (as whoever is there now). */
  generation: number;
  /**
   * Lists that hold only their first products (`GET /api/product-lists` carries a preview of
   * each) or none yet (a favorite): the list page completes the one it shows, and its
   * neighbours, with `completeList`.
   */
  partialIds: string[];

  /**
   * GET /api/product-lists plus the favorites' lists; throws the ApiError (nothing changed). With
   * `wholeListId` (the list about to be shown), that list is read whole alongside, so that it is
   * shown once, whole, instead of its preview first and then again complete.
   */
  loadMine: (wholeListId?: string) => Promise<ProductList[]>;
  /** GET /api/product-lists/{id}; throws the ApiError (nothing changed). */
  loadShared: (listId: string) => Promise<ProductList>;
  /**
   * `GET /api/product-lists/{id}` for a list holding only a preview; nothing for a whole one. A
   * list gone meanwhile (404) leaves the loaded lists; other failures throw the ApiError.
   */
  completeList: (listId: string) => Promise<void>;
  /** Loads the current source again (after a save elsewhere). */
  reload: () => Promise<void>;
  /** Pull-to-refresh: reloads unless one is running; false when ignored. Throws on failure. */
  refresh: () => Promise<boolean>;

  setFocus: (productId: string | null) => void;
  setMovable: (movable: boolean) => void;
  setFavorite: (listId: string, favorite: boolean) => void;

  /** Adds or replaces a product in its lists (`productListIds`, else `productListId`); the others lose it. */
  upsertProduct: (product: Product) => void;
  removeProduct: (productId: string) => void;
  setOffered: (productId: string, hasBeenOffered: boolean) => void;
  setReceived: (productId: string, received: boolean) => void;
  /** Puts the list's products in the given order (ids not found are ignored). */
  reorder: (listId: string, productIds: string[]) => void;
  upsertList: (list: Pick<ProductList, 'id' | 'name'> & Partial<ProductList>) => void;
  removeList: (listId: string) => void;
  /** Back to nothing loaded (logout, tests). */
  reset: () => void;
}

const initial = {
  lists: [] as ProductList[],
  favoriteIds: [] as string[],
  partialIds: [] as string[],
  source: null as ListsSource | null,
  status: 'idle' as LoadStatus,
  focusedProductId: null as string | null,
  isMovable: false,
  refreshing: false,
};

const mapProducts = (lists: ProductList[], fn: (products: Product[], list: ProductList) => Product[]) =>
  lists.map((l) => {
    const products = fn(l.products, l);
    return products === l.products ? l : { ...l, products };
  });

/** Reads of whole lists under way, by generation and list id. */
const completing = new Map<string, Promise<ProductList | null>>();

/**
 * The id of the list the page came with, read by the server for this very load (firstViewServedNow):
 * the page's first loadShared of it takes that copy instead of reading the same list again while
 * the page starts (a phone's main thread busy with a second answer, its parse and comparison).
 * Any later load (a retry, a session change) reads it.
 */
let servedNow: string | null = null;

/**
 * The shared list the server rendered in the page for the app to hydrate (its first render must be
 * that markup): the store starts with it, as loadShared would have left it.
 */
function firstViewState(): Partial<typeof initial> {
  const data = takeFirstViewData();
  const list = data as ProductList | null;
  const path = typeof location === 'undefined' ? '' : location.pathname;
  if (!list || typeof list.id !== 'string' || !Array.isArray(list.products) || list.isOwner === true) return {};
  if (!path.replace(/\/$/, '').endsWith(`/see/${encodeURIComponent(list.id)}`)) return {};
  if (firstViewServedNow()) servedNow = list.id;
  // A long list comes with its first products (sharedListData): loadShared reads the rest.
  const partialIds = isFirstProductsOnly(list) ? [list.id] : [];
  return { lists: [normalizeList(list)], partialIds, source: { kind: 'shared', listId: list.id }, status: 'ready' };
}

/** A list's own fields, without its products. */
const fieldsOf = ({ products: _products, ...fields }: ProductList) => fields;

/**
 * A fresh read of the list on screen, keeping as the objects shown what did not change: the whole
 * list when nothing did (nothing re-renders), else each unchanged product, so its memoized card
 * does not render again (the rest of a long list arriving behind its first products, a reload that
 * changed one product). Each product is serialized once.
 */
function keepingShown(shown: ProductList | undefined, fresh: ProductList): ProductList {
  if (!shown || shown.id !== fresh.id) return fresh;
  const byId = new Map(shown.products.map((p) => [p.id, p]));
  let kept = 0;
  const products = fresh.products.map((p) => {
    const before = p.id === undefined ? undefined : byId.get(p.id);
    if (!before || JSON.stringify(before) !== JSON.stringify(p)) return p;
    kept += 1;
    return before;
  });
  const sameProducts = products.length === shown.products.length && products.every((p, i) => p === shown.products[i]);
  if (sameProducts && JSON.stringify(fieldsOf(shown)) === JSON.stringify(fieldsOf(fresh))) return shown;
  return kept === 0 ? fresh : { ...fresh, products };
}

export const useListsStore = create<ListsState>()((set, get) => ({
  ...initial,
  ...firstViewState(),
  generation: 0,

  loadMine: async (wholeListId) => {
    if (get().lists.length === 0 || get().source?.kind !== 'mine') set({ status: 'loading' });
    const generation = get().generation;
    // A failed read of the whole list is not the listing's failure: completeList reads it again.
    const wholeRead = wholeListId ? getProductList(wholeListId).then(normalizeList, () => null) : Promise.resolve(null);
    try {
      const [own, favorites, wholeList] = await Promise.all([getProductLists(), getFavorites().catch(() => []), wholeRead]);
      // Signed out (or in as someone else) meanwhile: these lists are not for whoever is there now.
      if (get().generation !== generation) return [];
      // Archived lists stay out of the slider (the lists page shows them apart).
      const owned = own.filter((l) => l.isOwner !== false && !l.archived).map((l) => normalizeList({ ...l, isOwner: true }));
      const ownedIds = new Set(owned.map((l) => l.id));
      const favs = (Array.isArray(favorites) ? favorites : []).filter((f) => !ownedIds.has(f.id));
      // A favorite's products are read when it is shown (one list at a time, never all at once).
      const favoriteLists = favs.map((f) => ({ id: f.id, name: f.name, isOwner: false, products: [], productCount: f.productCount }));
      const partial = [...owned.filter((l) => l.products.length < (l.productCount ?? 0)), ...favoriteLists];
      // A list already shown whole keeps its products on screen until its fresh copy arrives.
      const before = get();
      const shownWhole = before.source?.kind === 'mine' ? before.lists.filter((l) => !before.partialIds.includes(l.id)) : [];
      const previous = new Map(shownWhole.map((l) => [l.id, l]));
      const lists = [...owned, ...favoriteLists].map((l) => {
        if (wholeList && l.id === wholeList.id) return { ...l, name: wholeList.name, products: wholeList.products, productCount: wholeList.products.length };
        const shown = previous.get(l.id);
        return shown && partial.includes(l) ? { ...l, products: shown.products } : l;
      });
      const partialIds = partial.map((l) => l.id).filter((id) => id !== wholeList?.id);
      set({ lists, favoriteIds: favs.map((f) => f.id), partialIds, source: { kind: 'mine' }, status: 'ready' });
      return lists;
    } catch (e) {
      if (get().status === 'loading') set({ status: 'error' });
      throw e;
    }
  },

  completeList: async (listId) => {
    if (!get().partialIds.includes(listId)) return;
    const generation = get().generation;
    // Asked again while its read runs (the page re-renders): one read.
    const key = `${generation} ${listId}`;
    let reading = completing.get(key);
    if (!reading) {
      reading = getProductList(listId).then(normalizeList, (e: unknown) => {
        if (isApiError(e) && e.status === 404) return null;
        throw e;
      });
      completing.set(key, reading);
      void reading.then(
        () => completing.delete(key),
        () => completing.delete(key),
      );
    }
    const whole = await reading;
    const state = get();
    // Signed out meanwhile (the answer is not for whoever is there now), or already completed.
    if (state.generation !== generation || !state.partialIds.includes(listId)) return;
    const partialIds = state.partialIds.filter((id) => id !== listId);
    if (!whole) {
      set({ lists: state.lists.filter((l) => l.id !== listId), partialIds });
      return;
    }
    const { products } = whole;
    set({ lists: state.lists.map((l) => (l.id === listId ? { ...l, name: whole.name, products, productCount: products.length } : l)), partialIds });
  },

  loadShared: async (listId) => {
    const served = servedNow === listId && get().source?.kind === 'shared' ? get().lists[0] : undefined;
    servedNow = null;
    // Served whole: nothing to read. Served with its first products: they stay on screen (the
    // others' places held) while the whole list is read.
    if (served?.id === listId && !get().partialIds.includes(listId)) return served;
    if (!served) set({ status: 'loading' });
    try {
      const list = normalizeList(await getProductList(listId));
      const shown = get().source?.kind === 'shared' ? get().lists[0] : undefined;
      const next = keepingShown(shown, list);
      if (next === shown) set({ partialIds: [], source: { kind: 'shared', listId }, status: 'ready' });
      else set({ lists: [next], partialIds: [], source: { kind: 'shared', listId }, status: 'ready' });
      return next;
    } catch (e) {
      set({ status: 'error' });
      throw e;
    }
  },

  reload: async () => {
    const source = get().source;
    if (!source) return;
    if (source.kind === 'mine') await get().loadMine();
    else {
      const list = normalizeList(await getProductList(source.listId));
      set({ lists: [keepingShown(get().lists[0], list)], status: 'ready' });
    }
  },

  refresh: async () => {
    if (get().refreshing) return false;
    set({ refreshing: true });
    try {
      await get().reload();
      return true;
    } finally {
      set({ refreshing: false });
    }
  },

  setFocus: (focusedProductId) => {
    if (get().focusedProductId !== focusedProductId) set({ focusedProductId });
  },
  setMovable: (isMovable) => set({ isMovable }),
  setFavorite: (listId, favorite) =>
    set((s) => ({
      favoriteIds: favorite ? [...new Set([...s.favoriteIds, listId])] : s.favoriteIds.filter((id) => id !== listId),
    })),

  upsertProduct: (raw) => {
    const product = normalizeProduct(raw);
    // A product on several lists is in each of them, as that list's own copy.
    const on = product.productListIds?.length ? product.productListIds : [product.productListId];
    set((s) => ({
      lists: mapProducts(s.lists, (products, list) => {
        const index = products.findIndex((p) => p.id === product.id);
        if (on.includes(list.id)) {
          const here = { ...product, productListId: list.id };
          if (index === -1) return [...products, here];
          const next = products.slice();
          next[index] = here;
          return next;
        }
        return index === -1 ? products : products.filter((p) => p.id !== product.id);
      }),
    }));
  },

  removeProduct: (productId) =>
    set((s) => ({
      lists: mapProducts(s.lists, (products) =>
        products.some((p) => p.id === productId) ? products.filter((p) => p.id !== productId) : products,
      ),
      focusedProductId: s.focusedProductId === productId ? null : s.focusedProductId,
    })),

  setReceived: (productId, received) =>
    set((s) => ({
      lists: mapProducts(s.lists, (products) =>
        products.some((p) => p.id === productId) ? products.map((p) => (p.id === productId ? { ...p, received } : p)) : products,
      ),
    })),

  setOffered: (productId, hasBeenOffered) =>
    set((s) => ({
      lists: mapProducts(s.lists, (products) =>
        products.some((p) => p.id === productId)
          ? // The owner's mark covers every unit (the service does the same).
            products.map((p) => (p.id === productId ? { ...p, hasBeenOffered, offeredQuantity: hasBeenOffered ? (p.quantity ?? 1) : 0 } : p))
          : products,
      ),
    })),

  reorder: (listId, productIds) =>
    set((s) => ({
      lists: mapProducts(s.lists, (products, list) => {
        if (list.id !== listId) return products;
        const byId = new Map(products.map((p) => [p.id, p]));
        const ordered = productIds.map((id) => byId.get(id)).filter((p): p is Product => Boolean(p));
        const named = new Set(productIds);
        const rest = products.filter((p) => !named.has(p.id ?? ''));
        return [...ordered, ...rest];
      }),
    })),

  upsertList: (list) =>
    set((s) => {
      const index = s.lists.findIndex((l) => l.id === list.id);
      if (index === -1) {
        const full = normalizeList({ isOwner: true, products: [], ...list });
        // New owned lists go after the other owned ones, before the favorites.
        const firstFavorite = s.lists.findIndex((l) => !l.isOwner);
        const lists = s.lists.slice();
        lists.splice(firstFavorite === -1 ? lists.length : firstFavorite, 0, full);
        return { lists };
      }
      const lists = s.lists.slice();
      lists[index] = { ...lists[index], ...list, products: list.products ? normalizeList(list as ProductList).products : lists[index].products };
      return { lists };
    }),

  removeList: (listId) =>
    set((s) => ({
      lists: s.lists.filter((l) => l.id !== listId),
      favoriteIds: s.favoriteIds.filter((id) => id !== listId),
      partialIds: s.partialIds.filter((id) => id !== listId),
    })),

  reset: () => set((s) => ({ ...initial, generation: s.generation + 1 })),
}));

// Lists loaded as one person are never shown to another: when the bearer changes (sign-out, a
// session the server ended, another tab, a sign-in) or the session ends, what was loaded goes, and
// the page on screen loads again, signed out if so (no owner controls from a former session).
useSessionStore.subscribe((state, previous) => {
  const bearerChanged = (state.token?.bearer ?? '') !== (previous.token?.bearer ?? '');
  const sessionEnded = Boolean(previous.defaultListId) && !state.defaultListId;
  if (bearerChanged || sessionEnded) useListsStore.getState().reset();
});

/** The list holding a product, and the product. */
export function findProduct(lists: ProductList[], productId: string | null | undefined) {
  if (!productId) return undefined;
  for (const list of lists) {
    const product = list.products.find((p) => p.id === productId);
    if (product) return { list, product };
  }
  return undefined;
}
