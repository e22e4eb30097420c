// The owner's drag-to-reorder grid (dnd-kit, ~18 kB gzip): loaded only when the page shows the
// owner's own list, never for a visitor's first view of a shared list.
import { memo, useMemo, useState, type ReactNode } from 'react';
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


/**
 * A card that moves. Memoized, with memoized handle props and its shift passed as text: a pointer
 * move re-renders the cards dnd-kit shifts, not every card of the grid.
 */
export const SortableCard = memo(function SortableCard(props: CardProps & { rowIndex?: number; measureRef?: (el: HTMLElement | null) => void }) {
  const reduced = prefersReducedMotion();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.product.id!,
    transition: reduced ? null : { duration: DRAG_ANIMATION_MS, easing: 'cubic-bezier(0.25, 1, 0.5, 1)' },
  });
  // The handle gets its own accessible name and description; dnd-kit's role/description are dropped.
  const handleProps = useMemo(() => {
    const { role: _role, 'aria-describedby': _described, 'aria-roledescription': _roleDescription, ...rest } = attributes;
    void _role;
    void _described;
    void _roleDescription;
    return { ...rest, ...listeners };
  }, [attributes, listeners]);
  return (
    <ProductCard
      {...props}
      itemRef={setNodeRef}
      dragging={isDragging}
      transform={CSS.Translate.toString(transform) ?? undefined}
      transition={transition ?? undefined}
      handleRef={setActivatorNodeRef}
      handleProps={handleProps}
    />
  );
});

/**
 * The keyboard sensor's options, made once: a new object at each render made new sensors, new
 * handle listeners and so a full re-render of every card at each render of the grid (a drag's
 * every pointer move among them).
 */
const KEYBOARD_SENSOR_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

export interface SortableGridProps {
  list: ProductList;
  ids: string[];
  /** The grid (ProductGrid's <ul>, windowed or not) with each rendered card drawn by `card`. */
  renderGrid: (card: (c: CardProps, rowIndex: number | undefined) => ReactNode) => ReactNode;
  /** Windowed grid: measures a row's first card. */
  measureRow?: (el: HTMLElement | null) => void;
  hint: ReactNode;
  onReorder: (productIds: string[]) => void;
  onMovableChange?: (movable: boolean) => void;
}

export default function SortableProductGrid({ list, ids, renderGrid, measureRow, hint, onReorder, onMovableChange }: SortableGridProps) {
  const { t } = useListsT();
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, KEYBOARD_SENSOR_OPTIONS),
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
        {renderGrid((c, rowIndex) =>
          c.product.id ? (
            <SortableCard key={c.product.id} {...c} rowIndex={rowIndex} measureRef={measureRow} />
          ) : (
            <ProductCard key={c.product.url} {...c} rowIndex={rowIndex} measureRef={measureRow} />
          ),
        )}
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
