import { useMemo } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Product, ProductList } from '@wishlist/contracts';
import { useListsT } from '../i18n';
import { prefersReducedMotion } from '../lib/usePageTitle';
import { ProductCard } from './ProductCard';

/** SPEC §9: drag animation. */
export const DRAG_ANIMATION_MS = 350;

export interface ProductGridProps {
  list: ProductList;
  focusedProductId: string | null;
  onFocusProduct: (product: Product) => void;
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

function SortableCard({ product, focused, onFocusProduct }: { product: Product; focused: boolean; onFocusProduct: (p: Product) => void }) {
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
      focused={focused}
      onFocusProduct={onFocusProduct}
      itemRef={setNodeRef}
      dragging={isDragging}
      style={{ transform: CSS.Translate.toString(transform), transition: transition ?? undefined, zIndex: isDragging ? 2 : undefined }}
      handle={{ ref: setActivatorNodeRef, props: { ...handleAttributes, ...listeners } }}
    />
  );
}

/** SPEC §2 grid (2 columns on small screens, 3 on extra-large); drag reorder with a handle for owners. */
export function ProductGrid({ list, focusedProductId, onFocusProduct, onReorder, onMovableChange }: ProductGridProps) {
  const { t } = useListsT();
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => list.products.map((p) => p.id!).filter(Boolean), [list.products]);
  const nameOf = (id: string | number) => list.products.find((p) => p.id === id)?.name || t('product.noName');
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('product.picked', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('product.moved', { name: nameOf(active.id), position: ids.indexOf(String(over.id)) + 1, count: ids.length }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('product.dropped', { name: nameOf(active.id), position: ids.indexOf(String(over.id)) + 1 }) : t('product.cancelled', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('product.cancelled', { name: nameOf(active.id) }),
  };

  const cards = list.products.map((p) =>
    onReorder && p.id ? (
      <SortableCard key={p.id} product={p} focused={p.id === focusedProductId} onFocusProduct={onFocusProduct} />
    ) : (
      <ProductCard key={p.id ?? p.url} product={p} focused={!!p.id && p.id === focusedProductId} onFocusProduct={onFocusProduct} />
    ),
  );

  if (!onReorder) return <ul className="lists-grid">{cards}</ul>;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    onMovableChange?.(false);
    const next = orderAfterDrop(ids, String(active.id), over ? String(over.id) : null);
    if (next) onReorder(next);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('product.moveHint') } }}
      onDragStart={() => onMovableChange?.(true)}
      onDragEnd={onDragEnd}
      onDragCancel={() => onMovableChange?.(false)}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ul className="lists-grid">{cards}</ul>
      </SortableContext>
      <p id="lists-move-hint" className="ui-visually-hidden">
        {t('product.moveHint')}
      </p>
    </DndContext>
  );
}
