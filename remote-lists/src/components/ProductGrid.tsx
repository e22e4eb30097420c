import { memo, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Product, ProductList } from '@wishlist/contracts';
import { useListsT } from '../i18n';
import { ProductCard } from './ProductCard';
import { lazyOnce } from '../lib/lazyOnce';

import type { CardProps } from './gridModel';
import { useCardWindow } from './useCardWindow';

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
  /**
   * The cards the list holds when only its first products are read yet (a shared list's first
   * view): the others are held by placeholders of a card's size until they arrive.
   */
  count?: number;
  /**
   * A slide beside the one on screen (hidden, inert): whatever its length, only the rows a swipe
   * would bring into view are drawn, at the page's scroll, as a long list's window is.
   */
  offscreen?: boolean;
}

/** The owner's grid (dnd-kit), loaded only on the owner's own list. */
const sortableGrid = lazyOnce(() => import('./SortableProductGrid'));
/** For the owner's page, which imports the sortable grid with its own code (see its expose). */
export const provideSortableGrid = sortableGrid.provide;

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

/** The select button of the rendered card of `key` (a product id, or its url for one not saved). */
function selectButtonOf(grid: HTMLElement | null, key: string): HTMLElement | null {
  const card = Array.from(grid?.querySelectorAll<HTMLElement>('[data-product-key]') ?? []).find((el) => el.dataset.productKey === key);
  return card?.querySelector<HTMLElement>('.lists-card__select') ?? null;
}

/** A card not read yet: a card's size (picture, name, price), nothing to read or press. */
function CardPlaceholder({ row, measureRef }: { row?: number; measureRef?: (el: HTMLElement | null) => void }) {
  return (
    <li className="lists-card lists-card--placeholder" data-row={row} ref={measureRef} aria-hidden="true">
      <span className="lists-card__media" />
      <span className="lists-card__body">
        <span className="lists-card__name">{'\u00a0'}</span>
        <span className="lists-card__meta">{'\u00a0'}</span>
      </span>
    </li>
  );
}

/** Cards above the fold on a phone and a desktop: their pictures load first. */
const PRIORITY_CARDS = 4;

/**
 * SPEC §2 grid (2 columns on small screens, 3 on extra-large); drag reorder with a handle for owners.
 * The cards are one tab stop (roving tabindex): the arrow keys, Home and End move between them,
 * Enter or Space selects one, and Tab from there goes to its handle, then to the action bar.
 * A long list is windowed (useCardWindow): the arrow keys still walk every card in the list's
 * order, bringing the next one in when it is outside the rendered rows, and each card tells its
 * place among all of them (aria-posinset/setsize); the list is labelled with its size.
 * Memoized: a change of one list (a drop, a drag's start) renders its grid again, not the grids of
 * the slides beside it, each with its window to measure.
 */
export const ProductGrid = memo(function ProductGrid({ list, selectedProductId, onSelectProduct, basketIds, onReorder, onMovableChange, onToggleReceived, count, offscreen = false }: ProductGridProps) {
  const { t } = useListsT();
  const hintId = useId();
  const gridRef = useRef<HTMLUListElement>(null);
  const products = list.products;
  const ids = useMemo(() => products.map((p) => p.id!).filter(Boolean), [products]);
  const keys = useMemo(() => products.map((p) => p.id ?? p.url), [products]);
  const total = Math.max(products.length, count ?? 0);
  const cardWindow = useCardWindow(total, gridRef, offscreen);
  const { windowed, first, end, columns } = cardWindow;
  // The tab stop: the selected card, else the last one reached with the arrows, else the first;
  // in a windowed grid, the first rendered card when that one is out of the rendered rows.
  const [roving, setRoving] = useState<string | null>(null);
  useEffect(() => {
    if (selectedProductId) setRoving(selectedProductId);
  }, [selectedProductId]);
  const wanted = [selectedProductId, roving].find((id) => id && keys.includes(id)) ?? keys[0];
  const wantedAt = keys.indexOf(wanted);
  const tabStop = wantedAt >= first && wantedAt < end ? wanted : keys[first];

  // A card reached with the keyboard outside the rendered rows: focused once it is rendered. A
  // focused card scrolled out of the window (wheel, Page Down) leaves the DOM: the focus stays in
  // the grid, on its tab stop, instead of falling back to the page's top.
  // `from` is the card that had the focus when the key was pressed: a key pressed again before the
  // card it leads to is rendered still comes from that card, and goes on from the one on its way.
  const pendingFocus = useRef<{ id: string; from: string } | null>(null);
  const hadFocus = useRef(false);
  useLayoutEffect(() => {
    const id = pendingFocus.current?.id;
    if (id) {
      const button = selectButtonOf(gridRef.current, id);
      if (!button) return;
      pendingFocus.current = null;
      button.focus();
      return;
    }
    const lost = hadFocus.current && windowed && (document.activeElement === null || document.activeElement === document.body);
    if (lost && tabStop !== undefined) selectButtonOf(gridRef.current, tabStop)?.focus({ preventScroll: true });
  });

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const target = e.target as HTMLElement;
    if (!target.classList.contains('lists-card__select') || e.altKey || e.ctrlKey || e.metaKey) return;
    if (!['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    const focused = target.closest<HTMLElement>('[data-product-key]')?.dataset.productKey;
    const pending = pendingFocus.current;
    const key = pending && pending.from === focused ? pending.id : focused;
    const from = key === undefined ? -1 : keys.indexOf(key);
    if (from === -1) return;
    e.preventDefault();
    const buttons = windowed ? [] : Array.from(gridRef.current?.querySelectorAll<HTMLElement>('.lists-card__select') ?? []);
    const to = cardIndexAfterKey(e.key, from, keys.length, windowed ? columns : columnsOf(buttons));
    if (to === from) return;
    const id = keys[to];
    setRoving(id);
    const button = selectButtonOf(gridRef.current, id);
    if (button) {
      pendingFocus.current = null;
      button.focus();
      return;
    }
    pendingFocus.current = { id, from: focused! };
    cardWindow.scrollToCard(to);
  };

  // A windowed grid's row of a card; its first card is measured (a row is as tall as its tallest card: CSS grid).
  const rowOf = (index: number) => (windowed ? Math.floor(index / columns) : undefined);
  const measured = (index: number) => windowed && index % columns === 0;
  const cardProps: CardProps[] = [];
  for (let index = first; index < Math.min(end, products.length); index++) {
    const p = products[index];
    cardProps.push({
      product: p,
      selected: !!p.id && p.id === selectedProductId,
      onSelect: onSelectProduct,
      tabStop: keys[index] === tabStop,
      hintId,
      priority: index < PRIORITY_CARDS,
      onToggleReceived,
      position: windowed ? index + 1 : undefined,
      setSize: windowed ? total : undefined,
      row: rowOf(index),
    });
  }
  const placeholders: ReactNode[] = [];
  for (let index = Math.max(first, products.length); index < end; index++) {
    placeholders.push(<CardPlaceholder key={`placeholder-${index}`} row={rowOf(index)} measureRef={measured(index) ? cardWindow.measureRow : undefined} />);
  }
  const hint = (
    <p id={hintId} className="ui-visually-hidden">
      {t('product.keysHint')}
    </p>
  );

  // The rows out of the window are held by padding (the grid's own 0.25rem padding kept).
  const style = windowed
    ? { paddingTop: `calc(var(--space-1, 0.25rem) + ${cardWindow.before}px)`, paddingBottom: `calc(var(--space-1, 0.25rem) + ${cardWindow.after}px)` }
    : undefined;
  const label = windowed ? t('product.gridLabel', { count: total }) : undefined;
  const rowStart = (c: CardProps) => (c.position !== undefined && measured(c.position - 1) ? c.row : undefined);
  const renderGrid = (card: (c: CardProps, rowIndex: number | undefined) => ReactNode) => (
    <ul
      className="lists-grid"
      ref={gridRef}
      onKeyDown={onKeyDown}
      onFocus={() => (hadFocus.current = true)}
      // Focus leaving the grid (to another control, or to nothing on a click beside it). A card
      // removed from the DOM while focused fires no blur, so that case keeps `hadFocus`.
      onBlur={(e) => (hadFocus.current = !!e.relatedTarget && !!gridRef.current?.contains(e.relatedTarget as Node))}
      style={style}
      aria-label={label}
      aria-busy={total > products.length || undefined}
    >
      {cardProps.map((c) => card(c, rowStart(c)))}
      {placeholders}
    </ul>
  );

  const staticGrid = (
    <>
      {renderGrid((c, rowIndex) => (
        <ProductCard
          key={c.product.id ?? c.product.url}
          {...c}
          rowIndex={rowIndex}
          measureRef={windowed ? cardWindow.measureRow : undefined}
          inBasket={!onReorder && !!c.product.id && basketIds?.has(c.product.id)}
        />
      ))}
      {hint}
    </>
  );
  if (!onReorder) return staticGrid;
  // The owner's grid: the same cards with drag handles once dnd-kit is there.
  const sortableProps = { list, ids, renderGrid, measureRow: cardWindow.measureRow, hint, onReorder, onMovableChange };
  return sortableGrid.render(sortableProps, staticGrid);
});
