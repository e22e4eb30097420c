import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ProductRow } from '../components/ProductRow';
import { GiftIcon } from '../components/Icons';
import { usePage } from '../components/usePage';
import { localizedPath } from '@wishlist/i18n';
import { useBasketT } from '../i18n';
import '../strings/created';
import { useBasketStore } from '@wishlist/stores';
import { readCreatedOffer } from '../lib/offerMemory';
import { addMorePath } from './BasketPage';
import '../styles/basket.css';

/**
 * `/offer-created/{offeringId}`: the products just offered and a message that depends on the
 * address choice. Opened elsewhere (another tab, a reload after the session ended) it shows a
 * generic confirmation.
 */
export default function OfferCreatedPage() {
  const { t, lang } = useBasketT();
  const { offeringId = '' } = useParams<{ offeringId: string }>();
  const memory = useMemo(() => readCreatedOffer(offeringId), [offeringId]);
  const heading = usePage(t('created.documentTitle'));
  const lastListId = useBasketStore((s) => s.lastListId);
  // The list these products came from first (the offer just sent), then the last one viewed.
  // The list the offered products came from first, else the last one viewed, else home.
  const home = localizedPath('home', lang);
  const fromOffer = addMorePath(memory?.products ?? [], undefined, lang);
  const back = fromOffer !== home ? fromOffer : addMorePath([], lastListId, lang);

  return (
    <div className="basket-page basket-page--narrow">
      <div className="basket-hero" aria-hidden="true">
        <GiftIcon size={40} />
      </div>
      <h1 ref={heading} tabIndex={-1} className="basket-title">
        {t('created.title')}
      </h1>
      <p className="basket-lead" data-testid="offer-created-message">
        {memory ? t(memory.isExpectingAddress ? 'created.messageExpecting' : 'created.messageKnown') : t('created.generic')}
      </p>
      {memory && memory.products.length > 0 && (
        <section aria-labelledby="offer-created-products">
          <h2 id="offer-created-products" className="basket-subtitle">
            {t('created.productsTitle')}
          </h2>
          <ul className="basket-list">
            {memory.products.map((p) => (
              <ProductRow key={p.id} product={p} />
            ))}
          </ul>
        </section>
      )}
      <p className="basket-actions-row">
        {back === home ? (
          <Link to={home} className="ui-button ui-button--secondary ui-button--md">
            <span className="ui-button__label">{t('created.home')}</span>
          </Link>
        ) : (
          <Link to={back} className="ui-button ui-button--secondary ui-button--md">
            <span className="ui-button__label">{t('created.backToList')}</span>
          </Link>
        )}
      </p>
    </div>
  );
}
