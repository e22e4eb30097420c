import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Product, ProductList } from '@wishlist/contracts';
import { useListsT } from '../i18n';
import { prefersReducedMotion } from '../lib/usePageTitle';
import { ProductCard, ProductCardPreview } from './ProductCard';

/** SPEC §9: drag animation. */
export const DRAG_ANIMATION_MS = 350;

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
}

/**
 * Computes the order after a drop: null when nothing moved (same index, or dropped outside).
 * Exported for the reorder handler's tests.
 */
export function orderAfterDrop(ids: string[], activeId: string, overId: string | null | undefined): string[] | null {
  if (!overId || activeId === overId) return null;
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from === -1 || to === -1 || from === to) return null;
  return arrayMove(ids, from, to);
}

type CardProps = { product: Product; selected: boolean; onSelect: (p: Product) => void; tabStop: boolean; hintId: string; priority?: boolean };

function SortableCard({ product, selected, onSelect, tabStop, hintId, priority }: CardProps) {
  const reduced = prefersReducedMotion();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: product.id!,
    transition: reduced ? null : { duration: DRAG_ANIMATION_MS, easing: 'cubic-bezier(0.25, 1, 0.5, 1)' },
  });
  // The handle gets its own accessible name and description; dnd-kit's role/description are dropped.
  const { role: _role, 'aria-describedby': _described, 'aria-roledescription': _roleDescription, ...handleAttributes } = attributes;
  void _role;
  void _described;
  void _roleDescription;
  return (
    <ProductCard
      product={product}
      selected={selected}
      onSelect={onSelect}
      tabStop={tabStop}
      hintId={hintId}
      priority={priority}
      itemRef={setNodeRef}
      dragging={isDragging}
      style={{ transform: CSS.Translate.toString(transform), transition: transition ?? undefined }}
      handle={{ ref: setActivatorNodeRef, props: { ...handleAttributes, ...listeners } }}
    />
  );
}

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

/**
 * SPEC §2 grid (2 columns on small screens, 3 on extra-large); drag reorder with a handle for owners.
 * The cards are one tab stop (roving tabindex): the arrow keys, Home and End move between them,
 * Enter or Space selects one, and Tab from there goes to its handle, then to the action bar.
 */
/** Cards above the fold on a phone and a desktop: their pictures load first. */
const PRIORITY_CARDS = 4;

export function ProductGrid({ list, selectedProductId, onSelectProduct, basketIds, onReorder, onMovableChange }: ProductGridProps) {
  const { t } = useListsT();
  const hintId = useId();
  const gridRef = useRef<HTMLUListElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => list.products.map((p) => p.id!).filter(Boolean), [list.products]);
  const [dragged, setDragged] = useState<Product | null>(null);
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

  const nameOf = (id: string | number) => list.products.find((p) => p.id === id)?.name || t('product.noName');
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('product.picked', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('product.moved', { name: nameOf(active.id), position: ids.indexOf(String(over.id)) + 1, count: ids.length }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('product.dropped', { name: nameOf(active.id), position: ids.indexOf(String(over.id)) + 1 }) : t('product.cancelled', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('product.cancelled', { name: nameOf(active.id) }),
  };

  const cards = list.products.map((p, index) => {
    const key = p.id ?? p.url;
    const common = { product: p, selected: !!p.id && p.id === selectedProductId, onSelect: onSelectProduct, tabStop: key === tabStop, hintId, priority: index < PRIORITY_CARDS };
    return onReorder && p.id ? (
      <SortableCard key={key} {...common} />
    ) : (
      <ProductCard key={key} {...common} inBasket={!!p.id && basketIds?.has(p.id)} />
    );
  });
  const hint = (
    <p id={hintId} className="ui-visually-hidden">
      {t('product.keysHint')}
    </p>
  );

  if (!onReorder)
    return (
      <>
        <ul className="lists-grid" ref={gridRef} onKeyDown={onKeyDown}>
          {cards}
        </ul>
        {hint}
      </>
    );

  const onDragStart = ({ active }: DragStartEvent) => {
    onMovableChange?.(true);
    setDragged(list.products.find((p) => p.id === active.id) ?? null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    onMovableChange?.(false);
    setDragged(null);
    const next = orderAfterDrop(ids, String(active.id), over ? String(over.id) : null);
    if (next) onReorder(next);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('product.moveHint') } }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        onMovableChange?.(false);
        setDragged(null);
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ul className="lists-grid" ref={gridRef} onKeyDown={onKeyDown}>
          {cards}
        </ul>
      </SortableContext>
      {hint}
      <p id="lists-move-hint" className="ui-visually-hidden">
        {t('product.moveHint')}
      </p>
      {/* The dragged card follows the pointer above the page: the slider (overflow hidden,
          transformed) would clip it, so the overlay lives in <body>. */}
      {typeof document !== 'undefined' &&
        createPortal(
          <DragOverlay className="lists-drag-overlay" dropAnimation={prefersReducedMotion() ? null : { duration: DRAG_ANIMATION_MS }}>
            {dragged ? <ProductCardPreview product={dragged} /> : null}
          </DragOverlay>,
          document.body,
        )}
    </DndContext>
  );
}
