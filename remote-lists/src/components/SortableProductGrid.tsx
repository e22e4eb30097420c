// The owner's drag-to-reorder grid (dnd-kit, ~18 kB gzip): loaded only when the page shows the
// owner's own list, never for a visitor's first view of a shared list (issue 13).
import { useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
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
import { SortableContext, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Product, ProductList } from '@wishlist/contracts';
import { useListsT } from '../i18n';
import { prefersReducedMotion } from '../lib/usePageTitle';
import { ProductCard, ProductCardPreview } from './ProductCard';
import { DRAG_ANIMATION_MS, orderAfterDrop, type CardProps } from './gridModel';


export function SortableCard({ product, selected, onSelect, tabStop, hintId, priority, onToggleReceived }: CardProps) {
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
      onToggleReceived={onToggleReceived}
      itemRef={setNodeRef}
      dragging={isDragging}
      style={{ transform: CSS.Translate.toString(transform), transition: transition ?? undefined }}
      handle={{ ref: setActivatorNodeRef, props: { ...handleAttributes, ...listeners } }}
    />
  );
}

export interface SortableGridProps {
  list: ProductList;
  ids: string[];
  cards: CardProps[];
  gridRef: RefObject<HTMLUListElement | null>;
  onKeyDown: (e: KeyboardEvent<HTMLUListElement>) => void;
  hint: ReactNode;
  onReorder: (productIds: string[]) => void;
  onMovableChange?: (movable: boolean) => void;
}

export default function SortableProductGrid({ list, ids, cards, gridRef, onKeyDown, hint, onReorder, onMovableChange }: SortableGridProps) {
  const { t } = useListsT();
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [dragged, setDragged] = useState<Product | null>(null);

  const nameOf = (id: string | number) => list.products.find((p) => p.id === id)?.name || t('product.noName');
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('product.picked', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('product.moved', { name: nameOf(active.id), position: ids.indexOf(String(over.id)) + 1, count: ids.length }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('product.dropped', { name: nameOf(active.id), position: ids.indexOf(String(over.id)) + 1 }) : t('product.cancelled', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('product.cancelled', { name: nameOf(active.id) }),
  };

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
          {cards.map((c) => (c.product.id ? <SortableCard key={c.product.id} {...c} /> : <ProductCard key={c.product.url} {...c} />))}
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
