import { memo, useCallback, useMemo, type Ref, type HTMLAttributes } from 'react';
import { formatPrice, type Product } from '@wishlist/contracts';
import { ProductPicture } from '@wishlist/ui';
import { useListsT } from '../i18n';
import { BasketIcon, GiftIcon, GripIcon, StarIcon } from './Icons';
import { GroupGiftProgress } from './GroupGiftProgress';
import { PriceTrend } from './PriceTrend';

export interface ProductCardProps {
  product: Product;
  /** The product the action bar acts on (changes on click, tap, Enter or Space only). */
  selected: boolean;
  onSelect: (product: Product) => void;
  /** Roving tab stop: the one card of the grid reached with Tab (the others with the arrow keys). */
  tabStop: boolean;
  /** Visitors: the product is already in their basket. */
  inBasket?: boolean;
  /** Id of the keyboard hint the select button is described by. */
  hintId?: string;
  /** Drag handle (owner only): the sortable's activator (a stable ref and memoized props). */
  handleRef?: Ref<HTMLButtonElement>;
  handleProps?: HTMLAttributes<HTMLButtonElement>;
  itemRef?: (el: HTMLLIElement | null) => void;
  /** Windowed grid: the first card of each rendered row is measured (`rowIndex`: that row, else undefined). */
  measureRef?: (el: HTMLElement | null) => void;
  rowIndex?: number;
  /** Windowed grid: the card's row (`data-row`), on every card (CardProps). */
  row?: number;
  /** While a drag runs: where the card is shifted to, as CSS text (strings keep the card memoizable). */
  transform?: string;
  transition?: string;
  dragging?: boolean;
  /** One of the first cards: its picture loads at once (the page's largest paint). */
  priority?: boolean;
  /** Owner only: the "Received" toggle (the owner's own mark, apart from offered). */
  onToggleReceived?: (product: Product) => void;
  /** Place among all the list's cards (1-based) and their number: a windowed grid renders a few. */
  position?: number;
  setSize?: number;
}

/** Widest a card's picture is shown (CSS px), and its width by viewport (2 columns, 3 from 1280 px). */
export const CARD_CSS_WIDTH = 480;
export const CARD_SIZES = '(min-width: 1280px) 400px, 50vw';

/**
 * The card's picture, name, price, website and badges (shared with the drag preview). Memoized: a
 * drag re-renders the cards it moves, never the pictures and texts inside them.
 */
const CardContent = memo(function CardContent({ product, inBasket, priority, owner }: { product: Product; inBasket?: boolean; priority?: boolean; owner?: boolean }) {
  const { t, lang } = useListsT();
  const name = product.name?.trim() || t('product.noName');
  const quantity = product.quantity ?? 1;
  const offered = product.hasBeenOffered ? quantity : Math.min(quantity, product.offeredQuantity ?? 0);
  // "2 of 4 offered" while some units are still wanted; "Offered" once all are.
  const partly = !product.hasBeenOffered && offered > 0;
  const note = product.note?.trim();
  return (
    <>
      <span className="lists-card__media">
        <ProductPicture image={product.image} picture={product.picture} cssWidth={CARD_CSS_WIDTH} sizes={CARD_SIZES} priority={priority} />
      </span>
      <span className="lists-card__body">
        <span className="lists-card__name" title={name}>{name}</span>
        <span className="lists-card__meta">
          <span className="lists-card__price">{formatPrice(product.price, lang)}</span>
          {product.websiteName && <span className="lists-card__site">{product.websiteName}</span>}
        </span>
        {owner && <PriceTrend product={product} />}
        {quantity > 1 && <span className="lists-card__quantity">{t('product.quantity', { count: quantity })}</span>}
        {note && (
          <span className="lists-card__note" title={note}>
            {note}
          </span>
        )}
        {product.groupGift && <GroupGiftProgress product={product} />}
      </span>
      {(product.hasBeenOffered || inBasket || partly || product.mostWanted || product.hidden) && (
        <span className="lists-card__badges">
          {product.hidden && <span className="lists-card__badge lists-card__badge--private">{t('severalLists.private')}</span>}
          {product.mostWanted && (
            <span className="lists-card__badge lists-card__badge--wanted">
              <StarIcon />
              {t('product.mostWanted')}
            </span>
          )}
          {partly && (
            <span className="lists-card__badge lists-card__badge--partly">
              <GiftIcon />
              {t('product.partlyOffered', { offered, count: quantity })}
            </span>
          )}
          {product.hasBeenOffered && (
            <span className="lists-card__badge">
              <GiftIcon />
              {t('product.offered')}
            </span>
          )}
          {inBasket && (
            <span className="lists-card__badge lists-card__badge--basket">
              <BasketIcon />
              {t('product.inBasket')}
            </span>
          )}
        </span>
      )}
    </>
  );
});

/**
 * The condensed card (the price in the reader's language): image, name, price, website, badges.
 * Hovering only highlights it; a click, a tap, Enter or Space selects it (the
 * actions never jump to a card the pointer or the keyboard merely crosses). The handle moves it.
 */
export const ProductCard = memo(function ProductCard({
  product,
  selected,
  onSelect,
  tabStop,
  inBasket,
  hintId,
  handleRef,
  handleProps,
  itemRef,
  transform,
  transition,
  dragging,
  priority,
  onToggleReceived,
  position,
  setSize,
  measureRef,
  rowIndex,
  row,
}: ProductCardProps) {
  const { t } = useListsT();
  // A drag's start renders every card again (each one's transition): the texts stay as they were.
  // A visitor's card has neither the toggle nor the handle: it asks for none of their texts.
  const received = Boolean(onToggleReceived);
  const movable = Boolean(handleProps);
  const labels = useMemo(() => {
    if (!received && !movable) return null;
    const name = product.name?.trim() || t('product.noName');
    return {
      move: movable ? t('product.move', { name }) : '',
      receivedToggle: received ? t('occasion.receivedToggle', { name }) : '',
      received: received ? t('occasion.received') : '',
    };
  }, [product.name, t, received, movable]);
  const ref = useCallback(
    (el: HTMLLIElement | null) => {
      itemRef?.(el);
      // Only a row's first card is measured (a row is as tall as its tallest card: CSS grid).
      if (!el || rowIndex !== undefined) measureRef?.(el);
    },
    [itemRef, measureRef, rowIndex],
  );
  return (
    <li
      ref={ref}
      data-row={row}
      data-product-key={product.id ?? product.url}
      style={transform || transition ? { transform, transition } : undefined}
      aria-posinset={position}
      aria-setsize={setSize}
      className={['lists-card', selected && 'lists-card--selected', product.hasBeenOffered && 'lists-card--offered', dragging && 'lists-card--dragging']
        .filter(Boolean)
        .join(' ')}
      data-product-id={product.id}
    >
      <button
        type="button"
        className="lists-card__select"
        aria-pressed={selected}
        aria-describedby={hintId}
        tabIndex={tabStop ? 0 : -1}
        onClick={() => onSelect(product)}
      >
        <CardContent product={product} inBasket={inBasket} priority={priority} owner={!!onToggleReceived} />
      </button>
      {onToggleReceived && (
        <button
          type="button"
          className="lists-card__received lists-no-swipe"
          aria-pressed={product.received === true}
          aria-label={labels?.receivedToggle}
          tabIndex={tabStop ? 0 : -1}
          onClick={() => onToggleReceived(product)}
        >
          <span className="lists-card__received-box" aria-hidden="true">
            {product.received ? '✓' : ''}
          </span>
          {labels?.received}
        </button>
      )}
      {handleProps && (
        <button
          type="button"
          ref={handleRef}
          {...handleProps}
          tabIndex={tabStop ? 0 : -1}
          className="lists-card__handle lists-no-swipe"
          aria-label={labels?.move}
          aria-describedby="lists-move-hint"
        >
          <GripIcon />
        </button>
      )}
    </li>
  );
});

/** What follows the pointer while a card is dragged (decorative: dnd-kit announces the move). */
export function ProductCardPreview({ product }: { product: Product }) {
  return (
    <div className={['lists-card', 'lists-card--selected', 'lists-card--overlay', product.hasBeenOffered && 'lists-card--offered'].filter(Boolean).join(' ')} aria-hidden="true">
      <div className="lists-card__select">
        <CardContent product={product} />
      </div>
      <span className="lists-card__handle">
        <GripIcon />
      </span>
    </div>
  );
}
