import type { CSSProperties, Ref, HTMLAttributes } from 'react';
import { NO_IMAGE_PLACEHOLDER, formatPrice, type Product } from '@wishlist/contracts';
import { useListsT } from '../i18n';
import { BasketIcon, GiftIcon, GripIcon } from './Icons';

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
  /** Drag handle (owner only): the sortable's activator. */
  handle?: {
    ref: Ref<HTMLButtonElement>;
    props: HTMLAttributes<HTMLButtonElement>;
  };
  itemRef?: Ref<HTMLLIElement>;
  style?: CSSProperties;
  dragging?: boolean;
}

/** The card's picture, name, price, website and badges (shared with the drag preview). */
function CardContent({ product, inBasket }: { product: Product; inBasket?: boolean }) {
  const { t } = useListsT();
  const name = product.name?.trim() || t('product.noName');
  return (
    <>
      <span className="lists-card__media">
        <img
          src={product.image || NO_IMAGE_PLACEHOLDER}
          alt=""
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={(e) => {
            const img = e.currentTarget;
            if (!img.src.endsWith(NO_IMAGE_PLACEHOLDER)) img.src = NO_IMAGE_PLACEHOLDER;
          }}
        />
      </span>
      <span className="lists-card__body">
        <span className="lists-card__name" title={name}>{name}</span>
        <span className="lists-card__meta">
          <span className="lists-card__price">{formatPrice(product.price, 'condensed')}</span>
          {product.websiteName && <span className="lists-card__site">{product.websiteName}</span>}
        </span>
      </span>
      {(product.hasBeenOffered || inBasket) && (
        <span className="lists-card__badges">
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
}

/**
 * The condensed card (SPEC §9: price in French format): image, name, price, website, badges.
 * Hovering only highlights it; a click, a tap, Enter or Space selects it (issue 11 §1: the
 * actions never jump to a card the pointer or the keyboard merely crosses). The handle moves it.
 */
export function ProductCard({ product, selected, onSelect, tabStop, inBasket, hintId, handle, itemRef, style, dragging }: ProductCardProps) {
  const { t } = useListsT();
  const name = product.name?.trim() || t('product.noName');
  return (
    <li
      ref={itemRef}
      style={style}
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
        <CardContent product={product} inBasket={inBasket} />
      </button>
      {handle && (
        <button
          type="button"
          ref={handle.ref}
          {...handle.props}
          tabIndex={tabStop ? 0 : -1}
          className="lists-card__handle lists-no-swipe"
          aria-label={t('product.move', { name })}
          aria-describedby="lists-move-hint"
        >
          <GripIcon />
        </button>
      )}
    </li>
  );
}

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
