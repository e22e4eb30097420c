import type { ReactNode } from 'react';
import { formatPrice } from '@wishlist/contracts';
import { ProductPicture } from '@wishlist/ui';
import { useBasketT } from '../i18n';
import '../strings/common';
import { safeProductUrl } from '../lib/paths';

export interface ProductRowData {
  id?: string;
  name: string;
  url: string;
  image: string;
  picture?: string;
  price: number | null;
  websiteName?: string;
}

/** One product as a row: picture, name (linking to its page in a new tab), shop, price, actions. */
export function ProductRow({ product, children, note }: { product: ProductRowData; children?: ReactNode; note?: ReactNode }) {
  const { t, lang } = useBasketT();
  const href = safeProductUrl(product.url);
  const site = product.websiteName || (href ? new URL(href).hostname.replace(/^www\./i, '') : '');
  return (
    <li className="basket-row">
      <ProductPicture className="basket-row__image" image={product.image} picture={product.picture} cssWidth={72} />
      <div className="basket-row__body">
        <p className="basket-row__name">
          {href ? (
            <a href={href} target="_blank" rel="noopener noreferrer nofollow" title={t('common.openProduct', { name: product.name })}>
              {product.name}
            </a>
          ) : (
            product.name
          )}
        </p>
        {site && <p className="basket-row__site">{site}</p>}
        {note}
      </div>
      <p className="basket-row__price">{formatPrice(product.price, lang)}</p>
      {children && <div className="basket-row__actions">{children}</div>}
    </li>
  );
}
