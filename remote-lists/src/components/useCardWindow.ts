// Windowing of a long product grid: only the rows on screen (and one either side) are in the DOM,
// the others are held by padding of their measured (or estimated) height, so that a list of 500
// costs the page what a screenful costs. @tanstack/react-virtual does the range and measuring
// arithmetic against the window's scroll (the page scrolls, not the grid); the grid keeps its CSS
// grid layout, its <ul>/<li> structure and its cards' order.
import { useCallback, useLayoutEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';

/** Lists longer than this are windowed; shorter ones render every card (and Ctrl+F sees them). */
export const WINDOW_FROM = 24;

/** Rows rendered above and below the ones on screen. */
const OVERSCAN_ROWS = 1;

/** What the server renders and the first client render assumes: a phone in portrait. */
const INITIAL_RECT = { width: 360, height: 800 };

/** The grid's columns (SPEC §2: 2 on small screens, 3 from 1280 px, as lists.css lays them out). */
const WIDE = '(min-width: 1280px)';

function subscribeWide(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const query = window.matchMedia(WIDE);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

export function useGridColumns(): number {
  return useSyncExternalStore(
    subscribeWide,
    () => (typeof window !== 'undefined' && window.matchMedia?.(WIDE).matches ? 3 : 2),
    () => 2,
  );
}

/** A card's height before it is measured: a square picture, the name and price (lists.css). */
function estimateRow(gridWidth: number, columns: number): number {
  return Math.round(gridWidth / columns + 72);
}

export interface CardWindow {
  /** Whether the grid is windowed at all. */
  windowed: boolean;
  columns: number;
  /** The range of cards rendered: [first, end). */
  first: number;
  end: number;
  /** Space held above and below the rendered rows (px). */
  before: number;
  after: number;
  /** Call on the first card of each rendered row (with `data-row` = its row) to measure it. */
  measureRow: (el: HTMLElement | null) => void;
  /** Brings the card at `index` into the rendered range and on screen. */
  scrollToCard: (index: number) => void;
}

/**
 * The rows of `count` cards the grid renders, from the window's scroll. `always` windows a grid of
 * any length (a slide beside the one on screen: only what a swipe would bring into view).
 */
export function useCardWindow(count: number, gridRef: RefObject<HTMLElement | null>, always = false): CardWindow {
  const windowed = always || count > WINDOW_FROM;
  const columns = useGridColumns();
  const rows = Math.ceil(count / columns);
  // Where the grid starts in the page, and how wide it is: read after each render (what is above
  // it, such as the header or a notice, may change height).
  const [frame, setFrame] = useState({ top: 0, width: INITIAL_RECT.width, paddingStart: 0, paddingEnd: 0 });
  useLayoutEffect(() => {
    const el = gridRef.current;
    if (!windowed || !el) return;
    const rect = el.getBoundingClientRect();
    const top = Math.round(rect.top + window.scrollY);
    const width = Math.round(rect.width) || INITIAL_RECT.width;
    if (top === frame.top && width === frame.width) return;
    // What covers the page's edges (the sticky header, a bottom bar), as the cards' scroll margins
    // say (lists.css): a card brought on screen by the keyboard lands clear of them.
    const card = el.querySelector('.lists-card');
    const style = card ? getComputedStyle(card) : null;
    const paddingStart = Math.round(parseFloat(style?.scrollMarginTop ?? '') || 0);
    const paddingEnd = Math.round(parseFloat(style?.scrollMarginBottom ?? '') || 0);
    setFrame({ top, width, paddingStart, paddingEnd });
  });
  const gap = columns === 3 ? 16 : 12;
  const virtualizer = useWindowVirtualizer({
    count: windowed ? rows : 0,
    estimateSize: () => estimateRow(frame.width, columns),
    overscan: OVERSCAN_ROWS,
    scrollMargin: frame.top,
    scrollPaddingStart: frame.paddingStart,
    scrollPaddingEnd: frame.paddingEnd,
    gap,
    initialRect: INITIAL_RECT,
    indexAttribute: 'data-row',
    // A row is measured by the resize observer's entry, which comes after the browser has laid it
    // out. At mount there is none yet: the size already known (else the estimate) stands until it
    // comes, as reading the row's height there would force a layout of the page in the middle of
    // React's commit, once per row. A card is never 0 px tall: a zero is a row not laid out (hidden
    // slide, no layout engine), and taking it would pull every row into the window.
    measureElement: (el, entry, instance) => {
      // Browsers without borderBoxSize: read at the observer's time, when the layout is done.
      const height = entry && (entry.borderBoxSize?.[0]?.blockSize ?? el.getBoundingClientRect().height);
      if (height) return Math.round(height);
      const known = entry ? undefined : instance.itemSizeCache.get(instance.options.getItemKey(instance.indexFromElement(el)));
      return known ?? estimateRow(frame.width, columns);
    },
    enabled: windowed,
  });
  // Stable, so that the memoized cards it is passed to do not re-render for it.
  const measureRow = useCallback(
    (el: HTMLElement | null) => virtualizer.measureElement(el),
    [virtualizer],
  );
  // The last row is aligned at the top: the virtualizer takes "the end" of the last row for the
  // page's end, and below the grid lies the rest of the page (footer), which would push the row up
  // under the sticky header.
  const scrollToCard = useCallback(
    (index: number) => {
      const row = Math.floor(index / columns);
      virtualizer.scrollToIndex(row, { align: row === rows - 1 ? 'start' : 'auto' });
    },
    [virtualizer, columns, rows],
  );
  if (!windowed) return { windowed, columns, first: 0, end: count, before: 0, after: 0, measureRow, scrollToCard };
  const items = virtualizer.getVirtualItems();
  const firstRow = items[0];
  const lastRow = items[items.length - 1];
  const total = virtualizer.getTotalSize();
  return {
    windowed,
    columns,
    first: firstRow ? firstRow.index * columns : 0,
    end: lastRow ? Math.min(count, (lastRow.index + 1) * columns) : Math.min(count, columns * 4),
    before: firstRow ? Math.max(0, firstRow.start - frame.top) : 0,
    after: lastRow ? Math.max(0, total - (lastRow.end - frame.top)) : 0,
    measureRow,
    scrollToCard,
  };
}
