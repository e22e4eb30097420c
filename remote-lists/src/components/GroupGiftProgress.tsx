import { formatPrice, type Product } from '@wishlist/contracts';
import { useListsT } from '../i18n';
import { useGroupGiftTotal } from '../lib/groupGiftTotals';

/**
 * A group gift's card line: "Group gift" and, for visitors, "€120.00 of €300.00" with a bar (the
 * owner gets no amounts from the service: the surprise is kept).
 */
export function GroupGiftProgress({ product }: { product: Product }) {
  const { t, lang } = useListsT();
  const total = useGroupGiftTotal(product.id, product.groupGift === true && !product.hasBeenOffered);
  const price = total?.price ?? product.price ?? null;
  const pledged = total?.pledged;
  const text = pledged !== undefined && price !== null ? t('product.groupGiftProgress', { pledged: formatPrice(pledged, lang), price: formatPrice(price, lang) }) : null;
  const percent = pledged !== undefined && price ? Math.min(100, Math.round((pledged / price) * 100)) : 0;
  return (
    <span className="lists-card__group-gift" data-testid="group-gift-progress">
      <span className="lists-card__group-gift-label">{t('product.groupGift')}</span>
      {text && (
        <>
          <span className="lists-card__group-gift-bar" role="progressbar" aria-label={t('product.groupGift')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={text}>
            <span style={{ width: `${percent}%` }} />
          </span>
          <span className="lists-card__group-gift-text">{text}</span>
        </>
      )}
    </span>
  );
}
