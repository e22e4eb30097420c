// The basket of SPEC §3 and §4: a local set of products a visitor means to offer, persisted with
// zustand `persist` under the storage key `basket`. Only the stored fields are kept (SPEC §3), plus
// `productListId` so the basket page can link back to the list the products came from.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { formatPrice, IMAGE_PATH, type Product } from '@wishlist/contracts';

/** SPEC §9 storage key. */
export const BASKET_STORAGE_KEY = 'basket';

/** Most products one offering may carry (the offers service accepts 1..50). */
export const BASKET_MAX_PRODUCTS = 50;

/** A product as the basket stores it. */
export interface BasketItem {
  id: string;
  name: string;
  url: string;
  /** Integer cents, or null when unknown. */
  price: number | null;
  image: string;
  /** Our resized copy of the image (`Product.picture`), when the list sent one. */
  picture?: string;
  websiteName?: string;
  hasBeenOffered?: boolean;
  isWishlisted: boolean;
  hasFocus: boolean;
  isMovable: boolean;
  /** The list it was added from (to link back to it). */
  productListId?: string;
  /** How many units this line offers (1 when absent), at most `unitsLeft`. */
  units?: number;
  /** The product's wished quantity and the units already offered, as last seen. */
  quantity?: number;
  offeredQuantity?: number;
  /** The owner's note and mark, shown in the basket. */
  note?: string;
  mostWanted?: boolean;
}

/** Most units one line may hold (the services accept 1 to 99). */
const UNITS_MAX = 99;

/** Units of a basket line's product still free to offer (at least 1: the line itself). */
export function unitsLeft(item: Pick<BasketItem, 'quantity' | 'offeredQuantity'>): number {
  return Math.min(UNITS_MAX, Math.max(1, (item.quantity ?? 1) - (item.offeredQuantity ?? 0)));
}

/** The units a line offers. */
export const unitsOf = (item: Pick<BasketItem, 'units'>): number => item.units ?? 1;

/** What `add` accepts: any product with an id (extra fields are dropped). */
export type BasketInput = Pick<Product, 'name' | 'url' | 'price' | 'image'> &
  Partial<
    Pick<
      Product,
      'picture' | 'websiteName' | 'hasBeenOffered' | 'isWishlisted' | 'hasFocus' | 'isMovable' | 'productListId' | 'quantity' | 'offeredQuantity' | 'note' | 'mostWanted'
    >
  > & {
    id?: string;
    units?: number;
  };

export interface BasketState {
  products: BasketItem[];
  /**
   * The shared list (owned by someone else) this visitor viewed last: where "Add more products"
   * leads, even with an empty basket. Kept with the basket, and not forgotten by `clear`; forgotten
   * at sign-out (`forgetList`), so the next person on this browser is not led to it.
   */
  lastListId?: string;
  /** Forgets the last viewed list; the products stay (a basket is anonymous, see the README). */
  forgetList: () => void;
  /** Remembers the shared list being viewed (an empty or non-string id is ignored). */
  rememberList: (listId: string) => void;
  /** Adds a product; ignored (returns false) when one with the same id is already there or it has no id. */
  add: (product: BasketInput) => boolean;
  remove: (id: string) => void;
  /** Sets how many units a line offers, kept from 1 to what is left; `left` updates what is left. */
  setUnits: (id: string, units: number, left?: number) => void;
  /** Removes several products at once (e.g. the ones found already offered). */
  removeMany: (ids: readonly string[]) => void;
  has: (id: string | undefined) => boolean;
  clear: () => void;
  isEmpty: () => boolean;
  count: () => number;
  /** Sum of the known prices times the units, in cents (products without a price count as zero). */
  total: () => number;
  /** The total as euros in the reader's language (`formatPrice`: `en` "€1.00", `fr` "1,00 €"). */
  formattedTotal: (language: string) => string;
}

const isString = (v: unknown): v is string => typeof v === 'string';

/** Keeps only the stored fields of a product; null when it cannot be a basket item. */
export function toBasketItem(input: unknown): BasketItem | null {
  if (!input || typeof input !== 'object') return null;
  const p = input as Record<string, unknown>;
  if (!isString(p.id) || p.id === '' || !isString(p.name)) return null;
  const price = typeof p.price === 'number' && Number.isFinite(p.price) && p.price >= 0 ? Math.round(p.price) : null;
  const item: BasketItem = {
    id: p.id,
    name: p.name,
    url: isString(p.url) ? p.url : '',
    price,
    image: isString(p.image) ? p.image : '',
    isWishlisted: true,
    hasFocus: p.hasFocus === true,
    isMovable: p.isMovable === true,
  };
  // Stored in the browser: only a path of our own picture route is kept (never another origin).
  if (isString(p.picture) && p.picture.startsWith(`${IMAGE_PATH}/`) && p.picture.length <= 4200) item.picture = p.picture;
  if (isString(p.websiteName)) item.websiteName = p.websiteName;
  if (typeof p.hasBeenOffered === 'boolean') item.hasBeenOffered = p.hasBeenOffered;
  if (isString(p.productListId) && p.productListId !== '') item.productListId = p.productListId;
  const count = (v: unknown, min: number) => (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= UNITS_MAX ? v : undefined);
  const quantity = count(p.quantity, 1);
  if (quantity !== undefined) item.quantity = quantity;
  const offered = count(p.offeredQuantity, 0);
  if (offered !== undefined) item.offeredQuantity = offered;
  if (isString(p.note) && p.note !== '') item.note = p.note.slice(0, 500);
  if (p.mostWanted === true) item.mostWanted = true;
  const units = count(p.units, 1);
  if (units !== undefined && units > 1) item.units = Math.min(units, unitsLeft(item));
  return item;
}

/** Sum of the known prices in cents, each times its units. */
export function basketTotal(products: readonly (Pick<BasketItem, 'price'> & Partial<Pick<BasketItem, 'units'>>)[]): number {
  return products.reduce((sum, p) => sum + (p.price ?? 0) * unitsOf(p), 0);
}

/** The stored last-viewed list id, when it is a plausible id (anything else is dropped). */
function sanitizeListId(stored: unknown): string | undefined {
  const id = stored && typeof stored === 'object' ? (stored as { lastListId?: unknown }).lastListId : undefined;
  return isString(id) && id !== '' && id.length <= 100 ? id : undefined;
}

/** The stored value is outside input: anything that is not a valid item is dropped, duplicates too. */
function sanitize(stored: unknown): BasketItem[] {
  const list = stored && typeof stored === 'object' ? (stored as { products?: unknown }).products : undefined;
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  const out: BasketItem[] = [];
  for (const raw of list) {
    const item = toBasketItem(raw);
    if (item && !seen.has(item.id) && out.length < BASKET_MAX_PRODUCTS) {
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

// Tolerant storage: private modes and quota errors keep the basket in memory.
const safeStorage = createJSONStorage(() => ({
  getItem: (name: string) => {
    try {
      return globalThis.localStorage?.getItem(name) ?? null;
    } catch {
      return null;
    }
  },
  setItem: (name: string, value: string) => {
    try {
      globalThis.localStorage?.setItem(name, value);
    } catch {
      /* storage unavailable */
    }
  },
  removeItem: (name: string) => {
    try {
      globalThis.localStorage?.removeItem(name);
    } catch {
      /* storage unavailable */
    }
  },
}));

export const useBasketStore = create<BasketState>()(
  persist(
    (set, get) => ({
      products: [],
      lastListId: undefined,
      rememberList: (listId) => {
        if (isString(listId) && listId !== '' && get().lastListId !== listId) set({ lastListId: listId });
      },
      forgetList: () => {
        if (get().lastListId !== undefined) set({ lastListId: undefined });
      },
      add: (product) => {
        const item = toBasketItem(product);
        if (!item || get().has(item.id) || get().products.length >= BASKET_MAX_PRODUCTS) return false;
        set((s) => ({ products: [...s.products, item] }));
        return true;
      },
      remove: (id) => {
        if (get().has(id)) set((s) => ({ products: s.products.filter((p) => p.id !== id) }));
      },
      setUnits: (id, units, left) => {
        set((s) => ({
          products: s.products.map((p) => {
            if (p.id !== id) return p;
            const seen = left === undefined ? p : { ...p, offeredQuantity: Math.max(0, (p.quantity ?? 1) - left) };
            const n = Math.min(unitsLeft(seen), Math.max(1, Math.floor(Number.isFinite(units) ? units : 1)));
            return { ...seen, units: n };
          }),
        }));
      },
      removeMany: (ids) => {
        const drop = new Set(ids);
        if (get().products.some((p) => drop.has(p.id))) set((s) => ({ products: s.products.filter((p) => !drop.has(p.id)) }));
      },
      has: (id) => id !== undefined && get().products.some((p) => p.id === id),
      clear: () => set({ products: [] }),
      isEmpty: () => get().products.length === 0,
      count: () => get().products.length,
      total: () => basketTotal(get().products),
      formattedTotal: (language) => formatPrice(basketTotal(get().products), language),
    }),
    {
      name: BASKET_STORAGE_KEY,
      storage: safeStorage,
      version: 1,
      partialize: (s) => ({ products: s.products, lastListId: s.lastListId }),
      // An empty basket keeps the very array it started with: a page hydrating the server's markup
      // compares the store with its initial state (the server's), and a new empty array would
      // render every part that shows the basket again for nothing.
      merge: (persisted, current) => {
        const products = sanitize(persisted);
        return { ...current, products: products.length === 0 && current.products.length === 0 ? current.products : products, lastListId: sanitizeListId(persisted) };
      },
      // Any other stored version is read through the same sanitizer.
      migrate: (persisted) => ({ products: sanitize(persisted), lastListId: sanitizeListId(persisted) }) as unknown as BasketState,
    },
  ),
);

// Another tab changed the basket: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === BASKET_STORAGE_KEY) void useBasketStore.persist.rehydrate();
  });
}
