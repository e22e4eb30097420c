import { useId } from 'react';
import type { GiftPledgeView } from '@wishlist/api-client';
import { formatPrice } from '@wishlist/contracts';
import { useBasketT } from '../i18n';
import { ProductRow } from './ProductRow';
import '../strings/gifts';

/** The group gifts the giver chipped in for, on "My gifts": their part, the price, where it stands. */
export function GiftPledges({ pledges }: { pledges: GiftPledgeView[] }) {
  const { t, lang } = useBasketT();
  const id = useId();
  if (pledges.length === 0) return null;
  return (
    <section className="basket-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="basket-subtitle">
        {t('gifts.pledgesTitle')}
      </h2>
      <ul className="basket-list">
        {pledges.map((p) => (
          <ProductRow
            key={p.id}
            product={{ ...p.product, price: p.price }}
            note={
              <>
                {p.product.listName && <p className="basket-row__site">{t('gifts.pledgeList', { name: p.product.listName })}</p>}
                <p className="basket-row__site">{t('gifts.pledgePart', { amount: formatPrice(p.amount, lang) })}</p>
                <p className={`basket-state gift-stage gift-stage--pledge-${p.state}`}>{t(`gifts.pledgeState.${p.state}`)}</p>
              </>
            }
          />
        ))}
      </ul>
    </section>
  );
}
