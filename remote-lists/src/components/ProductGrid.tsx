import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Product, ProductList } from '@wishlist/contracts';
import { useListsT } from '../i18n';
import { ProductCard } from './ProductCard';
import { lazyOnce } from '../lib/lazyOnce';

import type { CardProps } from './gridModel';

export interface ProductGridProps {
  list: ProductList;
  /** The product the actions apply to. */
  selectedProductId: string | null;
  onSelectProduct: (product: Product) => void;
  /** Visitors: ids of the products in their basket (badged). */
  basketIds?: ReadonlySet<string>;
  /** Owner only: called with the new order when a product was dropped at another index. */
  onReorder?: (productIds: string[]) => void;
  onMovableChange?: (movable: boolean) => void;
  /** Owner only: toggles the product's "Received" mark. */
  onToggleReceived?: (product: Product) => void;
}

/** The owner's grid (dnd-kit), loaded only on the owner's own list. */
const sortableGrid = lazyOnce(() => import('./SortableProductGrid'));
export const loadSortableGrid = sortableGrid.load;

/** Number of columns the grid shows (the cards on the first card's row). */
function columnsOf(buttons: HTMLElement[]): number {
  if (buttons.length === 0) return 1;
  const top = buttons[0].getBoundingClientRect().top;
  const n = buttons.filter((b) => Math.abs(b.getBoundingClientRect().top - top) < 2).length;
  return Math.max(1, n);
}

/** The card the arrow key leads to from `from` (no wrap: the edges stop), or `from`. */
export function cardIndexAfterKey(key: string, from: number, count: number, columns: number): number {
  switch (key) {
    case 'ArrowRight':
      return Math.min(count - 1, from + 1);
    case 'ArrowLeft':
      return Math.max(0, from - 1);
    case 'ArrowDown':
      return from + columns < count ? from + columns : from;
    case 'ArrowUp':
      return from - columns >= 0 ? from - columns : from;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return from;
  }
}

/** Cards above the fold on a phone and a desktop: their pictures load first. */
const PRIORITY_CARDS = 4;

/**
 * SPEC §2 grid (2 columns on small screens, 3 on extra-large); drag reorder with a handle for owners.
 * The cards are one tab stop (roving tabindex): the arrow keys, Home and End move between them,
 * Enter or Space selects one, and Tab from there goes to its handle, then to the action bar.
 */
export function ProductGrid({ list, selectedProductId, onSelectProduct, basketIds, onReorder, onMovableChange, onToggleReceived }: ProductGridProps) {
  const { t } = useListsT();
  const hintId = useId();
  const gridRef = useRef<HTMLUListElement>(null);
  const ids = useMemo(() => list.products.map((p) => p.id!).filter(Boolean), [list.products]);
  // The tab stop: the selected card, else the last one reached with the arrows, else the first.
  const [roving, setRoving] = useState<string | null>(null);
  useEffect(() => {
    if (selectedProductId) setRoving(selectedProductId);
  }, [selectedProductId]);
  const keys = list.products.map((p) => p.id ?? p.url);
  const tabStop = [selectedProductId, roving].find((id) => id && keys.includes(id)) ?? keys[0];

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const target = e.target as HTMLElement;
    if (!target.classList.contains('lists-card__select') || e.altKey || e.ctrlKey || e.metaKey) return;
    if (!['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    const buttons = Array.from(gridRef.current?.querySelectorAll<HTMLElement>('.lists-card__select') ?? []);
    const from = buttons.indexOf(target);
    if (from === -1) return;
    e.preventDefault();
    const to = cardIndexAfterKey(e.key, from, buttons.length, columnsOf(buttons));
    if (to === from) return;
    const id = buttons[to].closest<HTMLElement>('[data-product-id]')?.dataset.productId;
    if (id) setRoving(id);
    buttons[to].focus();
  };

  const cardProps: CardProps[] = list.products.map((p, index) => ({
    product: p,
    selected: !!p.id && p.id === selectedProductId,
    onSelect: onSelectProduct,
    tabStop: (p.id ?? p.url) === tabStop,
    hintId,
    priority: index < PRIORITY_CARDS,
    onToggleReceived,
  }));
  const hint = (
    <p id={hintId} className="ui-visually-hidden">
      {t('product.keysHint')}
    </p>
  );

  const staticGrid = (
    <>
      <ul className="lists-grid" ref={gridRef} onKeyDown={onKeyDown}>
        {cardProps.map((c) => (
          <ProductCard key={c.product.id ?? c.product.url} {...c} inBasket={!onReorder && !!c.product.id && basketIds?.has(c.product.id)} />
        ))}
      </ul>
      {hint}
    </>
  );
  if (!onReorder) return staticGrid;
  // The owner's grid: the same cards with drag handles once dnd-kit is there.
  const sortableProps = { list, ids, cards: cardProps, gridRef, onKeyDown, hint, onReorder, onMovableChange };
  return sortableGrid.render(sortableProps, staticGrid);
}
