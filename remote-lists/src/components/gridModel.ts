// What the product grid and its lazily loaded sortable (dnd-kit) version share: both import it,
// neither imports the other's module for it.
import type { Product } from '@wishlist/contracts';

/** SPEC §9: drag animation. */
export const DRAG_ANIMATION_MS = 350;

/**
 * Computes the order after a drop: null when nothing moved (same index, or dropped outside).
 * Exported for the reorder handler's tests.
 */
export function orderAfterDrop(ids: string[], activeId: string, overId: string | null | undefined): string[] | null {
  if (!overId || activeId === overId) return null;
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from === -1 || to === -1 || from === to) return null;
  const next = [...ids];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}

export type CardProps = {
  product: Product;
  selected: boolean;
  onSelect: (p: Product) => void;
  tabStop: boolean;
  hintId: string;
  priority?: boolean;
  /** Owner only: the "Received" toggle of the card. */
  onToggleReceived?: (p: Product) => void;
  /** Place among all the list's cards (1-based) and their number, for screen readers. */
  position?: number;
  setSize?: number;
  /**
   * Windowed grid: the card's row. Every card carries it (`data-row`), not only the measured first
   * of its row: a card the virtualizer observes stays readable when the columns change.
   */
  row?: number;
};
