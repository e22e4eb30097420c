import type { CSSProperties, Ref, HTMLAttributes } from 'react';
import { NO_IMAGE_PLACEHOLDER, formatPrice, type Product } from '@wishlist/contracts';
import { useListsT } from '../i18n';
import { GiftIcon, GripIcon } from './Icons';

export interface ProductCardProps {
  product: Product;
  focused: boolean;
  onFocusProduct: (product: Product) => void;
  /** Drag handle (owner only): the sortable's activator. */
  handle?: {
    ref: Ref<HTMLButtonElement>;
    props: HTMLAttributes<HTMLButtonElement>;
  };
  itemRef?: Ref<HTMLLIElement>;
  style?: CSSProperties;
  dragging?: boolean;
}

/**
 * The condensed card (SPEC §9: price in French format): image, name, price, website, offered badge.
 * Clicking (or hovering, or keyboard focus) makes it the focused product; the handle moves it.
 */
export function ProductCard({ product, focused, onFocusProduct, handle, itemRef, style, dragging }: ProductCardProps) {
  const { t } = useListsT();
  const name = product.name?.trim() || t('product.noName');
  return (
    <li
      ref={itemRef}
      style={style}
      className={['lists-card', focused && 'lists-card--focused', product.hasBeenOffered && 'lists-card--offered', dragging && 'lists-card--dragging']
        .filter(Boolean)
        .join(' ')}
      data-product-id={product.id}
      onMouseEnter={() => onFocusProduct(product)}
    >
      <button type="button" className="lists-card__select" aria-pressed={focused} onClick={() => onFocusProduct(product)} onFocus={() => onFocusProduct(product)}>
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
        {product.hasBeenOffered && (
          <span className="lists-card__badge">
            <GiftIcon />
            {t('product.offered')}
          </span>
        )}
      </button>
      {handle && (
        <button
          type="button"
          ref={handle.ref}
          {...handle.props}
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
